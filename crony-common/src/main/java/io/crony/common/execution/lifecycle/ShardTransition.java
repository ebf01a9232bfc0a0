package io.crony.common.execution.lifecycle;

import java.util.EnumSet;
import java.util.Set;

import io.crony.common.execution.ExecutionStatus;

import static io.crony.common.execution.ExecutionStatus.CANCELLED;
import static io.crony.common.execution.ExecutionStatus.FAILED;
import static io.crony.common.execution.ExecutionStatus.RUNNING;
import static io.crony.common.execution.ExecutionStatus.SUCCEEDED;
import static io.crony.common.execution.ExecutionStatus.TIMED_OUT;

/**
 * The state machine of a shard row's {@code status} ({@code execution_shard}, one row per
 * shard of a sharded or broadcast run, written by the agent that runs it). Every change
 * of the column is one of these transitions, and its SQL is built here: a compare-and-set
 * on the row's status and attempt, so a late or duplicate write (an earlier run's shard
 * ending after an operator re-ran the failed shards, a start replayed) matches no row.
 * <p>
 * A row is inserted RUNNING when a shard's first attempt starts there
 * ({@link #INSERTED}); a clear or a re-run of the failed shards (crony-web) deletes the
 * rows the next run writes afresh. Then:
 *
 * <pre>
 * RUNNING ──END (attempt = ?)──▶ SUCCEEDED | FAILED | TIMED_OUT | CANCELLED   (the attempt's answer)
 * RUNNING, FAILED, TIMED_OUT ──RETRY (attempt &lt; ?)──▶ RUNNING               (the shard's next attempt)
 * RUNNING, FAILED, TIMED_OUT ──STOP (attempt = ?)──▶ CANCELLED | TIMED_OUT    (the run cancelled, or its limit)
 * </pre>
 *
 * SUCCEEDED and CANCELLED are never left (only a clear deletes them). Before this machine
 * a shard's start was an upsert that set any row RUNNING, and its end an update of any
 * row: a late start or end re-opened or rewrote a shard that had succeeded, and a re-run
 * that kept it then read it as not succeeded.
 */
public enum ShardTransition {

	/** A shard's attempt ends: its target's answer, or a failure to call it. */
	END(EnumSet.of(RUNNING), EnumSet.of(SUCCEEDED, FAILED, TIMED_OUT, CANCELLED), "attempt = ?"),

	/**
	 * A shard's next attempt begins (its last one failed, timed out, or was never
	 * recorded ended): only for an attempt beyond the row's.
	 */
	RETRY(EnumSet.of(RUNNING, FAILED, TIMED_OUT), EnumSet.of(RUNNING), "attempt < ?"),

	/**
	 * The run stops its shards still going, one waiting for a retry included: cancelled
	 * with the run, or TIMED_OUT by the limit on the whole run.
	 */
	STOP(EnumSet.of(RUNNING, FAILED, TIMED_OUT), EnumSet.of(CANCELLED, TIMED_OUT), "attempt = ?");

	/** The status a shard's row is inserted with, as its first attempt starts. */
	public static final ExecutionStatus INSERTED = RUNNING;

	private final Set<ExecutionStatus> from;

	private final Set<ExecutionStatus> to;

	private final String attemptGuard;

	ShardTransition(Set<ExecutionStatus> from, Set<ExecutionStatus> to, String attemptGuard) {
		this.from = from;
		this.to = to;
		this.attemptGuard = attemptGuard;
	}

	/** The statuses this transition leaves. */
	public Set<ExecutionStatus> from() {
		return EnumSet.copyOf(this.from);
	}

	/** The statuses this transition may write. */
	public Set<ExecutionStatus> to() {
		return EnumSet.copyOf(this.to);
	}

	/**
	 * Whether the transition takes a row at {@code current}, attempt {@code rowAttempt},
	 * to {@code target} for attempt {@code attempt}.
	 */
	public boolean allows(ExecutionStatus current, int rowAttempt, ExecutionStatus target, int attempt) {
		boolean attemptHolds = (this == RETRY) ? rowAttempt < attempt : rowAttempt == attempt;
		return this.from.contains(current) && this.to.contains(target) && attemptHolds;
	}

	/** The SET part of a transition with one target: {@code status = 'RUNNING'}. */
	public String set(String alias) {
		return StatusSql.assign(alias, StatusSql.single(this, this.to));
	}

	/**
	 * The SET part that writes one of the transition's targets.
	 * @throws IllegalArgumentException when the transition never writes {@code target}
	 */
	public String set(String alias, ExecutionStatus target) {
		return StatusSql.assign(alias, StatusSql.checked(this, this.to, target));
	}

	/**
	 * The SET part of a transition with several targets, {@code status = <value>}; the
	 * guard ({@link #where(String, String)}) then checks the value is one of them.
	 */
	public String setTo(String alias, String value) {
		return StatusSql.column(alias) + " = " + value;
	}

	/**
	 * The guard: the row's status is one the transition leaves, and its attempt the one
	 * ending ({@code attempt = ?}) or one before the one starting ({@code attempt < ?});
	 * the attempt is its last parameter.
	 */
	public String where(String alias) {
		String attempt = (alias != null) ? alias + "." + this.attemptGuard : this.attemptGuard;
		return StatusSql.in(alias, this.from) + " AND " + attempt;
	}

	/**
	 * The guard of a transition whose target is a value: {@link #where(String)} and the
	 * value one it may write.
	 */
	public String where(String alias, String value) {
		return where(alias) + " AND " + value + " IN (" + StatusSql.quoted(this.to) + ")";
	}

}
