package io.crony.agent.target;

import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.InstanceChoice;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.target.TargetPolicy;
import io.crony.common.template.RunTemplate;
import io.crony.common.template.UpstreamOutputs;

/**
 * The targets this agent can invoke, by type. Gives every attempt its deadline and
 * execution token, resolves {@code lb://} HTTP addresses through service discovery ("no
 * instance of service" when there is none), and hands ASYNC jobs to
 * {@link AsyncAttempts}, which waits for the reported result.
 */
public final class Targets {

	private static final String LB = "lb://";

	private static final String DISCOVERY = "discovery:///";

	private static final String UPSTREAM = "upstream.";

	private final Map<TargetType, Target> byType = new EnumMap<>(TargetType.class);

	private final TokenSource tokens;

	private final AsyncAttempts async;

	private final ServiceResolver services;

	private final Clock clock;

	private final TargetPolicy policy;

	private final ShardedAttempts shards;

	private final UpstreamOutputsSource upstreams;

	/** Targets with no token source, no async runs and loopback allowed (unit tests). */
	public Targets(List<Target> targets) {
		this(targets, (executionId, attempt) -> null, null, null, Clock.systemUTC(),
				TargetPolicy.of(List.of(), List.of(), true, List.of()));
	}

	/** Targets that cannot run sharded jobs (no database). */
	public Targets(List<Target> targets, TokenSource tokens, AsyncAttempts async, ServiceResolver services, Clock clock,
			TargetPolicy policy) {
		this(targets, tokens, async, services, clock, policy, null);
	}

	/**
	 * @param sharding makes the sharded path from these targets' {@link ShardCalls} (a
	 * sharded fire's shards are single calls through them); null when this agent cannot
	 * run sharded jobs
	 */
	public Targets(List<Target> targets, TokenSource tokens, AsyncAttempts async, ServiceResolver services, Clock clock,
			TargetPolicy policy, Function<ShardCalls, ShardedAttempts> sharding) {
		this(targets, tokens, async, services, clock, policy, sharding, null);
	}

	/**
	 * @param upstreams where a run's upstream outputs are read, for a job whose texts
	 * read them ({@code ${upstream.<job>.outputs.<field>}}); null when this agent has no
	 * database
	 */
	public Targets(List<Target> targets, TokenSource tokens, AsyncAttempts async, ServiceResolver services, Clock clock,
			TargetPolicy policy, Function<ShardCalls, ShardedAttempts> sharding, UpstreamOutputsSource upstreams) {
		this.upstreams = upstreams;
		targets.forEach((target) -> this.byType.put(target.type(), target));
		this.tokens = tokens;
		this.async = async;
		this.services = services;
		this.clock = clock;
		this.policy = policy;
		// The one cycle here: the sharded path calls its shards through these targets,
		// and these targets hand it sharded fires. It is closed last, every other field
		// set, and the sharded path only keeps the view (it calls nothing while built);
		// the view has no way back to the sharded path, so a shard cannot fan out again.
		ShardCalls view = new ShardCalls() {
			@Override
			public List<Resolved> instancesOf(TargetSpec spec) {
				return Targets.this.instancesOf(spec);
			}

			@Override
			public CompletableFuture<AttemptResult> invokeAt(Invocation invocation, Resolved pinned) {
				return Targets.this.invokeAt(invocation, pinned);
			}
		};
		this.shards = (sharding != null) ? sharding.apply(view) : null;
	}

