package io.crony.agent.async;

import java.time.Instant;
import java.util.concurrent.CompletableFuture;

import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Placement;

/**
 * An accepted attempt waiting for its result.
 *
 * @param id its execution row
 * @param attempt its number
 * @param deadline when it times out if nothing ended it
 * @param result completed once it ends (by its row, status URL, deadline or a move)
 * @param instance the instance it went to ({@code host:port} as far as known)
 * @param placement the instance discovery picked for it, null for a fixed address
 * @param asking how its status URL is asked; null when the result is reported
 * @param silence how long its row has not changed; null when the job has no progress
 * timeout
 */
record TrackedAttempt(long id, int attempt, Instant deadline, CompletableFuture<AttemptResult> result, String instance,
		Placement placement, StatusAsks.Asking asking, AttemptMoves.Silence silence) {

}
