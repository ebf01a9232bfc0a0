package io.crony.sdk;

/**
 * A report that got no answer from crony-web: the connection failed or timed out, every
 * attempt answered 502/503/504, or the thread was interrupted while waiting to retry. The
 * cause says what happened last.
 */
public final class CronyRequestException extends CronyException {

	private final long executionId;

	private final int attempts;

	CronyRequestException(String operation, long executionId, int attempts, Throwable cause) {
		super("crony: " + operation + " for execution " + executionId + " failed after " + attempts + " attempt(s): "
				+ cause, cause);
		this.executionId = executionId;
		this.attempts = attempts;
	}

	/** The execution the report was about. */
	public long executionId() {
		return this.executionId;
	}

	/** How many times the report was sent. */
	public int attempts() {
		return this.attempts;
	}

}
