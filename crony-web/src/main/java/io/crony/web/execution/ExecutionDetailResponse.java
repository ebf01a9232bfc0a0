package io.crony.web.execution;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.TargetMode;
import io.crony.common.reason.Reason;
import io.crony.common.json.CronyJson;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One execution as {@code GET /executions/{id}} shows it: the list's fields plus those
 * only the detail reads (a resume payload may be up to 64 KB, too much for every row of a
 * page).
 */
record ExecutionDetailResponse(long id, long jobId, String jobName, String agentId, TriggerType trigger,
		ExecutionStatus status, Instant scheduledAt, Instant startedAt, Instant finishedAt, int attempt, String params,
		Integer progress, String output, String error,
		@Schema(description = "the error as a reason code with its values, when the platform wrote it (the"
				+ " reconciler, a workflow gate, the agent); null for a target's own answer and for older runs") Reason reason,
		Instant updatedAt,
		@Schema(description = "the upstream execution whose success released this run; null when none did") Long releasedBy,
		@Schema(description = "the first run of the workflow run this one belongs to; null when none") Long rootId,
		@Schema(description = "ASYNC: the target was called asynchronously and reports its result;"
				+ " SYNC: the run started as a plain call; absent before the run starts") TargetMode mode,
		@Schema(description = "the last message the target reported (progress or result); absent when none",
				maxLength = 1024) String message,
		@Schema(description = "the state a retry resumes from, as the target last reported it; absent when none",
				maxLength = 65535) String resumePayload,
		@Schema(description = "the run's attempts with the instance of each, oldest first, as agents keep them for"
				+ " ASYNC runs; empty for other runs") List<AttemptResponse> attempts,
		@Schema(description = "the calls of a sharded or broadcast run, one per shard, by index; empty for a run"
				+ " of one call") List<ShardResponse> shards,
		@Schema(description = "the row's earlier runs for the same logical instant, oldest first, each kept when an"
				+ " operator cleared it to run again; empty when it was never cleared") List<ClearedRunResponse> clearedRuns,
		@Schema(additionalProperties = Schema.AdditionalPropertiesValue.TRUE,
				description = "what the run published for its downstream jobs' templates"
						+ " (${upstream.<job>.outputs.<field>}), a JSON object of at most 4,096 bytes; absent when it"
						+ " published none") Map<String, Object> outputs,
		@Schema(additionalProperties = Schema.AdditionalPropertiesValue.TRUE,
				description = "the outputs of the paired upstream runs this run's templates read, by upstream job"
						+ " name, as found when it was released: {executionId, scheduledAt, outputs}, or {problem} when"
						+ " there was no such run; absent when its templates read none") Map<String, Object> upstreamOutputs,
		@Schema(description = "the OpenTelemetry trace id of the run (32 hex digits), which its target received in"
				+ " traceparent; null for runs that never started and older runs",
				pattern = "^[0-9a-f]{32}$") String traceId) {

	static ExecutionDetailResponse of(ExecutionEntity row, List<AttemptResponse> attempts, List<ShardResponse> shards,
			List<ClearedRunResponse> clearedRuns) {
		ExecutionResponse base = ExecutionResponse.of(row);
		return new ExecutionDetailResponse(base.id(), base.jobId(), base.jobName(), base.agentId(), base.trigger(),
				base.status(), base.scheduledAt(), base.startedAt(), base.finishedAt(), base.attempt(), base.params(),
				base.progress(), base.output(), base.error(), base.reason(), base.updatedAt(), base.releasedBy(),
				base.rootId(), mode(row), row.getMessage(), row.getResumePayload(), attempts, shards, clearedRuns,
				object(row.getOutputs()), object(row.getUpstreamOutputs()), row.getTraceId());
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> object(String json) {
		return (json != null && !json.isBlank()) ? CronyJson.fromJson(json, Map.class) : null;
	}

	/**
	 * The row says ASYNC once an async attempt started (the agent's AsyncStore) and
	 * nothing for a plain call; a run that has not started is neither yet.
	 */
	private static TargetMode mode(ExecutionEntity row) {
		if (TargetMode.ASYNC.name().equals(row.getMode())) {
			return TargetMode.ASYNC;
		}
		return (row.getStartedAt() != null) ? TargetMode.SYNC : null;
	}

}
