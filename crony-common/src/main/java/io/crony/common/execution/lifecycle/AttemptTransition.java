package io.crony.common.execution.lifecycle;

import java.util.EnumSet;
import java.util.Set;

/**
 * The state machine of a link of an async run's chain of attempts
 * ({@code execution_attempt.status}, one row per attempt, written by the agent that runs
 * it). A link is open (status NULL) while its attempt is under way and ends once; every
 * write of the column, or of an open link, is one of these transitions, its guard built
 * here, so a late or duplicate write matches no row.
 * <p>
 * A link is inserted open when its attempt starts (after the execution row's own
 * compare-and-set, {@link RunTransition#RETRY}, made the attempt the row's); then:
 *
 * <pre>
 * open ──RESTART (the same attempt started again while its link is open)──▶ open
 * open ──END──▶ SUCCEEDED | FAILED | TIMED_OUT | CANCELLED | MOVED
 * </pre>
 *
 * An ended link is never left: only a clear (crony-web) deletes the chain. Before this
 * machine a start was an upsert that re-opened any link of its number: an ended link lost
 * its end, and a MOVED one no longer counted against the run's limit of moves.
 */
public enum AttemptTransition {

	/** The link's attempt starts again: where and by whom it runs now, when it began. */
	RESTART(EnumSet.noneOf(AttemptStatus.class)),

	/** The attempt ended: how, or MOVED when the run went on elsewhere. */
	END(EnumSet.allOf(AttemptStatus.class));

	private final Set<AttemptStatus> to;

	AttemptTransition(Set<AttemptStatus> to) {
		this.to = to;
	}

	/** The statuses this transition may write; none for one that keeps the link open. */
	public Set<AttemptStatus> to() {
		return this.to.isEmpty() ? EnumSet.noneOf(AttemptStatus.class) : EnumSet.copyOf(this.to);
	}

	/**
	 * Whether the transition takes a link at {@code current} to {@code target}; null is
	 * an open link.
	 */
	public boolean allows(AttemptStatus current, AttemptStatus target) {
		return current == null && ((target == null) ? this.to.isEmpty() : this.to.contains(target));
	}

	/**
	 * The SET part of END, {@code status = <value>}; the guard
	 * ({@link #where(String, String)}) then checks the value is one it may write.
	 * @throws IllegalStateException for a transition that keeps the link open
	 */
	public String setTo(String alias, String value) {
		if (this.to.isEmpty()) {
			throw new IllegalStateException(this + " keeps the link open: it writes no status");
		}
		return StatusSql.column(alias) + " = " + value;
	}

	/** The guard: the link is open. */
	public String where(String alias) {
		return StatusSql.column(alias) + " IS NULL";
	}

	/** The guard of END: the link is open and the value one it may write. */
	public String where(String alias, String value) {
		return where(alias) + " AND " + value + " IN (" + StatusSql.quoted(this.to) + ")";
	}

}
