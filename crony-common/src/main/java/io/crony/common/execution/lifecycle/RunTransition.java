package io.crony.common.execution.lifecycle;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

import io.crony.common.execution.ExecutionStatus;

import static io.crony.common.execution.ExecutionStatus.CANCELLED;
import static io.crony.common.execution.ExecutionStatus.FAILED;
import static io.crony.common.execution.ExecutionStatus.MISSED;
import static io.crony.common.execution.ExecutionStatus.PENDING;
import static io.crony.common.execution.ExecutionStatus.RUNNING;
import static io.crony.common.execution.ExecutionStatus.SKIPPED;
import static io.crony.common.execution.ExecutionStatus.SUCCEEDED;
import static io.crony.common.execution.ExecutionStatus.TIMED_OUT;
import static io.crony.common.execution.ExecutionStatus.WAITING;

/**
 * The state machine of an execution row's {@code status}: every change of the column, in
 * crony-agent and crony-web, is one of these transitions, and its SQL (the {@code SET}
 * part that writes the status and the {@code WHERE} part that guards it) is built here.
 * The guard is a compare-and-set on the row's current status, so a write the machine does
 * not allow (a late record, a second report, a race between two writers) matches no row
 * and changes nothing instead of leaving a row in a state it cannot reach.
 * <p>
 * A row is inserted PENDING (a claim or a manual run), WAITING (a fire of a job with
 * upstream jobs, parked) or SKIPPED (a workflow run stopped before it ran); a fire
 * claimed by its job's window has no row until its record: it is inserted closed
 * ({@link #INSERT_CLOSED}), or RUNNING when its run outlives the agent's
 * {@code record-start-hold} ({@link #INSERT_RUNNING}). From then on:
 *
 * <pre>
 * (no row) --INSERT_CLOSED--> any closed state    (a key present: FINISH's guard instead)
 * (no row) --INSERT_RUNNING--> RUNNING            (a key present: START's guard instead)
 * WAITING  --RELEASE-->  PENDING
 * WAITING  --STOP-->     SKIPPED            WAITING --DROP--> CANCELLED
 * PENDING  --PARK-->     WAITING
 * PENDING  --START-->    RUNNING            (RUNNING --START--> RUNNING: the next attempt)
 * PENDING  --CANCEL-->   CANCELLED          PENDING --MISS--> MISSED
 * PENDING, RUNNING --FINISH--> any closed state (the agent's record of the outcome)
 * RUNNING  --END-->      SUCCEEDED | FAILED | TIMED_OUT      (an async attempt ends)
 * RUNNING  --REPORT-->   SUCCEEDED | FAILED | TIMED_OUT | CANCELLED   (an SDK report)
 * FAILED, TIMED_OUT --RETRY--> RUNNING      (an async retry, only while attempts are left)
 * MISSED   --FINISH-->   the run's own outcome (a record replayed late corrects the guess)
 * any closed state --CLEAR--> PENDING | WAITING   (an operator clears the run: same instant)
 * </pre>
 *
 * SUCCEEDED, CANCELLED and SKIPPED are left only by an operator's clear ({@link #CLEAR}),
 * which keeps the row's earlier run aside first. FAILED and TIMED_OUT are left otherwise
 * only by an async run's next attempt ({@link #RETRY}, guarded by {@code attempt < max}),
 * and MISSED, the reconciler's conclusion that nobody started the run, only by the run's
 * own finish record ({@link #FINISH}).
 */
public enum RunTransition {

