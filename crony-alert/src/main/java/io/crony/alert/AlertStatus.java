package io.crony.alert;

/** What became of one alert in the history. */
public enum AlertStatus {

	/** The channel took it. */
	SENT,
	/** Every attempt to send failed; {@code error} says why. */
	FAILED,
	/** Not sent: the same alert went out less than the minimum interval ago. */
	SUPPRESSED

}
