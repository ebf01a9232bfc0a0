package io.crony.agent.async;

import java.time.Instant;

import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;

/** What the async tracker needs from the firing engine to retry a taken-over run. */
public interface Resumer {

	/** The spec of a job this agent holds, or null. */
	JobSpec heldSpec(long jobId);

	/**
	 * Runs an existing execution again from the given attempt (its row already names this
	 * agent).
	 * @param moves attempts of the run that moved to another instance so far: they are
	 * not tries of the retry policy
	 */
	void resume(long jobId, long executionId, Instant scheduledAt, TriggerType trigger, String params, int attempt,
			int moves);

}
