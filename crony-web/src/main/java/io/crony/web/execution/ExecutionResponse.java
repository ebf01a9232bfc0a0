package io.crony.web.execution;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.swagger.v3.oas.annotations.media.Schema;

/** An execution as the API shows it. */
record ExecutionResponse(long id, long jobId, String jobName, String agentId, TriggerType trigger,
		ExecutionStatus status, Instant scheduledAt, Instant startedAt, Instant finishedAt, int attempt, String params,
		Integer progress, String output, String error, Instant updatedAt,
		@Schema(description = "the upstream execution whose success released this run; null when none did") Long releasedBy,
		@Schema(description = "the first run of the workflow run this one belongs to; null when none") Long rootId) {

	static ExecutionResponse of(ExecutionEntity row) {
		return new ExecutionResponse(row.getId(), row.getJobId(), row.getJobName(), row.getAgentId(),
				row.getTriggerType(), row.getStatus(), row.getScheduledAt(), row.getStartedAt(), row.getFinishedAt(),
				(row.getAttempt() != null) ? row.getAttempt() : 1, row.getParams(), row.getProgress(), row.getOutput(),
				row.getError(), row.getUpdatedAt(), row.getReleasedBy(), row.getRootId());
	}

}
