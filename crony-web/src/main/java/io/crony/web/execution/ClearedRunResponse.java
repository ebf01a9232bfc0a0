package io.crony.web.execution;

import java.time.Instant;
import java.util.List;

import io.crony.common.reason.Reason;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * An earlier run of an execution row, kept when an operator cleared the row to run it
 * again for the same logical instant.
 *
 * @param run its number: 1 for the row's first run, 2 for the run after the first clear
 * @param trigger what had started it
 * @param status how it ended
 * @param agentId the agent that ran it; absent when none did
 * @param attempt how many attempts it made
 * @param startedAt when it began; absent when it never ran
 * @param finishedAt when it ended
 * @param error its error, or why it did not run
 * @param reason the same as a reason code when the platform wrote it; absent for the
 * target's own answer and for runs cleared before version 26 of the schema
 * @param releasedBy the upstream run that released or stopped it; absent when none
 * @param attempts its attempts at their instances (ASYNC runs), oldest first
 * @param shards its shards' calls (sharded and broadcast runs)
 * @param clearedAt when it was cleared
 * @param clearedBy who cleared it
 */
record ClearedRunResponse(int run, String trigger, String status, String agentId, int attempt, Instant startedAt,
		Instant finishedAt, String error,
		@Schema(description = "error as a reason code with its values when the platform wrote it, worded by the "
				+ "reader; absent for the target's own answer and for runs cleared before version 26 of the schema") Reason reason,
		Long releasedBy, List<AttemptResponse> attempts, List<ShardResponse> shards, Instant clearedAt,
		@Schema(maxLength = 128) String clearedBy) {

}
