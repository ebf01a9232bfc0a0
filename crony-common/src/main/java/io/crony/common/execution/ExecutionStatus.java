package io.crony.common.execution;

/**
 * Where a run is:
 * {@code PENDING -> RUNNING -> SUCCEEDED | FAILED | TIMED_OUT | CANCELLED}, or SKIPPED.
 */
public enum ExecutionStatus {

	PENDING, RUNNING, SUCCEEDED, FAILED, TIMED_OUT, CANCELLED,
	/**
	 * Not run: by the overlap or misfire policy, or, closed by crony-web's leader, a fire
	 * whose claim no agent ever started (the reason is in the execution's error).
	 */
	SKIPPED;

	public boolean isFinal() {
		return this != PENDING && this != RUNNING;
	}

}
