package io.crony.alert;

/** What became of one alert in the history. */
public enum AlertStatus {

	/** The channel took it. */
	SENT,
	/** Every attempt to send failed; {@code error} says why. */
	FAILED,
	/** Not sent: the same alert went out less than the minimum interval ago. */
	SUPPRESSED,
	/**
	 * Not sent: no channel was configured for it. Only alerts that must leave a trace
	 * anyway (UNPLACED) record it; it counts as tried for the rate limit.
	 */
	NO_CHANNEL

}
