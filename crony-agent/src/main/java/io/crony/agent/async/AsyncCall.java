package io.crony.agent.async;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;

/**
 * The call of one async attempt. Before the call the row is marked RUNNING with the
 * attempt's deadline (and the last resume payload is read back for the target), and the
 * attempt joins its run's chain; an answer at once (SUCCEEDED or FAILED) is the attempt's
 * result, an ACCEPTED one has the attempt tracked until its result is known.
 */
final class AsyncCall {

	private final AsyncStore store;

	private final String agentId;

	private final AttemptChainLinks chain;

	private final StatusAsks asks;

	private final Clock clock;

	AsyncCall(AsyncStore store, String agentId, AttemptChainLinks chain, StatusAsks asks, Clock clock) {
		this.store = store;
		this.agentId = agentId;
		this.chain = chain;
		this.asks = asks;
		this.clock = clock;
	}

	/**
	 * Calls the target for the attempt; runs on the async thread.
	 * @param track takes the attempt once its target accepted it
	 */
	void call(Invocation invocation, Target target, CompletableFuture<AttemptResult> result,
			Consumer<TrackedAttempt> track) {
		if (result.isDone()) {
			return;
		}
		long id = invocation.executionId();
		if (!this.store.start(id, this.agentId, invocation.attempt(), invocation.deadline(), traceId(invocation),
				this.clock.instant())) {
			result.complete(AttemptResult.failed("Execution " + id + " is no longer this agent's to run"));
			return;
		}
		String instance = instanceOf(invocation);
		this.chain.link(id, invocation.attempt(), instance, result);
		CompletableFuture<AttemptResult> call = target
			.invoke(invocation.withResumePayload(this.store.resumePayload(id)));
		Targets.cancelsWith(result, call);
		call.whenComplete((outcome, failure) -> {
			if (failure != null || outcome == null) {
				result.complete(AttemptResult.failed(String.valueOf(failure)));
			}
			else if (!outcome.accepted()) {
				// answered at once (SUCCEEDED or FAILED): that is the attempt's result
				result.complete(outcome);
			}
			else if (!result.isDone()) {
				track.accept(tracked(invocation, target, result, instance));
			}
		});
	}

	// the 32 hex digits of the W3C traceparent the call carries
	// (00-<trace>-<span>-<flags>)
	private static String traceId(Invocation invocation) {
		String traceparent = invocation.trace().get("traceparent");
		return (traceparent != null && traceparent.length() >= 35) ? traceparent.substring(3, 35) : null;
	}

	private TrackedAttempt tracked(Invocation invocation, Target target, CompletableFuture<AttemptResult> result,
			String instance) {
		Integer progressTimeout = invocation.job().target().progressTimeoutSeconds();
		Instant now = this.clock.instant();
		return new TrackedAttempt(invocation.executionId(), invocation.attempt(), invocation.deadline(), result,
				instance, invocation.placement(), this.asks.askingFor(invocation, target, now),
				(progressTimeout != null && invocation.placement() != null)
						? new AttemptMoves.Silence(Duration.ofSeconds(progressTimeout), now) : null);
	}

	/**
	 * The instance an attempt went to: discovery's pick, else the {@code host:port} its
	 * fixed address names (a run that moves off it is called there again: it leads to the
	 * same place), else the address itself.
	 */
	private static String instanceOf(Invocation invocation) {
		if (invocation.placement() != null) {
			return invocation.placement().address();
		}
		String address = invocation.job().target().url();
		try {
			URI url = URI.create(address);
			if (url.getHost() != null) {
				return (url.getPort() > 0) ? url.getHost() + ":" + url.getPort() : url.getHost();
			}
		}
		catch (IllegalArgumentException ex) {
			// not a URI: kept as written
		}
		return address;
	}

}
