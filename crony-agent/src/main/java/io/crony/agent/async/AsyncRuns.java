package io.crony.agent.async;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.crony.agent.support.DaemonThreads;
import io.crony.agent.execution.ExecutionMdc;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Placement;
import io.crony.agent.target.AttemptPolicy;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.StatusAnswer;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
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
 * agent crashed): timed out, then retried here. An accepted attempt also ends, as
 * {@link AttemptResult#moved}, when its instance asks to move the run (a progress report
 * with {@code rebalance}) or leaves the registry for {@code lost-instance-grace}: the
 * runner then starts the next attempt at another instance, handed the last resume
 * payload. A job with a progress timeout also moves an accepted attempt whose row has not
 * changed for that long (its instance stopped reporting), once per run (see
 * {@link #silent}). Each attempt is kept in the run's chain ({@code execution_attempt})
 * with its instance.
 */
public final class AsyncRuns implements Targets.AsyncAttempts, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(AsyncRuns.class);

	/** How the note of an attempt that moved for silence begins, in the run's chain. */
	static final String STOPPED_REPORTING = "its instance stopped reporting";

	private final AsyncStore store;

	private final MovedAttempts moved;

	private final String agentId;

	private final Duration pollInterval;

	private final Duration takeoverGrace;

	private final Duration statusInterval;

	private final Duration lostInstanceGrace;

	private final Predicate<Placement> listed;

	private final Clock clock;

	private final Map<Long, Tracked> tracked = new ConcurrentHashMap<>();

	/** Since when the registry has not listed an attempt's instance, by execution id. */
	private final Map<Long, Instant> missingSince = new ConcurrentHashMap<>();

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-async");

	private volatile Resumer resumer;

	// one warning per outage, not one per poll
	private boolean failing;

	/**
	 * @param listed whether the registry still lists an instance of a service
	 */
	public AsyncRuns(AsyncStore store, MovedAttempts moved, String agentId, AsyncProperties properties,
			Predicate<Placement> listed, Clock clock) {
		this.store = store;
		this.moved = moved;
		this.agentId = agentId;
		this.pollInterval = properties.pollInterval();
		this.takeoverGrace = properties.takeoverGrace();
		this.statusInterval = properties.statusInterval();
		this.lostInstanceGrace = properties.lostInstanceGrace();
		this.listed = listed;
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
		String instance = instanceOf(invocation);
		chained(invocation, instance, result);
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
				Integer progressTimeout = invocation.job().target().progressTimeoutSeconds();
				Instant now = this.clock.instant();
				this.tracked.put(id, new Tracked(id, invocation.attempt(), invocation.deadline(), result, instance,
						invocation.placement(),
						(statusUrl != null) ? new Asking(invocation, target, statusUrl, now.plus(this.statusInterval))
								: null,
						(progressTimeout != null && invocation.placement() != null)
								? new Silence(Duration.ofSeconds(progressTimeout), now) : null));
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
		// the registry is asked once per instance a poll, however many runs it holds
		Map<Placement, Boolean> listedNow = new HashMap<>();
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
			else if (row.moveRequested()) {
				attempt.result.complete(AttemptResult.moved(attempt.instance, "its instance asked to move the run"));
			}
			else if (lost(attempt, listedNow, now)) {
				attempt.result.complete(AttemptResult.moved(attempt.instance,
						"its instance " + attempt.instance + " left the registry"));
			}
			else if (silent(attempt, row, now)) {
				attempt.result.complete(AttemptResult.moved(attempt.instance,
						STOPPED_REPORTING + " for " + attempt.silence.timeout.toSeconds() + " s"));
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

	/**
	 * Whether the registry has not listed the attempt's instance for the grace period
	 * (only attempts at an instance picked through discovery can be lost).
	 */
	private boolean lost(Tracked attempt, Map<Placement, Boolean> listedNow, Instant now) {
		if (attempt.placement == null) {
			return false;
		}
		if (listedNow.computeIfAbsent(attempt.placement, this.listed::test)) {
			this.missingSince.remove(attempt.id);
			return false;
		}
		Instant since = this.missingSince.computeIfAbsent(attempt.id, (id) -> now);
		return !now.isBefore(since.plus(this.lostInstanceGrace));
	}

	/**
	 * Whether the attempt's row has not changed (no progress report, status answer or
	 * start) for the job's progress timeout and the run may be resumed elsewhere for it.
	 * The silence is measured on this agent's clock from when a poll last saw
	 * {@code updated_at} change, so crony-web's clock does not matter. Once per run: the
	 * run's chain is asked whether an earlier attempt already moved for silence (read
	 * only when an attempt falls silent, so not every poll); if one did, the resumed
	 * attempt went silent too and moving again is unlikely to help: this attempt runs to
	 * its deadline (TIMED_OUT, then the retry policy) instead.
	 */
	private boolean silent(Tracked attempt, AsyncStore.RowState row, Instant now) {
		Silence silence = attempt.silence;
		if (silence == null || silence.spent) {
			return false;
		}
		if (!Objects.equals(row.updatedAt(), silence.seen)) {
			silence.seen = row.updatedAt();
			silence.since = now;
			return false;
		}
		if (now.isBefore(silence.since.plus(silence.timeout))) {
			return false;
		}
		// read before it is marked, so a database error asks again at the next poll
		boolean resumedBefore = this.store.resumedForSilence(attempt.id);
		silence.spent = true;
		if (resumedBefore) {
			logger.info(
					"Execution {}: its instance {} stopped reporting for {} s; the run was resumed for that "
							+ "once already, so this attempt runs to its deadline",
					attempt.id, attempt.instance, silence.timeout.toSeconds());
			return false;
		}
		return true;
	}

	/**
	 * Keeps the attempt in the run's chain: where it started, and how it ended once its
	 * result is known. The chain is a record for people, and the one rule that reads it
	 * back is {@link #silent}'s once per run; an attempt runs the same without it.
	 */
	private void chained(Invocation invocation, String instance, CompletableFuture<AttemptResult> result) {
		long id = invocation.executionId();
		int attempt = invocation.attempt();
		try {
			this.store.attemptStarted(id, attempt, instance, this.agentId, this.clock.instant());
		}
		catch (RuntimeException ex) {
			logger.warn("Attempt {} of execution {} not added to its chain: {}", attempt, id, ex.getMessage());
			return;
		}
		result.whenComplete((outcome, failure) -> this.thread.execute(() -> {
			this.missingSince.remove(id);
			String status = (outcome == null) ? ExecutionStatus.CANCELLED.name()
					: outcome.moved() ? "MOVED" : outcome.status().name();
			try {
				this.store.attemptEnded(id, attempt, status, (outcome != null) ? outcome.error() : null,
						this.clock.instant());
			}
			catch (RuntimeException ex) {
				logger.warn("End of attempt {} of execution {} not added to its chain: {}", attempt, id,
						ex.getMessage());
			}
		}));
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
			// the attempt that timed out is a try; the moves before it are not
			int moves = this.moved.of(row.id());
			AttemptPolicy.Next next = AttemptPolicy.ofRun(spec)
				.after(new AttemptResult(ExecutionStatus.TIMED_OUT, null, error), row.attempt(), moves,
						ThreadLocalRandom.current());
			boolean retried = next.step() == AttemptPolicy.Step.RETRY;
			ExecutionMdc.with(row.jobId(), row.id(),
					() -> logger.info("Execution {} of job {} timed out on {}; {}", row.id(), row.jobId(),
							row.agentId(), retried ? "retrying attempt " + (row.attempt() + 1) : "no attempt left"));
			if (retried) {
				Resumer engine = this.resumer;
				this.thread.schedule(() -> engine.resume(row.jobId(), row.id(), row.scheduledAt(), row.trigger(),
						row.params(), row.attempt() + 1, moves), next.delay().toMillis(), TimeUnit.MILLISECONDS);
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
	 * @param instance the instance it went to ({@code host:port} as far as known)
	 * @param placement the instance discovery picked for it, null for a fixed address
	 * @param asking how its status URL is asked; null when the result is reported
	 * @param silence how long its row has not changed; null when the job has no progress
	 * timeout
	 */
	private record Tracked(long id, int attempt, Instant deadline, CompletableFuture<AttemptResult> result,
			String instance, Placement placement, Asking asking, Silence silence) {
	}

	/**
	 * The row's last {@code updated_at} a poll saw, and since when (this class's thread
	 * only).
	 */
	private static final class Silence {

		private final Duration timeout;

		private Instant seen;

		private Instant since;

		// checked: this attempt is not moved for silence (again)
		private boolean spent;

		Silence(Duration timeout, Instant accepted) {
			this.timeout = timeout;
			this.since = accepted;
		}

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
