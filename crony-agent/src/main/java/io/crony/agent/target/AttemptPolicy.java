package io.crony.agent.target;

import java.time.Duration;
import java.util.random.RandomGenerator;

import io.crony.common.job.JobSpec;
import io.crony.common.job.RetryPolicy;

/**
 * What follows the end of an attempt, the one rule for the plain, sharded and async
 * paths: a success ends the run; a move (the instance asked to move the run, or left the
 * registry) starts the next attempt at once elsewhere, up to {@link #MOVE_LIMIT} moves;
 * any other end is a failure, retried after the job's backoff while the failures stay
 * under {@link RetryPolicy#maxAttempts()}.
 * <p>
 * A move is not a failure: attempt numbers go on through moves (each attempt is its own
 * link of the run's chain), but neither the attempts the retry policy allows nor its
 * backoff count them. So attempt {@code n} of a run that moved {@code m} times is its
 * {@code (n - m)}-th try, wherever it runs: on the agent that started it, or on the agent
 * that took it over ({@code moves} then come from the run's chain).
 */
public final class AttemptPolicy {

	/**
	 * Moves one run may make from instance to instance: past them a move fails the
	 * attempt, so two instances that keep handing a run to each other do not hold it
	 * forever.
	 */
	public static final int MOVE_LIMIT = 10;

	private final RetryPolicy retry;

	private final boolean movesAllowed;

	private AttemptPolicy(RetryPolicy retry, boolean movesAllowed) {
		this.retry = (retry != null) ? retry : RetryPolicy.NONE;
		this.movesAllowed = movesAllowed;
	}

	/**
	 * The policy of a run of the job. A sharded run is one attempt: its shards were each
	 * retried already ({@link #ofShard}).
	 */
	public static AttemptPolicy ofRun(JobSpec job) {
		return new AttemptPolicy((job.target().sharding() != null) ? RetryPolicy.NONE : job.retry(), true);
	}

	/**
	 * The policy of one shard of a sharded run: the job's retry policy, for the shard
	 * alone; a shard is called at the instance its index falls on, so it never moves (a
	 * move answer is a failure).
	 */
	public static AttemptPolicy ofShard(JobSpec job) {
		return new AttemptPolicy(job.retry(), false);
	}

	/**
	 * What follows an attempt.
	 * @param result how the attempt ended
	 * @param attempt its number, 1 for the first (moves included)
	 * @param moves attempts of the run that ended by moving, before this one
	 * @param random where the backoff's jitter comes from
	 * @return the next step
	 */
	public Next after(AttemptResult result, int attempt, int moves, RandomGenerator random) {
		if (result.succeeded()) {
			return new Next(Step.FINISH, result, Duration.ZERO);
		}
		AttemptResult failure = result;
		if (result.moved()) {
			if (this.movesAllowed && moves < MOVE_LIMIT) {
				return new Next(Step.MOVE, result, Duration.ZERO);
			}
			failure = AttemptResult.failed(result.error() + (this.movesAllowed
					? "; not moved again: the run moved " + MOVE_LIMIT + " times" : "; a shard is not moved"));
		}
		int tries = attempt - moves;
		if (tries >= this.retry.maxAttempts()) {
			return new Next(Step.FINISH, failure, Duration.ZERO);
		}
		// the backoff grows with the failures only: retry n waits delayBefore(n + 1)
		return new Next(Step.RETRY, failure, this.retry.delayBefore(tries + 1, random));
	}

	/** The backoff strategy's name, for the log. */
	public String backoff() {
		return String.valueOf(this.retry.backoff());
	}

	/** What follows an attempt. */
	public enum Step {

		/** The run ends with the result. */
		FINISH,

		/** The next attempt starts at once, off the instance the run moves away from. */
		MOVE,

		/** The next attempt starts after the wait. */
		RETRY

	}

	/**
	 * @param step what follows
	 * @param result how the run ends (FINISH), or how the attempt ended
	 * @param delay before the next attempt (RETRY), else zero
	 */
	public record Next(Step step, AttemptResult result, Duration delay) {

	}

}
