package io.crony.web.execution;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;

/** An execution as the API shows it. */
record ExecutionResponse(long id, long jobId, String jobName, String agentId, TriggerType trigger,
		ExecutionStatus status, Instant scheduledAt, Instant startedAt, Instant finishedAt, int attempt, String params,
		Integer progress, String output, String error, Instant updatedAt) {

	static ExecutionResponse of(ExecutionEntity row) {
		return new ExecutionResponse(row.getId(), row.getJobId(), row.getJobName(), row.getAgentId(),
				row.getTriggerType(), row.getStatus(), row.getScheduledAt(), row.getStartedAt(), row.getFinishedAt(),
				(row.getAttempt() != null) ? row.getAttempt() : 1, row.getParams(), row.getProgress(), row.getOutput(),
				row.getError(), row.getUpdatedAt());
	}

}
