package io.crony.web.workflow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.crony.common.execution.TriggerType;
import io.crony.common.execution.lifecycle.WorkflowRunTransition;
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
 * Re-runs only the failed shards of an ended sharded run: a clear ({@link RunClears})
 * that keeps the rows of the shards that succeeded. The run before is kept in the row's
 * chain ({@link ClearedRuns}) with every shard's attempts; the row goes through the same
 * transition (CLEAR, to PENDING with trigger RETRY) and is asked of its job's agent for
 * the same logical instant, and the agent calls only the shards without a SUCCEEDED row,
 * each with the job's attempt policy from its first attempt. The run SUCCEEDS when they
 * do.
 */
@Component
class ShardReruns {

	private static final Logger log = LoggerFactory.getLogger(ShardReruns.class);

	private final JdbcTemplate jdbc;

	private final ClearedRuns cleared;

	private final RunClears clears;

	private final ReleasedRuns released;

	private final AuditLog audit;

	private final TransactionTemplate transaction;

	ShardReruns(JdbcTemplate jdbc, ClearedRuns cleared, RunClears clears, ReleasedRuns released, AuditLog audit,
			PlatformTransactionManager transactions) {
		this.jdbc = jdbc;
		this.cleared = cleared;
		this.clears = clears;
		this.released = released;
		this.audit = audit;
		this.transaction = new TransactionTemplate(transactions);
	}

	/**
	 * @throws ExecutionNotFoundException when the department has no such execution
	 * @throws ClearRefusedException when the run has not ended, has no failed shard, or
	 * its job is disabled
	 */
	Rerun rerunFailedShards(long executionId, String by) {
		RunClears.Row row = this.jdbc
			.query(RunClears.SELECT + "WHERE e.id = ? AND j.department_id = ?", RunClears::row, executionId,
					Departments.current())
			.stream()
			.findFirst()
			.orElseThrow(() -> new ExecutionNotFoundException(executionId));
		refuse(row, failedShards(executionId));
		if (!row.enabled()) {
			throw ClearRefusedException.jobDisabled(row.jobName(),
					"job " + row.jobName() + " is disabled; enable it before re-running its shards");
		}
		Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		List<Integer> shards = this.transaction.execute((status) -> {
			// locked, and read again: a run that started meanwhile is not re-run
			RunClears.Row locked = this.jdbc
				.query(RunClears.SELECT + "WHERE e.id = ? FOR UPDATE", RunClears::row, executionId)
				.get(0);
			List<Integer> failed = failedShards(executionId);
			refuse(locked, failed);
			this.cleared.keepForFailedShards(executionId, by, now);
			this.clears.startOver(executionId, now);
			// the workflow run it belongs to is under way again
			this.jdbc.update("UPDATE workflow_run SET " + WorkflowRunTransition.REOPEN.set(null)
					+ ", error = NULL, reason = NULL, finished_at = NULL WHERE root_id = ? AND "
					+ WorkflowRunTransition.REOPEN.where(null), locked.root());
			return failed;
		});
		this.released.request(executionId, row.jobId(), TriggerType.RETRY, row.scheduledAt(), row.params());
		this.audit.record(AuditAction.EXECUTION_CLEAR, row.jobId(), row.jobName(), null,
				new AuditedRerun(executionId, row.scheduledAt(), shards));
		log.info("Execution {} of job {} at {}: failed shards {} re-run by {}", executionId, row.jobId(),
				row.scheduledAt(), shards, by);
		return new Rerun(executionId, row.scheduledAt(), shards);
	}

	private List<Integer> failedShards(long executionId) {
		return this.jdbc.queryForList("SELECT shard_index FROM execution_shard WHERE execution_id = ? "
				+ "AND status <> 'SUCCEEDED' ORDER BY shard_index", Integer.class, executionId);
	}

	private static void refuse(RunClears.Row row, List<Integer> failed) {
		if (!row.status().isFinal()) {
			throw ClearRefusedException.notEnded(row.status(), "execution " + row.id() + " is " + row.status()
					+ ": only an ended run's shards can be re-run; cancel it or wait for its end");
		}
		if (failed.isEmpty()) {
			throw ClearRefusedException
				.noFailedShard("execution " + row.id() + " has no failed shard to re-run (" + row.status() + ")");
		}
	}

	/**
	 * A re-run of failed shards as the answer shows it.
	 *
	 * @param executionId the run, PENDING again
	 * @param scheduledAt its logical instant, kept
	 * @param shards the indexes of the shards called again, in order
	 */
	record Rerun(long executionId, Instant scheduledAt, List<Integer> shards) {
	}

	/**
	 * A re-run of failed shards on the job's history, as a clear of only those shards.
	 */
	record AuditedRerun(long executionId, Instant scheduledAt, List<Integer> failedShards) {
	}

}
