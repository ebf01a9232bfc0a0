package io.crony.web.dashboard;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;

/**
 * A failed or timed-out run as the overview lists it.
 *
 * @param id execution id
 * @param jobId the job's id
 * @param jobName the job's name when it ran
 * @param agentId the agent that ran it, if any
 * @param status FAILED or TIMED_OUT
 * @param scheduledAt the fire time
 * @param finishedAt when it ended
 * @param error the recorded error
 */
record RecentFailure(long id, long jobId, String jobName, String agentId, ExecutionStatus status, Instant scheduledAt,
		Instant finishedAt, String error) {
}
