package io.crony.agent.async;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.crony.agent.support.DaemonThreads;
import io.crony.agent.execution.ExecutionMdc;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.StatusAnswer;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.RetryPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ASYNC attempts. Before the call the row is marked RUNNING with the attempt's deadline
 * (and the last resume payload is read back for the target); when the target answers
 * ACCEPTED the attempt is tracked, and one thread polls every tracked row in one query
 * per interval: a row crony-web finished from a report ends the attempt with that result;
 * at the deadline the attempt is timed out with a conditional update (a report that got
 * there first wins). A job with a status URL is not waited on for a report: its accepted
 * attempt is asked there every status interval, and the answer's progress is stored and
 * its SUCCEEDED or FAILED ends the attempt, with the same conditional update. The
 * caller's retry policy then applies as for any attempt. The same thread also takes over
 * overdue async rows of jobs this agent holds whose attempt nobody tracks any more (their
 * agent crashed): timed out, then retried here.
 */
public final class AsyncRuns implements Targets.AsyncAttempts, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(AsyncRuns.class);

	private final AsyncStore store;

	private final String agentId;

	private final Duration pollInterval;

	private final Duration takeoverGrace;

	private final Duration statusInterval;

	private final Clock clock;

	private final Map<Long, Tracked> tracked = new ConcurrentHashMap<>();

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-async");

	private volatile Resumer resumer;

	// one warning per outage, not one per poll
	private boolean failing;

	public AsyncRuns(AsyncStore store, String agentId, Duration pollInterval, Duration takeoverGrace,
			Duration statusInterval, Clock clock) {
		this.store = store;
		this.agentId = agentId;
		this.pollInterval = pollInterval;
		this.takeoverGrace = takeoverGrace;
		this.statusInterval = statusInterval;
		this.clock = clock;
	}

	/** Lets overdue rows of held jobs be retried here (the engine holds the jobs). */
	public void attach(Resumer engine) {
		this.resumer = engine;
	}

	public void start() {
		long millis = Math.max(50, this.pollInterval.toMillis());
		this.thread.scheduleWithFixedDelay(this::poll, millis, millis, TimeUnit.MILLISECONDS);
	}

	/** How many accepted attempts wait for their result. */
	public int waiting() {
		return this.tracked.size();
	}

	@Override
	public CompletableFuture<AttemptResult> invoke(Invocation invocation, Target target) {
		if (invocation.executionId() == 0) {
			return CompletableFuture.completedFuture(
					AttemptResult.failed("ASYNC runs need their execution row; the database was unreachable"));
		}
		CompletableFuture<AttemptResult> result = new CompletableFuture<>();
		result.whenComplete((outcome, failure) -> this.tracked.remove(invocation.executionId()));
		this.thread.execute(() -> {
			try {
				call(invocation, target, result);
			}
			catch (RuntimeException ex) {
				result.complete(AttemptResult.failed("Async attempt could not start: " + ex.getMessage()));
			}
		});
		return result;
	}

	private void call(Invocation invocation, Target target, CompletableFuture<AttemptResult> result) {
		if (result.isDone()) {
			return;
		}
		long id = invocation.executionId();
		if (!this.store.start(id, this.agentId, invocation.attempt(), invocation.deadline(), this.clock.instant())) {
			result.complete(AttemptResult.failed("Execution " + id + " is no longer this agent's to run"));
			return;
		}
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
				String statusUrl = invocation.job().target().statusUrl();
				this.tracked
					.put(id, new Tracked(id, invocation.attempt(), invocation.deadline(), result, (statusUrl != null)
							? new Asking(invocation, target, statusUrl, this.clock.instant().plus(this.statusInterval))
							: null));
			}
		});
	}

	private void poll() {
		try {
			if (!this.tracked.isEmpty()) {
				checkTracked();
			}
			if (this.resumer != null) {
				takeOverOverdue();
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

	private void checkTracked() {
		Map<Long, AsyncStore.RowState> rows = this.store.states(this.tracked.keySet());
		Instant now = this.clock.instant();
		for (Tracked attempt : this.tracked.values()) {
			AsyncStore.RowState row = rows.get(attempt.id);
			if (attempt.result.isDone()) {
				// cancelled while its call was answering
				this.tracked.remove(attempt.id, attempt);
			}
			else if (row == null) {
				attempt.result.complete(AttemptResult.failed("Execution " + attempt.id + " disappeared"));
			}
			else if (row.status() != ExecutionStatus.RUNNING || row.attempt() != attempt.attempt) {
				attempt.result.complete(new AttemptResult(row.status(), row.output(), row.error()));
			}
			else if (!now.isBefore(attempt.deadline)) {
				String error = "No result reported before the deadline " + attempt.deadline;
				if (this.store.timeOut(attempt.id, attempt.attempt, this.agentId, error, now)) {
					attempt.result.complete(new AttemptResult(ExecutionStatus.TIMED_OUT, null, error));
				}
				// else a report got there first: the next poll reads it
			}
			else if (attempt.asking != null && attempt.asking.due(now)) {
				ask(attempt);
			}
		}
	}

	/** Asks the attempt's status URL; the answer is taken on this class's thread. */
	private void ask(Tracked attempt) {
		Asking asking = attempt.asking;
		asking.inFlight = true;
		asking.target.status(asking.attempt, asking.statusUrl)
			.whenComplete((answer, failure) -> this.thread.execute(
					() -> take(attempt, (answer != null) ? answer : StatusAnswer.unusable(String.valueOf(failure)))));
	}

	private void take(Tracked attempt, StatusAnswer answer) {
		Asking asking = attempt.asking;
		Instant now = this.clock.instant();
		asking.inFlight = false;
		asking.next = now.plus(this.statusInterval);
		if (attempt.result.isDone()) {
			return;
		}
		try {
			if (answer.problem() != null) {
				// asked again at the next interval; the deadline still bounds the
				// attempt.
				// Logged when the problem is new, not every interval it lasts
				if (!answer.problem().equals(asking.lastProblem)) {
					ExecutionMdc.with(asking.attempt.job().id(), attempt.id,
							() -> logger.info("Execution {}: {}", attempt.id, answer.problem()));
				}
				asking.lastProblem = answer.problem();
				return;
			}
			asking.lastProblem = null;
			if (!answer.finished()) {
				this.store.progress(attempt.id, attempt.attempt, this.agentId, answer, now);
			}
			else if (this.store.finish(attempt.id, attempt.attempt, this.agentId, answer.result(), answer.message(),
					now)) {
				attempt.result.complete(answer.result());
			}
			// else a report or the deadline got there first: the next poll reads the row
		}
		catch (RuntimeException ex) {
			logger.warn("Status of execution {} not stored, asked again: {}", attempt.id, ex.getMessage());
		}
	}

	private void takeOverOverdue() {
		Instant now = this.clock.instant();
		for (AsyncStore.Stale row : this.store.overdue(now.minus(this.takeoverGrace))) {
			JobSpec spec = this.resumer.heldSpec(row.jobId());
			if (spec == null || this.tracked.containsKey(row.id())) {
				continue;
			}
			String error = "No result reported before the deadline (attempt " + row.attempt() + " on " + row.agentId()
					+ ", taken over by " + this.agentId + ")";
			if (!this.store.takeOver(row, this.agentId, error, now)) {
				continue;
			}
			RetryPolicy retry = (spec.retry() != null) ? spec.retry() : RetryPolicy.NONE;
			boolean retried = row.attempt() < retry.maxAttempts();
			ExecutionMdc.with(row.jobId(), row.id(),
					() -> logger.info("Execution {} of job {} timed out on {}; {}", row.id(), row.jobId(),
							row.agentId(), retried ? "retrying attempt " + (row.attempt() + 1) : "no attempt left"));
			if (retried) {
				Resumer engine = this.resumer;
				this.thread.schedule(
						() -> engine.resume(row.jobId(), row.id(), row.scheduledAt(), row.trigger(), row.params(),
								row.attempt() + 1),
						retry.delayBefore(row.attempt() + 1, ThreadLocalRandom.current()).toMillis(),
						TimeUnit.MILLISECONDS);
			}
		}
	}

	@Override
	public void close() {
		this.thread.shutdownNow();
		this.tracked.values().forEach((attempt) -> attempt.result.cancel(true));
	}

	/**
	 * An accepted attempt waiting for its result.
	 *
	 * @param asking how its status URL is asked; null when the result is reported
	 */
	private record Tracked(long id, int attempt, Instant deadline, CompletableFuture<AttemptResult> result,
			Asking asking) {
	}

	/**
	 * The status URL of an accepted attempt, and when it is next asked (this class's
	 * thread only).
	 */
	private static final class Asking {

		private final Invocation attempt;

		private final Target target;

		private final String statusUrl;

		private Instant next;

		private boolean inFlight;

		private String lastProblem;

		Asking(Invocation attempt, Target target, String statusUrl, Instant first) {
			this.attempt = attempt;
			this.target = target;
			this.statusUrl = statusUrl;
			this.next = first;
		}

		boolean due(Instant now) {
			return !this.inFlight && !now.isBefore(this.next);
		}

	}

}
