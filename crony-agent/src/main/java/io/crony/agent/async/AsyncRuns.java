package io.crony.agent.async;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.crony.agent.support.DaemonThreads;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Placement;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ASYNC attempts, on one thread of their own: each attempt's call ({@link AsyncCall}),
 * then, once its target accepted it, one poll of every tracked row per interval
 * ({@link ReportPolling}) that ends it from a report, its deadline, its status URL
 * ({@link StatusAsks}) or a move to another instance ({@link AttemptMoves}); each attempt
 * is a link of its run's chain ({@link AttemptChainLinks}). The caller's
 * {@link io.crony.agent.target.AttemptPolicy} then applies as for any attempt. Runs a
 * dead agent left are taken over apart ({@link DeadAgentTakeover}).
 */
public final class AsyncRuns implements Targets.AsyncAttempts, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(AsyncRuns.class);

	private final Duration pollInterval;

	private final Map<Long, TrackedAttempt> tracked = new ConcurrentHashMap<>();

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-async");

	private final AttemptMoves moves;

	private final AsyncCall calls;

	private final ReportPolling polling;

	// one warning per outage, not one per poll
	private boolean failing;

	/**
	 * @param listed whether the registry still lists an instance of a service
	 */
	public AsyncRuns(AsyncStore store, String agentId, AsyncProperties properties, Predicate<Placement> listed,
			Clock clock) {
		this.pollInterval = properties.pollInterval();
		this.moves = new AttemptMoves(store, properties.lostInstanceGrace(), listed);
		StatusAsks asks = new StatusAsks(store, agentId, properties.statusInterval(), this.thread, clock);
		this.calls = new AsyncCall(store, agentId, new AttemptChainLinks(store, agentId, this.thread, clock), asks,
				clock);
		this.polling = new ReportPolling(store, agentId, this.moves, asks, clock);
	}

	public void start() {
		long millis = Math.max(50, this.pollInterval.toMillis());
		this.thread.scheduleWithFixedDelay(this::poll, millis, millis, TimeUnit.MILLISECONDS);
	}

	/** How many accepted attempts wait for their result. */
	public int waiting() {
		return this.tracked.size();
	}

	/** Whether an attempt of the execution is tracked here. */
	public boolean tracks(long executionId) {
		return this.tracked.containsKey(executionId);
	}

	@Override
	public CompletableFuture<AttemptResult> invoke(Invocation invocation, Target target) {
		if (invocation.executionId() == 0) {
			return CompletableFuture.completedFuture(
					AttemptResult.failed("ASYNC runs need their execution row; the database was unreachable"));
		}
		long id = invocation.executionId();
		CompletableFuture<AttemptResult> result = new CompletableFuture<>();
		result.whenComplete((outcome, failure) -> {
			this.tracked.remove(id);
			this.moves.forget(id);
		});
		this.thread.execute(() -> {
			try {
				this.calls.call(invocation, target, result, (accepted) -> this.tracked.put(id, accepted));
			}
			catch (RuntimeException ex) {
				result.complete(AttemptResult.failed("Async attempt could not start: " + ex.getMessage()));
			}
		});
		return result;
	}

	private void poll() {
		try {
			if (!this.tracked.isEmpty()) {
				this.polling.check(this.tracked);
			}
			if (this.failing) {
				this.failing = false;
				logger.info("Async runs checked again");
			}
		}
		catch (RuntimeException ex) {
			if (!this.failing) {
				this.failing = true;
				logger.warn("Async runs not checked until the database answers again: {}", ex.getMessage());
			}
		}
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
		this.tracked.values().forEach((attempt) -> attempt.result().cancel(true));
	}

}
