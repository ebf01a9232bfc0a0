package io.crony.common.execution.lifecycle;

import java.util.EnumSet;
import java.util.Set;

import static io.crony.common.execution.lifecycle.BackfillStatus.CANCELLED;
import static io.crony.common.execution.lifecycle.BackfillStatus.FAILED;
import static io.crony.common.execution.lifecycle.BackfillStatus.PAUSED;
import static io.crony.common.execution.lifecycle.BackfillStatus.RUNNING;
import static io.crony.common.execution.lifecycle.BackfillStatus.SUCCEEDED;

/**
 * The state machine of a backfill's {@code status} (crony-web). Every change of the
 * column is one of these transitions, and its SQL is built here: a compare-and-set on the
 * row's status, so a pause, resume or cancel racing another one, or the leader ending the
 * backfill, changes the row once and the loser is told (409), not answered as if it had
 * happened.
 * <p>
 * A backfill is inserted RUNNING ({@link #INSERTED}); then:
 *
 * <pre>
 * RUNNING ──PAUSE (a user)──▶ PAUSED ──RESUME (a user)──▶ RUNNING
 * RUNNING, PAUSED ──CANCEL (a user)──▶ CANCELLED
 * RUNNING ──END (web leader: every instant started and ended)──▶ SUCCEEDED | FAILED
 * </pre>
 *
 * CANCELLED, SUCCEEDED and FAILED are never left.
 */
public enum BackfillTransition {

	/** No more instants start. */
	PAUSE(EnumSet.of(RUNNING), EnumSet.of(PAUSED)),

	/** A paused backfill starts instants again. */
	RESUME(EnumSet.of(PAUSED), EnumSet.of(RUNNING)),

	/** No more instants start, for good. */
	CANCEL(EnumSet.of(RUNNING, PAUSED), EnumSet.of(CANCELLED)),

	/** Every instant started and ended (web leader). */
	END(EnumSet.of(RUNNING), EnumSet.of(SUCCEEDED, FAILED));

	/** The status a backfill is inserted with. */
	public static final BackfillStatus INSERTED = RUNNING;

	private final Set<BackfillStatus> from;

	private final Set<BackfillStatus> to;

	BackfillTransition(Set<BackfillStatus> from, Set<BackfillStatus> to) {
		this.from = from;
		this.to = to;
	}

	/** The statuses this transition leaves. */
	public Set<BackfillStatus> from() {
		return EnumSet.copyOf(this.from);
	}

	/** The statuses this transition may write. */
	public Set<BackfillStatus> to() {
		return EnumSet.copyOf(this.to);
	}

	/** The one status this transition writes. */
	public BackfillStatus target() {
		return StatusSql.single(this, this.to);
	}

	/** Whether the transition takes a backfill from {@code current} to {@code target}. */
	public boolean allows(BackfillStatus current, BackfillStatus target) {
		return this.from.contains(current) && this.to.contains(target);
	}

	/** The SET part of a transition with one target: {@code status = 'PAUSED'}. */
	public String set(String alias) {
		return StatusSql.assign(alias, target());
	}

	/**
	 * The SET part that writes one of the transition's targets.
	 * @throws IllegalArgumentException when the transition never writes {@code target}
	 */
	public String set(String alias, BackfillStatus target) {
		return StatusSql.assign(alias, StatusSql.checked(this, this.to, target));
	}

	/** The guard: the row's status is one the transition leaves. */
	public String where(String alias) {
		return StatusSql.in(alias, this.from);
	}

}
