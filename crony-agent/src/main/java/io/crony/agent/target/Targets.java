package io.crony.agent.target;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.InstanceChoice;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetType;
import io.crony.common.target.TargetPolicy;

/**
 * The targets this agent can invoke, by type. Gives every attempt its deadline and
 * execution token, resolves {@code lb://} HTTP addresses through service discovery ("no
 * instance of service" when there is none), and hands ASYNC jobs to
 * {@link AsyncAttempts}, which waits for the reported result.
 */
public final class Targets {

	private static final String LB = "lb://";

	private final Map<TargetType, Target> byType = new EnumMap<>(TargetType.class);

	private final TokenSource tokens;

	private final AsyncAttempts async;

	private final ServiceResolver services;

	private final Clock clock;

	private final TargetPolicy policy;

	/** Targets with no token source, no async runs and loopback allowed (unit tests). */
	public Targets(List<Target> targets) {
		this(targets, (executionId) -> null, null, null, Clock.systemUTC(),
				TargetPolicy.of(List.of(), List.of(), true, List.of()));
	}

	public Targets(List<Target> targets, TokenSource tokens, AsyncAttempts async, ServiceResolver services, Clock clock,
			TargetPolicy policy) {
		targets.forEach((target) -> this.byType.put(target.type(), target));
		this.tokens = tokens;
		this.async = async;
		this.services = services;
		this.clock = clock;
		this.policy = policy;
	}

	public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
		TargetType type = invocation.job().target().type();
		Target target = this.byType.get(type);
		if (target == null) {
			return CompletableFuture.completedFuture(AttemptResult.failed("This agent has no " + type + " target"));
		}
		Resolved instance = null;
		try {
			Instant deadline = this.clock.instant().plusSeconds(Math.max(1, invocation.job().timeoutSeconds()));
			String token = (invocation.executionId() != 0) ? this.tokens.tokenFor(invocation.executionId()) : null;
			Invocation attempt = invocation.withDeadlineAndToken(deadline, token);
			String url = invocation.job().target().url();
			if (type == TargetType.HTTP && url != null && url.startsWith(LB)) {
				String rest = url.substring(LB.length());
				int slash = rest.indexOf('/');
				String service = (slash < 0) ? rest : rest.substring(0, slash);
				instance = (this.services != null)
						? this.services.resolve(service, (slash < 0) ? "" : rest.substring(slash),
								invocation.job().id(), invocation.job().target().instanceChoiceOrDefault())
						: null;
				if (instance == null) {
					return CompletableFuture.completedFuture(AttemptResult.failed("no instance of " + service));
				}
				attempt = attempt.withUrl(instance.url());
			}
			CompletableFuture<AttemptResult> result = call(attempt, target);
			if (instance != null) {
				Runnable done = instance.done();
				instance = null;
				result.whenComplete((outcome, failure) -> done.run());
			}
			return result;
		}
		catch (RuntimeException ex) {
			if (instance != null) {
				instance.done().run();
			}
			return CompletableFuture.completedFuture(AttemptResult.failed(ex.toString()));
		}
	}

	/** The attempt, its address final, through the policy and the target. */
	private CompletableFuture<AttemptResult> call(Invocation attempt, Target target) {
		String refusal = refusal(attempt.job().target().url());
		if (refusal != null) {
			return CompletableFuture.completedFuture(AttemptResult.failed(refusal));
		}
		if (attempt.job().target().mode() == TargetMode.ASYNC) {
			return (this.async != null) ? this.async.invoke(attempt, target) : CompletableFuture
				.completedFuture(AttemptResult.failed("This agent cannot run ASYNC targets (no database)"));
		}
		// a SYNC job's answer is its result: "accepted" (a bare 202) counts as success
		CompletableFuture<AttemptResult> call = target.invoke(attempt);
		CompletableFuture<AttemptResult> result = call.thenApply((outcome) -> outcome.accepted()
				? new AttemptResult(ExecutionStatus.SUCCEEDED, outcome.output(), null) : outcome);
		cancelsWith(result, call);
		return result;
	}

	/**
	 * Why the policy refuses the address the call is about to use (after {@code lb://}
	 * resolution), or null. {@code discovery:///} gRPC instances come from the registry,
	 * whose writes need its credentials.
	 */
	private String refusal(String url) {
		if (url == null || !(url.startsWith("http://") || url.startsWith("https://") || url.startsWith("static://"))) {
			return null;
		}
		return this.policy.refusal(URI.create(url)).orElse(null);
	}

	/**
	 * Cancelling {@code derived} (kill, REPLACE) cancels {@code source}: aborts the call.
	 */
	public static void cancelsWith(CompletableFuture<?> derived, CompletableFuture<?> source) {
		derived.whenComplete((value, failure) -> {
			if (derived.isCancelled()) {
				source.cancel(true);
			}
		});
	}

	/** Finds an instance of a service for {@code lb://service/path} addresses. */
	@FunctionalInterface
	public interface ServiceResolver {

		/**
		 * @param service the service name
		 * @param pathAndQuery what followed it in the address ({@code /path?x=1}), may be
		 * empty
		 * @param jobId the job that calls, for choices that stick a job to an instance
		 * @param choice how to pick the instance
		 * @return one instance's full {@code http://host:port/path}, or null when there
		 * is none
		 */
		Resolved resolve(String service, String pathAndQuery, long jobId, InstanceChoice choice);

	}

	/**
	 * An instance picked for one call.
	 *
	 * @param url the full address of the call
	 * @param done run once when the call has ended, however it ended
	 */
	public record Resolved(String url, Runnable done) {

		/** An instance that needs no word of the call's end. */
		public Resolved(String url) {
			this(url, () -> {
			});
		}

	}

	/** Execution tokens, once the agent knows the secret. */
	@FunctionalInterface
	public interface TokenSource {

		/** The execution's token, or null while the secret is unknown. */
		String tokenFor(long executionId);

	}

	/** Runs an attempt of an ASYNC job up to its reported result or its deadline. */
	@FunctionalInterface
	public interface AsyncAttempts {

		/**
		 * @param invocation the attempt, with deadline and token
		 * @param target the target to call
		 * @return the attempt's outcome: the reported result, TIMED_OUT at the deadline,
		 * or the call's own failure; cancelling it stops the wait
		 */
		CompletableFuture<AttemptResult> invoke(Invocation invocation, Target target);

	}

}
