package io.crony.agent.target;

import java.util.concurrent.CompletableFuture;

import io.crony.common.job.TargetType;

/** A way to invoke a job's target. Cancelling the returned future aborts the call. */
public interface Target {

	TargetType type();

	/**
	 * Starts one attempt; must not block on the call itself.
	 * @param invocation the attempt
	 * @return its outcome, completed when the attempt ends (also on timeout)
	 */
	CompletableFuture<AttemptResult> invoke(Invocation invocation);

	/**
	 * Asks an accepted run's status URL how the run is doing; only HTTP (a GET) and gRPC
	 * ({@code JobTarget/Status}) targets can.
	 * @param attempt the accepted attempt, at the address that took it
	 * @param statusUrl the job's status URL, its placeholders not yet replaced
	 * @return the answer, never failing: a call that did not work is an answer with its
	 * problem
	 */
	default CompletableFuture<StatusAnswer> status(Invocation attempt, String statusUrl) {
		return CompletableFuture.completedFuture(StatusAnswer.unusable(type() + " targets have no status URL"));
	}

}
