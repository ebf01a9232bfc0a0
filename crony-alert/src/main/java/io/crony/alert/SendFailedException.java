package io.crony.alert;

/** A channel did not take an alert: refused, unreachable, or answered an error. */
public final class SendFailedException extends RuntimeException {

	public SendFailedException(String message) {
		super(message);
	}

	public SendFailedException(String message, Throwable cause) {
		super(message, cause);
	}

}
