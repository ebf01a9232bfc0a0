package io.crony.agent.async;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Placement;
import io.crony.common.execution.ExecutionStatus;

/**
 * One poll of the accepted attempts, in one query for all their rows: a row crony-web
 * finished from a report ends its attempt with that result; an attempt whose instance
 * asked to move, left or fell silent moves ({@link AttemptMoves}); at the deadline the
 * attempt is timed out with a conditional update (a report that got there first wins); an
 * attempt with a status URL is asked when due ({@link StatusAsks}).
 */
final class ReportPolling {

	private final AsyncStore store;

	private final String agentId;

	private final AttemptMoves moves;

	private final StatusAsks asks;

	private final Clock clock;

	ReportPolling(AsyncStore store, String agentId, AttemptMoves moves, StatusAsks asks, Clock clock) {
		this.store = store;
		this.agentId = agentId;
		this.moves = moves;
		this.asks = asks;
		this.clock = clock;
	}

	/** Checks every tracked attempt once; an attempt found done leaves the map. */
	void check(Map<Long, TrackedAttempt> tracked) {
		Map<Long, AsyncStore.RowState> rows = this.store.states(tracked.keySet());
		Instant now = this.clock.instant();
		Map<Placement, Boolean> listedNow = new HashMap<>();
		for (TrackedAttempt attempt : tracked.values()) {
			AsyncStore.RowState row = rows.get(attempt.id());
			if (attempt.result().isDone()) {
				// cancelled while its call was answering
				tracked.remove(attempt.id(), attempt);
			}
			else if (row == null) {
				attempt.result().complete(AttemptResult.failed("Execution " + attempt.id() + " disappeared"));
			}
			else if (row.status() != ExecutionStatus.RUNNING || row.attempt() != attempt.attempt()) {
				// ended by a report, the reconciler or a takeover: its note, and its code
				// when the platform wrote it
				attempt.result()
					.complete(new AttemptResult(row.status(), row.output(), row.error(), null, null, row.reason()));
			}
			else {
				checkRunning(attempt, row, listedNow, now);
			}
		}
	}

	private void checkRunning(TrackedAttempt attempt, AsyncStore.RowState row, Map<Placement, Boolean> listedNow,
			Instant now) {
		AttemptResult moved = this.moves.moveOf(attempt, row, listedNow, now);
		if (moved != null) {
			attempt.result().complete(moved);
		}
		else if (!now.isBefore(attempt.deadline())) {
			Reason error = Reason.of(ReasonCode.RUN_NO_REPORT_BY_DEADLINE, attempt.deadline());
			if (this.store.timeOut(attempt.id(), attempt.attempt(), this.agentId, error, now)) {
				attempt.result().complete(AttemptResult.noted(ExecutionStatus.TIMED_OUT, error));
			}
			// else a report got there first: the next poll reads it
		}
		else {
			this.asks.askIfDue(attempt, now);
		}
	}

}
