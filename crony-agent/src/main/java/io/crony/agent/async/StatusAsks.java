package io.crony.agent.async;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executor;

import io.crony.agent.execution.ExecutionMdc;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.StatusAnswer;
import io.crony.agent.target.Target;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the status URL of an accepted attempt (a job with a status URL is not waited on
 * for a report) every status interval: the answer's progress is stored, and its SUCCEEDED
 * or FAILED ends the attempt with a conditional update (a report or the deadline that got
 * there first wins). An answer that cannot be used is logged once while it lasts, and the
 * URL asked again; the deadline still bounds the attempt.
 */
final class StatusAsks {

	private static final Logger logger = LoggerFactory.getLogger(StatusAsks.class);

	private final AsyncStore store;

	private final String agentId;

	private final Duration interval;

	private final Executor thread;

	private final Clock clock;

	/**
	 * @param thread where answers are taken (the async thread)
	 */
	StatusAsks(AsyncStore store, String agentId, Duration interval, Executor thread, Clock clock) {
		this.store = store;
		this.agentId = agentId;
		this.interval = interval;
		this.thread = thread;
		this.clock = clock;
	}

	/** How an attempt just accepted is asked, or null when its job has no status URL. */
	Asking askingFor(Invocation invocation, Target target, Instant accepted) {
		String statusUrl = invocation.job().target().statusUrl();
		return (statusUrl != null) ? new Asking(invocation, target, statusUrl, accepted.plus(this.interval)) : null;
	}

	/**
	 * Asks the attempt's status URL if it is due; the answer is taken on the async
	 * thread.
	 */
	void askIfDue(TrackedAttempt attempt, Instant now) {
		Asking asking = attempt.asking();
		if (asking == null || !asking.due(now)) {
			return;
		}
		asking.inFlight = true;
		asking.target.status(asking.attempt, asking.statusUrl)
			.whenComplete((answer, failure) -> this.thread.execute(
					() -> take(attempt, (answer != null) ? answer : StatusAnswer.unusable(String.valueOf(failure)))));
	}

	private void take(TrackedAttempt attempt, StatusAnswer answer) {
		Asking asking = attempt.asking();
		Instant now = this.clock.instant();
		asking.inFlight = false;
		asking.next = now.plus(this.interval);
		if (attempt.result().isDone()) {
			return;
		}
		try {
			if (answer.problem() != null) {
				// logged when the problem is new, not every interval it lasts
				if (!answer.problem().equals(asking.lastProblem)) {
					ExecutionMdc.with(asking.attempt.job().id(), attempt.id(),
							() -> logger.info("Execution {}: {}", attempt.id(), answer.problem()));
				}
				asking.lastProblem = answer.problem();
				return;
			}
			asking.lastProblem = null;
			if (!answer.finished()) {
				this.store.progress(attempt.id(), attempt.attempt(), this.agentId, answer, now);
			}
			else if (this.store.finish(attempt.id(), attempt.attempt(), this.agentId, answer.result(), answer.message(),
					now)) {
				attempt.result().complete(answer.result());
			}
			// else a report or the deadline got there first: the next poll reads the row
		}
		catch (RuntimeException ex) {
			logger.warn("Status of execution {} not stored, asked again: {}", attempt.id(), ex.getMessage());
		}
	}

	/**
	 * The status URL of an accepted attempt, and when it is next asked (the async thread
	 * only).
	 */
	static final class Asking {

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
