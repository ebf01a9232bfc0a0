package io.crony.agent.async;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongPredicate;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.agent.execution.ExecutionMdc;
import io.crony.agent.support.DaemonThreads;
import io.crony.agent.target.AttemptPolicy;
import io.crony.agent.target.AttemptResult;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes over the async runs a dead agent left: a RUNNING async row of a job this agent
 * holds, overdue by {@code takeover-grace} and tracked by nobody here (its agent crashed
 * after the target accepted it), is timed out and made this agent's (compare-and-set),
 * then retried here as {@link AttemptPolicy} says, the run's moves read from its chain so
 * they count as on the agent that started it. Its own thread, one query a poll interval.
 */
public final class DeadAgentTakeover implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(DeadAgentTakeover.class);

	private final AsyncStore store;

	private final MovedAttempts moved;

	private final String agentId;

	private final Duration pollInterval;

	private final Duration grace;

	private final Resumer engine;

	private final LongPredicate trackedHere;

	private final Clock clock;

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-async-takeover");

	// one warning per outage, not one per poll
	private boolean failing;

	/**
	 * @param engine the firing engine: the jobs this agent holds, and where a run taken
	 * over is resumed
	 * @param trackedHere whether an execution's attempt is tracked by this agent's
	 * {@link AsyncRuns} (not dead)
	 */
	public DeadAgentTakeover(AsyncStore store, MovedAttempts moved, String agentId, AsyncProperties properties,
			Resumer engine, LongPredicate trackedHere, Clock clock) {
		this.store = store;
		this.moved = moved;
		this.agentId = agentId;
		this.pollInterval = properties.pollInterval();
		this.grace = properties.takeoverGrace();
		this.engine = engine;
		this.trackedHere = trackedHere;
		this.clock = clock;
	}

	public void start() {
		long millis = Math.max(50, this.pollInterval.toMillis());
		this.thread.scheduleWithFixedDelay(this::poll, millis, millis, TimeUnit.MILLISECONDS);
	}

	private void poll() {
		try {
			takeOverOverdue();
			if (this.failing) {
				this.failing = false;
				logger.info("Overdue async runs checked again");
			}
		}
		catch (RuntimeException ex) {
			if (!this.failing) {
				this.failing = true;
				logger.warn("Overdue async runs not checked until the database answers again: {}", ex.getMessage());
			}
		}
	}

	private void takeOverOverdue() {
		Instant now = this.clock.instant();
		for (AsyncStore.Stale row : this.store.overdue(now.minus(this.grace))) {
			JobSpec spec = this.engine.heldSpec(row.jobId());
			if (spec == null || this.trackedHere.test(row.id())) {
				continue;
			}
			Reason error = Reason.of(ReasonCode.RUN_NO_REPORT_TAKEN_OVER, row.attempt(), row.agentId(), this.agentId);
			if (this.store.takeOver(row, this.agentId, error, now)) {
				retry(row, spec, error);
			}
		}
	}

	private void retry(AsyncStore.Stale row, JobSpec spec, Reason error) {
		// the attempt that timed out is a try; the moves before it are not
		int moves = this.moved.of(row.id());
		AttemptPolicy.Next next = AttemptPolicy.ofRun(spec)
			.after(AttemptResult.noted(ExecutionStatus.TIMED_OUT, error), row.attempt(), moves,
					ThreadLocalRandom.current());
		boolean retried = next.step() == AttemptPolicy.Step.RETRY;
		ExecutionMdc.with(row.jobId(), row.id(),
				() -> logger.info("Execution {} of job {} timed out on {}; {}", row.id(), row.jobId(), row.agentId(),
						retried ? "retrying attempt " + (row.attempt() + 1) : "no attempt left"));
		if (retried) {
			this.thread.schedule(() -> this.engine.resume(row.jobId(), row.id(), row.scheduledAt(), row.trigger(),
					row.params(), row.attempt() + 1, moves), next.delay().toMillis(), TimeUnit.MILLISECONDS);
		}
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
	}

}
