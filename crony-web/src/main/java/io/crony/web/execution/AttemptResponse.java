package io.crony.web.execution;

import java.time.Instant;

import io.crony.common.reason.Reason;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * One attempt of a run at its instance, as the run's chain shows it.
 *
 * @param attempt the attempt's number, from 1
 * @param instance {@code host:port} of the instance the call went to
 * @param agentId the agent that made the call
 * @param startedAt when the attempt began
 * @param endedAt when it ended; absent while it runs
 * @param status how it ended; absent while it runs
 * @param note why it ended so (the error, or why the run moved); absent when none
 * @param reason the note as a reason code when the platform wrote it (a move, a
 * deadline); absent for the target's own answer and for attempts ended before version 30
 * of the schema
 */
record AttemptResponse(int attempt, String instance, String agentId, Instant startedAt, Instant endedAt,
		@Schema(description = "how the attempt ended: MOVED when the run went on at another instance",
				allowableValues = {
						"SUCCEEDED", "FAILED", "TIMED_OUT", "CANCELLED", "MOVED" }) String status,
		@Schema(maxLength = 1024) String note,
		@Schema(description = "note as a reason code with its values when the platform wrote it (why the run "
				+ "moved, a deadline), worded by the reader; absent for the target's own answer and for attempts "
				+ "ended before version 30 of the schema") Reason reason){

}
