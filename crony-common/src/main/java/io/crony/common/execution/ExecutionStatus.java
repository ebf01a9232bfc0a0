package io.crony.common.execution;

/**
 * Where a run is:
 * {@code PENDING -> RUNNING -> SUCCEEDED | FAILED | TIMED_OUT | CANCELLED}, or SKIPPED,
 * or MISSED.
 */
public enum ExecutionStatus {

	PENDING, RUNNING, SUCCEEDED, FAILED, TIMED_OUT, CANCELLED,
	/** Not run, by the overlap or misfire policy. */
	SKIPPED,
	/**
	 * Not run: its instant passed without a run (beyond the catch-up bound, fenced, or
	 * claimed by an agent that never started it).
	 */
	MISSED;

	public boolean isFinal() {
		return this != PENDING && this != RUNNING;
	}

}
