package io.crony.common.execution;

/**
 * Where a run is:
 * {@code PENDING -> RUNNING -> SUCCEEDED | FAILED | TIMED_OUT | CANCELLED}, or SKIPPED,
 * or MISSED; a fire of a job with upstreams goes {@code WAITING -> PENDING} when they
 * have succeeded (or SKIPPED when one failed).
 */
public enum ExecutionStatus {

	PENDING, RUNNING, SUCCEEDED, FAILED, TIMED_OUT, CANCELLED,
	/** Not run, by the overlap or misfire policy. */
	SKIPPED,
	/**
	 * Not run: its instant passed without a run (beyond the catch-up bound, fenced, or
	 * claimed by an agent that never started it).
	 */
	MISSED,
	/**
	 * A fire of a job with upstream jobs, not run yet: it waits, owned by no agent, until
	 * the web leader releases it (every upstream succeeded in its cycle) or stops it.
	 */
	WAITING;

	public boolean isFinal() {
		return this != PENDING && this != RUNNING && this != WAITING;
	}

}
