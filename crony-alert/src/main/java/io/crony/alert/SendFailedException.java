package io.crony.alert;

/**
 * A channel did not take an alert: refused, unreachable, or answered an error. The
 * message is for the log and the alert history; the outline is what anyone who asked for
 * the send may be told: the kind of failure and an HTTP status class, never what the
 * endpoint said (a channel may point at a server the caller cannot reach otherwise).
 */
public final class SendFailedException extends RuntimeException {

	private final String outline;

	public SendFailedException(String message, String outline) {
		super(message);
		this.outline = outline;
	}

	public SendFailedException(String message, String outline, Throwable cause) {
		super(message, cause);
		this.outline = outline;
	}

	public String outline() {
		return this.outline;
	}

}
