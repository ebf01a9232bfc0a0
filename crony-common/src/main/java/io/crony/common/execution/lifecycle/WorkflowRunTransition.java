package io.crony.common.execution.lifecycle;

import java.util.EnumSet;
import java.util.Set;

import io.crony.common.execution.ExecutionStatus;

import static io.crony.common.execution.ExecutionStatus.FAILED;
import static io.crony.common.execution.ExecutionStatus.RUNNING;
import static io.crony.common.execution.ExecutionStatus.SUCCEEDED;

/**
 * The state machine of a workflow run's {@code status} ({@code workflow_run}: a run with
 * dependents, or one instant of a backfill, followed by the web leader). Every change of
 * the column is one of these transitions, and its SQL is built here: a compare-and-set on
 * the row's status, so the leader ending a run an operator has just cleared, or two
 * clears at once, change nothing twice.
 * <p>
 * A row is inserted RUNNING ({@link #INSERTED}: "run with dependents", a backfill's
 * instant); then:
 *
 * <pre>
 * RUNNING ──END (web DependentRuns: nothing more can start)──▶ SUCCEEDED | FAILED
 * SUCCEEDED, FAILED ──REOPEN (web RunClears, ShardReruns: a run in it cleared)──▶ RUNNING
 * </pre>
 */
public enum WorkflowRunTransition {

	/** Nothing in the workflow run runs and nothing more can start (web leader). */
	END(EnumSet.of(RUNNING), EnumSet.of(SUCCEEDED, FAILED)),

	/**
	 * An operator cleared a run of it (or re-ran its failed shards): it is under way
	 * again.
	 */
	REOPEN(EnumSet.of(SUCCEEDED, FAILED), EnumSet.of(RUNNING));

	/** The status a workflow run is inserted with. */
	public static final ExecutionStatus INSERTED = RUNNING;

	private final Set<ExecutionStatus> from;

	private final Set<ExecutionStatus> to;

	WorkflowRunTransition(Set<ExecutionStatus> from, Set<ExecutionStatus> to) {
		this.from = from;
		this.to = to;
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
	 * Whether the transition takes a workflow run from {@code current} to {@code target}.
	 */
	public boolean allows(ExecutionStatus current, ExecutionStatus target) {
		return this.from.contains(current) && this.to.contains(target);
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

	/** The guard: the row's status is one the transition leaves. */
	public String where(String alias) {
		return StatusSql.in(alias, this.from);
	}

}
