package io.crony.agent.shard;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.crony.agent.target.AttemptPolicy;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Shard;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunSpan;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.Sharding;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sharded or broadcast fire: one call per shard, all at once. Shard {@code i} of
 * {@code n} goes to the {@code i mod m}-th of the service's {@code m} instances (ordered
 * by address), so shards land on distinct instances while there are enough and spread
 * evenly otherwise; a broadcast makes one shard per instance listed at fire time. Each
 * shard has the job's retry policy to itself ({@link AttemptPolicy#ofShard}), so a failed
 * shard is retried alone (at the instance its index falls on among those listed then).
 * The fire SUCCEEDS only when every shard does. Cancelling it (kill, REPLACE) stops every
 * shard, and so does the job's limit on the whole fire
 * ({@link Sharding#timeoutSeconds()}), which ends the shards still going TIMED_OUT. Each
 * shard's attempts are kept in {@code execution_shard}. A run started again by an
 * operator (trigger RETRY) calls only the shards whose row does not say SUCCEEDED: after
 * a re-run of the failed shards those rows stay, and a cleared run has none.
 */
public final class ShardedCalls implements Targets.ShardedAttempts {

	private static final Logger logger = LoggerFactory.getLogger(ShardedCalls.class);

	private final Targets.ShardCalls targets;

	private final ShardStore store;

	private final ScheduledExecutorService timer;

	private final Executor workers;

	private final Clock clock;

	private final RunTracing tracing;

	/**
	 * @param workers where the shard rows are written (never on the calls' own threads)
	 */
	public ShardedCalls(Targets.ShardCalls targets, ShardStore store, ScheduledExecutorService timer, Executor workers,
			Clock clock) {
		this(targets, store, timer, workers, clock, RunTracing.off());
	}

	/**
	 * @param workers where the shard rows are written (never on the calls' own threads)
	 * @param tracing each shard call a span, a child of the run's
	 */
	public ShardedCalls(Targets.ShardCalls targets, ShardStore store, ScheduledExecutorService timer, Executor workers,
			Clock clock, RunTracing tracing) {
		this.tracing = tracing;
		this.targets = targets;
		this.store = store;
		this.timer = timer;
		this.workers = workers;
		this.clock = clock;
	}

	@Override
	public CompletableFuture<AttemptResult> invoke(Invocation fire) {
		Sharding sharding = fire.job().target().sharding();
		List<Targets.Resolved> instances = this.targets.instancesOf(fire.job().target());
		if (instances.isEmpty()) {
			return CompletableFuture
				.completedFuture(AttemptResult.failed("no instance of " + Targets.serviceOf(fire.job().target())));
		}
		int total = sharding.broadcast() ? instances.size() : sharding.shards();
		List<ShardRun> shards = new ArrayList<>(total);
		for (int index = 0; index < total; index++) {
			shards.add(new ShardRun(fire, new Shard(index, total, sharding.paramsOf(index))));
		}
		CompletableFuture<AttemptResult> outcome = CompletableFuture
			.allOf(shards.stream().map((shard) -> shard.result).toArray(CompletableFuture[]::new))
			.thenApply((all) -> outcomeOf(shards));
		Future<?> limit = (sharding.timeoutSeconds() != null) ? this.timer.schedule(
				() -> stopAll(shards,
						AttemptResult.noted(ExecutionStatus.TIMED_OUT,
								Reason.of(ReasonCode.SHARD_LIMIT_PASSED, sharding.timeoutSeconds()))),
				sharding.timeoutSeconds(), TimeUnit.SECONDS) : null;
		outcome.whenComplete((result, failure) -> {
			if (limit != null) {
				limit.cancel(false);
			}
			if (outcome.isCancelled()) {
				stopAll(shards,
						AttemptResult.noted(ExecutionStatus.CANCELLED, Reason.of(ReasonCode.SHARD_CANCELLED_WITH_RUN)));
			}
		});
		if (fire.trigger() == TriggerType.RETRY && fire.executionId() != 0) {
			// the read is a query: on a worker, never on the caller's thread
			this.workers.execute(() -> callUnfinished(shards, instances));
		}
		else {
			shards.forEach((shard) -> call(shard, 1, instances));
		}
		return outcome;
	}

	/**
	 * The shards that succeeded before this run started again end at once with their
	 * output; the others are called.
	 */
	private void callUnfinished(List<ShardRun> shards, List<Targets.Resolved> instances) {
		Map<Integer, String> succeeded;
		try {
			succeeded = this.store.succeeded(shards.get(0).fire.executionId(), shards.size());
		}
		catch (RuntimeException ex) {
			logger.warn("Succeeded shards not read, every shard is called: {}", ex.getMessage());
			succeeded = Map.of();
		}
		for (ShardRun shard : shards) {
			if (succeeded.containsKey(shard.shard.index())) {
				shard.result
					.complete(new AttemptResult(ExecutionStatus.SUCCEEDED, succeeded.get(shard.shard.index()), null));
			}
			else {
				call(shard, 1, instances);
			}
		}
	}

	/**
	 * One attempt of a shard, at the instance its index falls on.
	 * @param instances the instances listed when the attempt began
	 */
	private void call(ShardRun shard, int attempt, List<Targets.Resolved> instances) {
		if (shard.result.isDone()) {
			return;
		}
		if (instances.isEmpty()) {
			// the retry policy applies: instances may come back before the next attempt;
			// the attempt has its row, at no instance, so its end lands on it
			if (begin(shard, attempt, null)) {
				ended(shard, attempt,
						AttemptResult.failed("no instance of " + Targets.serviceOf(shard.fire.job().target())));
			}
			return;
		}
		Targets.Resolved instance = instances.get(shard.shard.index() % instances.size());
		this.workers.execute(() -> {
			// a shard stopped meanwhile (the run cancelled, its limit passed) starts no
			// row
			// and no call
			if (!begin(shard, attempt, instance.address())) {
				return;
			}
			RunSpan span = this.tracing.shard(shard.fire.trace(), shard.shard.index(), shard.shard.total(), attempt);
			CompletableFuture<AttemptResult> call = this.targets
				.invokeAt(shard.fire.asShard(shard.shard, attempt).withTrace(this.tracing.context(span)), instance);
			call.whenComplete((result, failure) -> RunTracing.end(span, result != null && result.succeeded(),
					(result != null) ? result.error() : String.valueOf(failure)));
			shard.pending = call;
			if (shard.result.isDone()) {
				call.cancel(true);
			}
			call.whenCompleteAsync((result, failure) -> ended(shard, attempt, (result != null) ? result
					: call.isCancelled()
							? AttemptResult.noted(ExecutionStatus.CANCELLED, Reason.of(ReasonCode.SHARD_CANCELLED))
							: AttemptResult.failed(String.valueOf(failure))),
					this.workers);
		});
	}

	/**
	 * The shard's attempt becomes its current one, and its row says so.
	 * @return false when the shard was stopped meanwhile
	 */
	private boolean begin(ShardRun shard, int attempt, String instance) {
		long id = shard.fire.executionId();
		synchronized (shard) {
			if (shard.result.isDone()) {
				return false;
			}
			shard.attempt = attempt;
			if (id != 0) {
				record(() -> this.store.started(id, shard.shard.index(), shard.shard.total(), instance, attempt,
						this.clock.instant()));
			}
			return true;
		}
	}

	private void ended(ShardRun shard, int attempt, AttemptResult result) {
		AttemptPolicy.Next next = AttemptPolicy.ofShard(shard.fire.job())
			.after(result, attempt, 0, ThreadLocalRandom.current());
		synchronized (shard) {
			// stopped from outside: its row already says how
			if (shard.result.isDone()) {
				return;
			}
			long id = shard.fire.executionId();
			AttemptResult end = next.result();
			if (id != 0) {
				record(() -> this.store.ended(id, shard.shard.index(), attempt, end.status(), end.output(), end.error(),
						end.reason(), this.clock.instant()));
			}
			if (next.step() == AttemptPolicy.Step.FINISH) {
				shard.result.complete(next.result());
				return;
			}
		}
		long waitMillis = next.delay().toMillis();
		logger.info("Shard {} of {} of job {} at {} attempt {} ended {} ({}); retrying in {} ms", shard.shard.index(),
				shard.shard.total(), shard.fire.job().id(), shard.fire.scheduledAt(), attempt, next.result().status(),
				next.result().error(), waitMillis);
		shard.pending = this.timer.schedule(
				() -> this.workers
					.execute(() -> call(shard, attempt + 1, this.targets.instancesOf(shard.fire.job().target()))),
				waitMillis, TimeUnit.MILLISECONDS);
	}

	/**
	 * Ends every shard still going from outside its calls (the run cancelled, or its
	 * whole limit passed): each one's row says why, and its call or pending retry is
	 * stopped.
	 */
	private void stopAll(List<ShardRun> shards, AttemptResult why) {
		this.workers.execute(() -> shards.forEach((shard) -> {
			synchronized (shard) {
				if (shard.result.isDone()) {
					return;
				}
				long id = shard.fire.executionId();
				if (id != 0) {
					// the attempt under way, or the one that waits for its retry
					int attempt = shard.attempt;
					record(() -> this.store.stopped(id, shard.shard.index(), attempt, why.status(), why.error(),
							why.reason(), this.clock.instant()));
				}
				shard.result.complete(why);
			}
			Future<?> current = shard.pending;
			if (current != null) {
				current.cancel(true);
			}
		}));
	}

	/** A shard row that cannot be written is logged; the shards' calls go on. */
	private static void record(Runnable write) {
		try {
			write.run();
		}
		catch (RuntimeException ex) {
			logger.warn("Shard record not written: {}", ex.getMessage());
		}
	}

	/**
	 * SUCCEEDED when every shard did; TIMED_OUT when every shard that did not timed out
	 * (its own attempts, or the whole run's limit); else FAILED. The error names the
	 * shards that did not succeed.
	 */
	private static AttemptResult outcomeOf(List<ShardRun> shards) {
		List<ShardRun> failed = shards.stream().filter((shard) -> !shard.result.join().succeeded()).toList();
		int total = shards.size();
		if (failed.isEmpty()) {
			return new AttemptResult(ExecutionStatus.SUCCEEDED, total + " of " + total + " shards succeeded", null);
		}
		AttemptResult first = failed.get(0).result.join();
		boolean timedOut = failed.stream()
			.allMatch((shard) -> shard.result.join().status() == ExecutionStatus.TIMED_OUT);
		String which = String.join(", ",
				failed.stream().map((shard) -> Integer.toString(shard.shard.index())).toList());
		return new AttemptResult(timedOut ? ExecutionStatus.TIMED_OUT : ExecutionStatus.FAILED,
				(total - failed.size()) + " of " + total + " shards succeeded",
				"shard" + ((failed.size() == 1) ? " " : "s ") + which + " of " + total
						+ (timedOut ? " timed out" : " failed") + "; shard " + failed.get(0).shard.index() + ": "
						+ first.status() + " " + first.error());
	}

	/** One shard of the fire: its final result, and what is in flight for it now. */
	private static final class ShardRun {

		private final Invocation fire;

		private final Shard shard;

		private final CompletableFuture<AttemptResult> result = new CompletableFuture<>();

		private volatile Future<?> pending;

		// the attempt its row is at: set and read under the shard's lock
		private int attempt;

		ShardRun(Invocation fire, Shard shard) {
			this.fire = fire;
			this.shard = shard;
		}

	}

}
