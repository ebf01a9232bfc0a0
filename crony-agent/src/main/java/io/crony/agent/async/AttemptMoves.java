package io.crony.agent.async;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Placement;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When an accepted attempt moves, as {@link AttemptResult#moved}, so the runner starts
 * the next attempt at another instance with the last resume payload: its instance asked
 * (a progress report with {@code rebalance}), left the registry for
 * {@code lost-instance-grace}, or (a job with a progress timeout) stopped changing the
 * row for that long, once per run ({@link #silent}). Read on the async thread, once per
 * poll and attempt.
 */
final class AttemptMoves {

	private static final Logger logger = LoggerFactory.getLogger(AttemptMoves.class);

	private final AsyncStore store;

	private final Duration lostInstanceGrace;

	private final Predicate<Placement> listed;

	/** Since when the registry has not listed an attempt's instance, by execution id. */
	private final Map<Long, Instant> missingSince = new ConcurrentHashMap<>();

	/**
	 * @param listed whether the registry still lists an instance of a service
	 */
	AttemptMoves(AsyncStore store, Duration lostInstanceGrace, Predicate<Placement> listed) {
		this.store = store;
		this.lostInstanceGrace = lostInstanceGrace;
		this.listed = listed;
	}

	/**
	 * The move the attempt makes now, or null while it stays.
	 * @param listedNow the registry's answers of this poll: it is asked once per instance
	 * a poll, however many runs it holds
	 */
	AttemptResult moveOf(TrackedAttempt attempt, AsyncStore.RowState row, Map<Placement, Boolean> listedNow,
			Instant now) {
		if (row.moveRequested()) {
			return AttemptResult.moved(attempt.instance(), Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED));
		}
		if (lost(attempt, listedNow, now)) {
			return AttemptResult.moved(attempt.instance(),
					Reason.of(ReasonCode.ATTEMPT_INSTANCE_LEFT, attempt.instance()));
		}
		if (silent(attempt, row, now)) {
			// the code is how the run's chain tells that it was resumed for silence
			return AttemptResult.moved(attempt.instance(),
					Reason.of(ReasonCode.ATTEMPT_STOPPED_REPORTING, attempt.silence().timeout.toSeconds()));
		}
		return null;
	}

	/** The attempt ended: its instance's absence is no longer counted. */
	void forget(long id) {
		this.missingSince.remove(id);
	}

	/**
	 * Whether the registry has not listed the attempt's instance for the grace period
	 * (only attempts at an instance picked through discovery can be lost).
	 */
	private boolean lost(TrackedAttempt attempt, Map<Placement, Boolean> listedNow, Instant now) {
		if (attempt.placement() == null) {
			return false;
		}
		if (listedNow.computeIfAbsent(attempt.placement(), this.listed::test)) {
			this.missingSince.remove(attempt.id());
			return false;
		}
		Instant since = this.missingSince.computeIfAbsent(attempt.id(), (id) -> now);
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
	private boolean silent(TrackedAttempt attempt, AsyncStore.RowState row, Instant now) {
		Silence silence = attempt.silence();
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
		boolean resumedBefore = this.store.resumedForSilence(attempt.id());
		silence.spent = true;
		if (resumedBefore) {
			logger.info(
					"Execution {}: its instance {} stopped reporting for {} s; the run was resumed for that "
							+ "once already, so this attempt runs to its deadline",
					attempt.id(), attempt.instance(), silence.timeout.toSeconds());
			return false;
		}
		return true;
	}

	/**
	 * The row's last {@code updated_at} a poll saw, and since when (the async thread
	 * only).
	 */
	static final class Silence {

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

}
