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

}
