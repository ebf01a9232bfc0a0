package io.crony.web.execution;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonJson;
import io.swagger.v3.oas.annotations.media.Schema;

/** An execution as the API shows it. */
record ExecutionResponse(long id, long jobId, String jobName, String agentId, TriggerType trigger,
		ExecutionStatus status, Instant scheduledAt, Instant startedAt, Instant finishedAt, int attempt, String params,
		Integer progress, String output, String error,
		@Schema(description = "the error as a reason code with its values, when the platform wrote it (the"
				+ " reconciler, a workflow gate, the agent); null for a target's own answer and for older runs") Reason reason,
		Instant updatedAt,
		@Schema(description = "the upstream execution whose success released this run; null when none did") Long releasedBy,
		@Schema(description = "the first run of the workflow run this one belongs to; null when none") Long rootId,
		@Schema(description = "the OpenTelemetry trace id of the run (32 hex digits), which its target received in"
				+ " traceparent; null for runs that never started and older runs",
				pattern = "^[0-9a-f]{32}$") String traceId) {

	static ExecutionResponse of(ExecutionEntity row) {
		return new ExecutionResponse(row.getId(), row.getJobId(), row.getJobName(), row.getAgentId(),
				row.getTriggerType(), row.getStatus(), row.getScheduledAt(), row.getStartedAt(), row.getFinishedAt(),
				(row.getAttempt() != null) ? row.getAttempt() : 1, row.getParams(), row.getProgress(), row.getOutput(),
				row.getError(), ReasonJson.read(row.getReason()), row.getUpdatedAt(), row.getReleasedBy(),
				row.getRootId(), row.getTraceId());
	}

}
