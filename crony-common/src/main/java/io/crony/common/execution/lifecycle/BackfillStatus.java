package io.crony.common.execution.lifecycle;

/**
 * Where a backfill is ({@code backfill.status}); written only through
 * {@link BackfillTransition}.
 */
public enum BackfillStatus {

	/** Its instants start, at most its parallelism at once. */
	RUNNING,

	/** No more instants start; those under way go on. */
	PAUSED,

	/** Stopped by a user: no more instants start; those under way go on. */
	CANCELLED,

	/** Every instant started and every one's workflow run succeeded. */
	SUCCEEDED,

	/** Every instant started and ended, and one or more did not succeed. */
	FAILED

}