	/**
	 * A window fire's record, written once (agent: its records; docs/scaling.md, "Plan" 3
	 * (c)): the closed row is inserted where the fire's key has no row. A key already
	 * present (a replayed record, a row an older agent claimed, one the former holder's
	 * look-back recorded MISSED) is never overwritten by the insert: the record goes
	 * through {@link #FINISH}'s guard instead ({@link #whenPresent}).
	 */
	INSERT_CLOSED(EnumSet.noneOf(ExecutionStatus.class),
			EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED, MISSED)),

	/**
	 * A window fire whose run outlives {@code record-start-hold} (or is async or sharded,
	 * whose row must exist before the call): inserted RUNNING, closed later by
	 * {@link #FINISH}. A key already present goes through {@link #START}'s guard instead.
	 */
	INSERT_RUNNING(EnumSet.noneOf(ExecutionStatus.class), EnumSet.of(RUNNING)),

	/** A claimed fire of a job with upstreams waits for them (agent: ClaimRows). */
	PARK(EnumSet.of(PENDING), EnumSet.of(WAITING)),

	/** Its upstreams succeeded: the waiting fire runs (web: ReleasedRuns). */
	RELEASE(EnumSet.of(WAITING), EnumSet.of(PENDING)),

	/** An upstream failed or a newer cycle began: the waiting fire is not run (web). */
	STOP(EnumSet.of(WAITING), EnumSet.of(SKIPPED)),

	/** The job of a waiting fire was deleted (web: LiveCycles). */
	DROP(EnumSet.of(WAITING), EnumSet.of(CANCELLED)),

	/**
	 * An attempt begins (agent: the batched start record); RUNNING again for the next
	 * attempt of a run that retries.
	 */
	START(EnumSet.of(PENDING, RUNNING), EnumSet.of(RUNNING)),

	/**
	 * An async attempt begins (agent: AsyncStore); a row its last attempt left FAILED or
	 * TIMED_OUT is restarted only while attempts are left ({@code attempt < ?}).
	 */
	RETRY(EnumSet.of(PENDING, RUNNING), EnumSet.of(RUNNING), EnumSet.of(FAILED, TIMED_OUT)),

	/**
	 * The agent's record of how the fire ended, run or not (agent: the batched finish
	 * record). A MISSED row, closed by the web leader because no start was recorded in
	 * time, takes the outcome of a run whose records arrive late.
	 */
	FINISH(EnumSet.of(PENDING, RUNNING, MISSED), EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED, MISSED)),

	/**
	 * An async attempt ends: its status URL's answer, its deadline, a takeover (agent).
	 */
	END(EnumSet.of(RUNNING), EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT)),

	/** An SDK report ends the run (web: ReportMapper). */
	REPORT(EnumSet.of(RUNNING), EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED)),

	/**
	 * A PENDING run is cancelled: by a user, or by the leader because its job was deleted
	 * or disabled (web: ExecutionMapper, ExecutionReconciler).
	 */
	CANCEL(EnumSet.of(PENDING), EnumSet.of(CANCELLED)),

	/** Nobody started a claimed fire in time (web: ExecutionReconciler). */
	MISS(EnumSet.of(PENDING), EnumSet.of(MISSED)),

	/**
	 * An operator clears an ended run to run it again for the same logical instant (web:
	 * RunClears): PENDING for the run cleared, WAITING for a dependent cleared with it,
	 * which its upstreams then release again. Its earlier run is kept aside first.
	 */
	CLEAR(EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED, SKIPPED, MISSED), EnumSet.of(PENDING, WAITING));

	private final Set<ExecutionStatus> from;

	private final Set<ExecutionStatus> to;

	private final Set<ExecutionStatus> retryableFrom;

	RunTransition(Set<ExecutionStatus> from, Set<ExecutionStatus> to) {
		this(from, to, EnumSet.noneOf(ExecutionStatus.class));
	}

	RunTransition(Set<ExecutionStatus> from, Set<ExecutionStatus> to, Set<ExecutionStatus> retryableFrom) {
		this.from = from;
		this.to = to;
		this.retryableFrom = retryableFrom;
	}

	/**
	 * The statuses this transition leaves unconditionally; none for an insert
	 * ({@link #inserts}).
	 */
	public Set<ExecutionStatus> from() {
		return this.from.isEmpty() ? EnumSet.noneOf(ExecutionStatus.class) : EnumSet.copyOf(this.from);
	}

	/**
	 * Whether this transition makes a row where the key has none, rather than updating
	 * one.
	 */
	public boolean inserts() {
		return this.from.isEmpty();
	}

	/**
	 * The transition whose guard a record of an insert runs through when its key already
	 * has a row: {@link #FINISH} for {@link #INSERT_CLOSED}, {@link #START} for
	 * {@link #INSERT_RUNNING}.
	 * @throws IllegalStateException for a transition that updates a row
	 */
	public RunTransition whenPresent() {
		return switch (this) {
			case INSERT_CLOSED -> FINISH;
			case INSERT_RUNNING -> START;
			default -> throw new IllegalStateException(this + " updates a row: no insert to fall back from");
		};
	}

	/** The statuses this transition leaves only while attempts are left. */
	public Set<ExecutionStatus> retryableFrom() {
		return this.retryableFrom.isEmpty() ? EnumSet.noneOf(ExecutionStatus.class)
				: EnumSet.copyOf(this.retryableFrom);
	}

	/** The statuses this transition may write. */
	public Set<ExecutionStatus> to() {
		return EnumSet.copyOf(this.to);
	}

	/**
	 * Whether the transition takes a row from {@code current} to {@code target}.
	 * @param attemptsLeft whether the run has attempts left (only RETRY asks)
	 */
	public boolean allows(ExecutionStatus current, ExecutionStatus target, boolean attemptsLeft) {
		if (inserts() || current == null) {
			// an insert takes a key without a row (null) to its target, and only that
			return inserts() && current == null && this.to.contains(target);
		}
		return this.to.contains(target)
				&& (this.from.contains(current) || (attemptsLeft && this.retryableFrom.contains(current)));
	}

	/**
	 * The status an insert with one target writes, as an SQL literal: {@code 'RUNNING'}.
	 * @throws IllegalStateException for a transition that updates a row, or writes one of
	 * several statuses
	 */
	public String insertValue() {
		requireInsert();
		if (this.to.size() != 1) {
			throw new IllegalStateException(this + " writes one of " + this.to + ": name the value");
		}
		return "'" + this.to.iterator().next().name() + "'";
	}

	/**
	 * The guard of an insert whose status is a value ({@code INSERT ... SELECT ... FROM
	 * (values) v WHERE} this): the value is one of the transition's targets,
	 * {@code v.status IN ('SUCCEEDED', 'FAILED', ...)}. That the key has no row is the
	 * unique key's to keep: the insert leaves a present key alone, whose record then goes
	 * through {@link #whenPresent}'s guard.
	 * @param value the SQL the status comes from: {@code v.status}
	 * @throws IllegalStateException for a transition that updates a row
	 */
	public String insertWhere(String value) {
		requireInsert();
		return value + " IN (" + quoted(this.to) + ")";
	}

	private void requireInsert() {
		if (!inserts()) {
			throw new IllegalStateException(this + " updates a row: its SQL is set and where");
		}
	}

	private void requireUpdate() {
		if (inserts()) {
			throw new IllegalStateException(this + " inserts a row: its SQL is insertValue or insertWhere");
		}
	}

	/**
	 * The SET part of a transition with one target: {@code status = 'RUNNING'}.
	 * @param alias the execution table's alias, or null
	 */
	public String set(String alias) {
		requireUpdate();
		if (this.to.size() != 1) {
			throw new IllegalStateException(this + " writes one of " + this.to + ": name the value");
		}
		return column(alias) + " = '" + this.to.iterator().next().name() + "'";
	}

	/**
	 * The SET part that writes one of the transition's targets: {@code status =
	 * 'TIMED_OUT'}.
	 * @throws IllegalArgumentException when the transition never writes {@code target}
	 */
	public String set(String alias, ExecutionStatus target) {
		requireUpdate();
		if (!this.to.contains(target)) {
			throw new IllegalArgumentException(this + " never writes " + target + ", only " + this.to);
		}
		return column(alias) + " = '" + target.name() + "'";
	}

	/** {@link #set(String)} on the unaliased table. */
	public String set() {
		return set(null);
	}

	/**
	 * The SET part of a transition with several targets, {@code status = <value>}; the
	 * guard ({@link #where(String, String)}) then checks the value is one of them.
	 * @param value the SQL the status comes from: {@code ?}, {@code #{status}},
	 * {@code v.status}
	 */
	public String setTo(String alias, String value) {
		requireUpdate();
		return column(alias) + " = " + value;
	}

	/**
	 * The guard of a transition with one target: the row's status is one it may leave,
	 * {@code status IN ('PENDING', 'RUNNING')}. RETRY's guard ends with a {@code ?} for
	 * the attempt being started: a FAILED or TIMED_OUT row restarts only for an attempt
	 * beyond its own.
	 */
	public String where(String alias) {
		requireUpdate();
		String current = column(alias) + " IN (" + quoted(this.from) + ")";
		if (this.retryableFrom.isEmpty()) {
			return current;
		}
		String attempt = (alias != null) ? alias + ".attempt" : "attempt";
		return "(" + current + " OR (" + column(alias) + " IN (" + quoted(this.retryableFrom) + ") AND " + attempt
				+ " < ?))";
	}

	/** {@link #where(String)} on the unaliased table. */
	public String where() {
		return where(null);
	}

	/**
	 * The guard of a transition whose target is a value: the row's status is one it may
	 * leave and the value one it may write.
	 */
	public String where(String alias, String value) {
		return where(alias) + " AND " + value + " IN (" + quoted(this.to) + ")";
	}

	private static String column(String alias) {
		return (alias != null) ? alias + ".status" : "status";
	}

	private static String quoted(Set<ExecutionStatus> statuses) {
		return statuses.stream().map((s) -> "'" + s.name() + "'").collect(Collectors.joining(", "));
	}

}