	/**
	 * An attempt of a fire: its one call, or, for a sharded or broadcast job, all its
	 * shards' calls ({@link ShardedAttempts}).
	 */
	public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
		if (invocation.job().target().sharding() != null && invocation.shard() == null) {
			return (this.shards != null) ? this.shards.invoke(invocation) : CompletableFuture
				.completedFuture(AttemptResult.failed("This agent cannot run sharded jobs (no database)"));
		}
		return invokeAt(invocation, null);
	}

	/**
	 * One call: at the given instance of the service its address names, or, when none is
	 * given, wherever the address and the job's instance choice lead.
	 * @param pinned an instance {@link #instancesOf} listed, or null
	 */
	public CompletableFuture<AttemptResult> invokeAt(Invocation invocation, Resolved pinned) {
		TargetType type = invocation.job().target().type();
		Target target = this.byType.get(type);
		if (target == null) {
			return CompletableFuture.completedFuture(AttemptResult.failed("This agent has no " + type + " target"));
		}
		Resolved instance = null;
		try {
			Instant deadline = this.clock.instant().plusSeconds(Math.max(1, invocation.job().timeoutSeconds()));
			String token = (invocation.executionId() != 0)
					? this.tokens.tokenFor(invocation.executionId(), invocation.attempt()) : null;
			Invocation attempt = withUpstreams(invocation.withDeadlineAndToken(deadline, token));
			TargetSpec spec = invocation.job().target();
			ServiceAddress service = ServiceAddress.of(spec);
			if (service != null) {
				instance = (pinned != null) ? pinned : instanceOf(service, invocation.job().id(),
						spec.instanceChoiceOrDefault(), invocation.avoid());
				if (instance == null) {
					return CompletableFuture.completedFuture(AttemptResult.failed((invocation.avoid() != null)
							? "no instance of " + service.name() + " other than " + invocation.avoid()
							: "no instance of " + service.name()));
				}
				attempt = attempt.withUrl(instance.url(), new Placement(service.name(), instance.address()));
			}
			// placeholders are filled in the address as called (an lb:// instance's path
			// included), before the policy sees it
			if (RunTemplate.hasPlaceholders(attempt.job().target().url())) {
				attempt = attempt.withUrl(attempt.render("target.url", attempt.job().target().url()),
						attempt.placement());
			}
			// the policy checks an lb:// instance's address, as any HTTP address; gRPC
			// instances come from the registry, as discovery:/// channels' always did
			boolean policed = service == null || !service.grpc();
			CompletableFuture<AttemptResult> result = call(attempt, target, policed);
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
			return CompletableFuture.completedFuture(AttemptResult
				.failed((ex instanceof UnrenderableTemplateException) ? ex.getMessage() : ex.toString()));
		}
	}

	/**
	 * The attempt with its run's upstream outputs, read from its execution row once per
	 * attempt, only for a job whose texts read them: the web wrote them there when it
	 * released the run, from the upstream runs of its paired instant.
	 */
	private Invocation withUpstreams(Invocation invocation) {
		if (invocation.upstreams() != null || !readsUpstreams(invocation.job().target())) {
			return invocation;
		}
		String stored = (this.upstreams != null && invocation.executionId() != 0)
				? this.upstreams.upstreamOutputs(invocation.executionId()) : null;
		return invocation.withUpstreams(UpstreamOutputs.read(stored));
	}

	private static boolean readsUpstreams(TargetSpec target) {
		if (reads(target.url()) || reads(target.body()) || reads(target.command()) || reads(target.statusUrl())) {
			return true;
		}
		return target.headers().values().stream().anyMatch(Targets::reads)
				|| target.env().values().stream().anyMatch(Targets::reads);
	}

	private static boolean reads(String text) {
		return text != null && text.contains("${" + UPSTREAM);
	}

	/**
	 * Every instance of the service a discovered target names, in a stable order (by
	 * address): what a sharded or broadcast fire spreads over.
	 * @return the instances, empty when there is none or the address names no service
	 */
	public List<Resolved> instancesOf(TargetSpec spec) {
		ServiceAddress service = ServiceAddress.of(spec);
		if (service == null || this.services == null) {
			return List.of();
		}
		return this.services.all(service.name(), service.rest(), service.grpc());
	}

	/** The service a discovered target names, or null. */
	public static String serviceOf(TargetSpec spec) {
		ServiceAddress service = ServiceAddress.of(spec);
		return (service != null) ? service.name() : null;
	}

	/** The instance of a service a call goes to, or null when there is none. */
	private Resolved instanceOf(ServiceAddress service, long jobId, InstanceChoice choice, String avoid) {
		if (this.services == null) {
			return null;
		}
		return service.grpc() ? this.services.resolveGrpc(service.name(), service.rest(), jobId, choice, avoid)
				: this.services.resolve(service.name(), service.rest(), jobId, choice, avoid);
	}

	/**
	 * The attempt, its address final, through the policy (when policed) and the target.
	 */
	private CompletableFuture<AttemptResult> call(Invocation attempt, Target target, boolean policed) {
		String refusal = policed ? refusal(attempt.job().target().url()) : null;
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
				? new AttemptResult(ExecutionStatus.SUCCEEDED, outcome.output(), null, null, outcome.outputs(), null)
				: outcome);
		cancelsWith(result, call);
		return result;
	}

	/**
	 * Why the policy refuses the address the call is about to use (after {@code lb://}
	 * resolution), or null. {@code discovery:///} gRPC instances come from the registry,
	 * whose writes need its credentials.
	 */
	private String refusal(String url) {
		return (url != null) ? this.policy.refusal(url).orElse(null) : null;
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

	/**
	 * Finds an instance of a service for {@code lb://service/path} addresses, and for
	 * {@code discovery:///} gRPC ones chosen other than round-robin.
	 */
	public interface ServiceResolver {

		/**
		 * @param service the service name
		 * @param pathAndQuery what followed it in the address ({@code /path?x=1}), may be
		 * empty
		 * @param jobId the job that calls, for choices that stick a job to an instance
		 * @param choice how to pick the instance
		 * @param avoid the {@code host:port} of an instance not to pick (a run moves away
		 * from it), or null
		 * @return one instance's full {@code http://host:port/path}, or null when there
		 * is none
		 */
		Resolved resolve(String service, String pathAndQuery, long jobId, InstanceChoice choice, String avoid);

		/**
		 * @param service the service name of a {@code discovery:///service/handler}
		 * address
		 * @param handlerPath what followed it ({@code /handler}), may be empty
		 * @param jobId the job that calls
		 * @param choice LEAST_ACTIVE or CONSISTENT_HASH (round-robin is the channel's)
		 * @param avoid the {@code host:port} of an instance not to pick, or null
		 * @return one instance's {@code static://host:grpcPort/handler}, or null when
		 * none serves gRPC
		 */
		Resolved resolveGrpc(String service, String handlerPath, long jobId, InstanceChoice choice, String avoid);

		/**
		 * @param service the service name
		 * @param address an instance's {@code host:port} as {@link Resolved#address} gave
		 * it
		 * @return whether discovery still lists that instance of the service
		 */
		boolean listed(String service, String address);

		/**
		 * @param service the service name
		 * @param rest what followed it in the address, may be empty
		 * @param grpc whether the instances are called over gRPC (those serving none are
		 * left out)
		 * @return every instance, ordered by {@code host:port}
		 */
		List<Resolved> all(String service, String rest, boolean grpc);

	}

	/**
	 * An instance picked for one call.
	 *
	 * @param url the full address of the call
	 * @param address the instance's {@code host:port} as the registry lists it
	 * @param done run once when the call has ended, however it ended
	 */
	public record Resolved(String url, String address, Runnable done) {

		/** An instance that needs no word of the call's end. */
		public Resolved(String url, String address) {
			this(url, address, () -> {
			});
		}

	}

	/**
	 * The service an address leaves this agent to pick an instance of: every
	 * {@code lb://service/path}, and a {@code discovery:///service/handler} gRPC address
	 * chosen other than round-robin or run ASYNC (other round-robin calls use the gRPC
	 * channel's own balancer).
	 *
	 * @param name the service's name
	 * @param rest what followed it in the address ({@code /path?x=1}, {@code /handler}),
	 * may be empty
	 * @param grpc whether the instance is called over gRPC
	 */
	private record ServiceAddress(String name, String rest, boolean grpc) {

		static ServiceAddress of(TargetSpec target) {
			String url = target.url();
			if (url == null) {
				return null;
			}
			if (target.type() == TargetType.HTTP && url.startsWith(LB)) {
				return after(url, LB, false);
			}
			// an ASYNC run may have to move off its instance, and shards go to chosen
			// instances: they have to know which one
			if (target.type() == TargetType.GRPC && url.startsWith(DISCOVERY)
					&& (target.instanceChoiceOrDefault() != InstanceChoice.ROUND_ROBIN
							|| target.mode() == TargetMode.ASYNC || target.sharding() != null)) {
				return after(url, DISCOVERY, true);
			}
			return null;
		}

		private static ServiceAddress after(String url, String scheme, boolean grpc) {
			String tail = url.substring(scheme.length());
			int slash = tail.indexOf('/');
			return (slash < 0) ? new ServiceAddress(tail, "", grpc)
					: new ServiceAddress(tail.substring(0, slash), tail.substring(slash), grpc);
		}

	}

	/** Where the web left a released run's upstream outputs. */
	@FunctionalInterface
	public interface UpstreamOutputsSource {

		/**
		 * @return the stored upstream outputs of the execution ({@link UpstreamOutputs}),
		 * null when it has none (a run nobody released)
		 */
		String upstreamOutputs(long executionId);

	}

	/** Execution tokens, once the agent knows the secret. */
	@FunctionalInterface
	public interface TokenSource {

		/**
		 * The token of one attempt of an execution (a superseded attempt's reports then
		 * change nothing), or null while the secret is unknown.
		 */
		String tokenFor(long executionId, int attempt);

	}

	/**
	 * The calls a sharded fire's shards are made of: the instances of the service, and a
	 * call pinned to one of them.
	 */
	public interface ShardCalls {

		/** See {@link Targets#instancesOf}. */
		List<Resolved> instancesOf(TargetSpec spec);

		/** See {@link Targets#invokeAt}. */
		CompletableFuture<AttemptResult> invokeAt(Invocation invocation, Resolved pinned);

	}

	/** Makes an attempt of a sharded or broadcast fire into its shards' calls. */
	@FunctionalInterface
	public interface ShardedAttempts {

		/**
		 * @param invocation the fire's attempt (its shards are called through
		 * {@link ShardCalls#invokeAt})
		 * @return the fire's outcome once every shard ended; cancelling it cancels every
		 * shard
		 */
		CompletableFuture<AttemptResult> invoke(Invocation invocation);

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
