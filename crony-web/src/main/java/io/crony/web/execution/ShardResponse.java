package io.crony.web.execution;

import java.time.Instant;

import io.crony.common.reason.Reason;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One shard of a sharded or broadcast run: one of the calls a fire made.
 *
 * @param index the shard's index, from 0
 * @param total how many shards the fire made
 * @param instance {@code host:port} of the instance the shard's last attempt went to;
 * absent before it is called
 * @param status how the shard stands (RUNNING, SUCCEEDED, FAILED, TIMED_OUT, ...)
 * @param attempt the shard's attempt, from 1
 * @param startedAt when its last attempt began; absent before
 * @param finishedAt when it ended; absent while it runs
 * @param output what the shard's call answered; absent when nothing
 * @param error why it failed; absent when it did not
 * @param reason the same as a reason code when the platform wrote it (cancelled with the
 * run, the run's limit passed); absent for the target's own answer
 */
record ShardResponse(@Schema(description = "the shard's index, from 0") int index,
		@Schema(description = "how many shards the fire made") int total,
		@Schema(description = "host:port of the instance the shard's last attempt went to; absent before it is called") String instance,
		@Schema(description = "how the shard stands, as a run's status: PENDING, RUNNING, SUCCEEDED, FAILED, "
				+ "TIMED_OUT or CANCELLED") String status,
		@Schema(description = "the shard's attempt, from 1") int attempt,
		@Schema(description = "when the shard's last attempt began; absent before") Instant startedAt,
		@Schema(description = "when the shard ended; absent while it runs") Instant finishedAt,
		@Schema(description = "what the shard's call answered; absent when nothing") String output,
		@Schema(description = "why the shard failed; absent when it did not") String error,
		@Schema(description = "error as a reason code with its values when the platform wrote it (cancelled with "
				+ "the run, the run's limit passed), worded by the reader; absent for the target's own answer "
				+ "and for shards recorded before version 26 of the schema") Reason reason) {

}
