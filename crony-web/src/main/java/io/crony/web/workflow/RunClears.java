package io.crony.web.workflow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.execution.lifecycle.WorkflowRunTransition;
import io.crony.common.sql.SqlTime;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Departments;
import io.crony.web.execution.ClearedRuns;
import io.crony.web.execution.ExecutionNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Clear and re-run, as Airflow's "clear": an ended run runs again for the same logical
 * instant, on the same row (its fire key), its earlier run kept aside in the row's chain
 * ({@link ClearedRuns}). The run cleared becomes PENDING (trigger RETRY) and is asked of
 * its job's agent like a released run; with its dependents, every job below it has its
 * run at its paired instant of the cycle ({@link CycleMembers}) cleared to WAITING, so
 * the gate releases each again once the runs it pairs with succeed, or stops it as
 * before. A workflow run the cleared runs belong to is under way again.
 */
@Component
class RunClears {

	private static final Logger log = LoggerFactory.getLogger(RunClears.class);

	private final JdbcTemplate jdbc;

	private final ClearedRuns cleared;

	private final CycleMembers members;

	private final ReleasedRuns released;

	private final AuditLog audit;

	private final TransactionTemplate transaction;

	RunClears(JdbcTemplate jdbc, ClearedRuns cleared, CycleMembers members, ReleasedRuns released, AuditLog audit,
			PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.cleared = cleared;
		this.members = members;
		this.released = released;
		this.audit = audit;
		this.transaction = new TransactionTemplate(transactions);
	}

	/**
	 * @throws ExecutionNotFoundException when the department has no such execution
	 * @throws ClearRefusedException when the run has not ended or its job is disabled
	 */
	Cleared clear(long executionId, boolean withDependents, String by) {
		Row row = row(executionId);
		refuseLive(row);
		if (!row.enabled()) {
			throw ClearRefusedException.jobDisabled(row.jobName(),
					"job " + row.jobName() + " is disabled; enable it before clearing its run");
		}
		List<CycleMembers.Node> below = withDependents ? this.members.below(row.jobId(), row.scheduledAt())
			.stream()
			.filter((node) -> node.run() != null && node.run().status().isFinal() && node.spec().enabled())
			.toList() : List.of();
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		List<Long> dependents = new ArrayList<>();
		this.transaction.executeWithoutResult((status) -> {
			// locked, and read again: a run that started meanwhile is not cleared
			refuseLive(lock(executionId));
			this.cleared.keep(executionId, by, now);
			startOver(executionId, now);
			Set<Long> roots = new LinkedHashSet<>(List.of(row.root()));
			for (CycleMembers.Node node : below) {
				Row dependent = lock(node.run().id());
				if (dependent == null || !dependent.status().isFinal()) {
					continue;
				}
				this.cleared.keep(dependent.id(), by, now);
				this.jdbc.update("UPDATE execution SET " + RunTransition.CLEAR.set(null, ExecutionStatus.WAITING) + ", "
						+ RESET + "WHERE id = ? AND " + RunTransition.CLEAR.where(), SqlTime.of(now), dependent.id());
				dependents.add(dependent.id());
				roots.add(dependent.root());
			}
			// a workflow run (by hand, a backfill's instant) of these runs is under way
			// again
			for (long root : roots) {
				this.jdbc.update("UPDATE workflow_run SET " + WorkflowRunTransition.REOPEN.set(null)
						+ ", error = NULL, reason = NULL, finished_at = NULL WHERE root_id = ? AND "
						+ WorkflowRunTransition.REOPEN.where(null), root);
			}
		});
		this.released.request(executionId, row.jobId(), TriggerType.RETRY, row.scheduledAt(), row.params());
		this.audit.record(AuditAction.EXECUTION_CLEAR, row.jobId(), row.jobName(), null,
				new AuditedClear(executionId, row.scheduledAt(), withDependents, dependents));
		log.info("Execution {} of job {} at {} cleared by {}, with {} dependents", executionId, row.jobId(),
				row.scheduledAt(), by, dependents.size());
		return new Cleared(executionId, row.scheduledAt(), dependents);
	}

	/**
	 * The row's run starts over (CLEAR: an ended run to PENDING, trigger RETRY), to be
	 * asked of its job's agent. Called inside the clearing transaction, the row locked
	 * and its run before kept aside.
	 */
	void startOver(long executionId, Instant now) {
		this.jdbc.update(
				"UPDATE execution SET " + RunTransition.CLEAR.set(null, ExecutionStatus.PENDING)
						+ ", trigger_type = 'RETRY', " + RESET + "WHERE id = ? AND " + RunTransition.CLEAR.where(),
				SqlTime.of(now), executionId);
	}

	// what a run that starts over must not carry from the run before
	private static final String RESET = "agent_id = NULL, attempt = 1, started_at = NULL, finished_at = NULL, "
			+ "output = NULL, error = NULL, reason = NULL, progress = NULL, message = NULL, resume_payload = NULL, mode = NULL, "
			+ "deadline_at = NULL, move_requested_at = NULL, updated_at = ? ";

	private static void refuseLive(Row row) {
		if (row != null && !row.status().isFinal()) {
			throw ClearRefusedException.notEnded(row.status(), "execution " + row.id() + " is " + row.status()
					+ ": only an ended run can be cleared; cancel it or wait for its end");
		}
	}

	private Row row(long executionId) {
		return this.jdbc
			.query(SELECT + "WHERE e.id = ? AND j.department_id = ?", RunClears::row, executionId,
					Departments.current())
			.stream()
			.findFirst()
			.orElseThrow(() -> new ExecutionNotFoundException(executionId));
	}

	private Row lock(long executionId) {
		return this.jdbc.query(SELECT + "WHERE e.id = ? FOR UPDATE", RunClears::row, executionId)
			.stream()
			.findFirst()
			.orElse(null);
	}

	/**
	 * A run and its job as a clear (and a re-run of failed shards, {@link ShardReruns})
	 * reads them.
	 */
	static final String SELECT = "SELECT e.id, e.job_id, e.job_name, e.status, e.scheduled_at, e.params, "
			+ "COALESCE(e.root_id, e.id), j.enabled FROM execution e JOIN job j ON j.id = e.job_id ";

	static Row row(java.sql.ResultSet rs, int i) throws java.sql.SQLException {
		return new Row(rs.getLong(1), rs.getLong(2), rs.getString(3), ExecutionStatus.valueOf(rs.getString(4)),
				UpstreamRuns.instant(rs, 5), rs.getString(6), rs.getLong(7), rs.getBoolean(8));
	}

	record Row(long id, long jobId, String jobName, ExecutionStatus status, Instant scheduledAt, String params,
			long root, boolean enabled) {
	}

	/**
	 * A clear as the answer and the audit log show it.
	 *
	 * @param executionId the run cleared, PENDING again
	 * @param scheduledAt its logical instant, kept
	 * @param dependents the runs below it cleared with it, WAITING for their upstreams
	 */
	record Cleared(long executionId, Instant scheduledAt, List<Long> dependents) {
	}

	/** A clear on the job's history. */
	record AuditedClear(long executionId, Instant scheduledAt, boolean withDependents, List<Long> dependents) {
	}

}
