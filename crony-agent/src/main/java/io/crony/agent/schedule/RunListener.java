package io.crony.agent.schedule;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;

/**
 * Told when a run reaches its final outcome (after its last attempt). Called on the
 * thread that finished the run: an implementation must return at once and never throw
 * into the engine.
 */
public interface RunListener {

	/** Listens to nothing. */
	RunListener NONE = (run) -> {
	};

	void finished(FinishedRun run);

	/**
	 * A run's final outcome.
	 *
	 * @param job the spec it ran with
	 * @param executionId its execution row id (0 when not known)
	 * @param scheduledAt its scheduled time
	 * @param trigger how it started
	 * @param status its final status
	 * @param attempts attempts made
	 * @param error the last attempt's error, or null
	 * @param finishedAt when it ended
	 */
	record FinishedRun(JobSpec job, long executionId, Instant scheduledAt, TriggerType trigger, ExecutionStatus status,
			int attempts, String error, Instant finishedAt) {

	}

}
