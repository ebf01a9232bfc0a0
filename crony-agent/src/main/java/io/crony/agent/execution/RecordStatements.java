package io.crony.agent.execution;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.sql.SqlTime;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The statements that write execution records, one transaction per batch: claims in one
 * multi-row {@code INSERT IGNORE … SELECT} (none of an instant inside another agent's
 * window, {@link ClaimInsert#insertRecorded}), records written once in one multi-row
 * insert of the closed rows ({@link ClosedInsert}) or, for their runs that outlived the
 * start hold, of the RUNNING rows ({@link RunningInsert}), starts or finishes in one
 * joined update per chunk.
 */
final class RecordStatements {

	// Updates only touch a row this agent owns (or nobody does): a row taken over by
	// another agent is never overwritten by a late record of this one.
	private static final String OWNED = "(e.agent_id = ? OR e.agent_id IS NULL)";

	private static final JoinedUpdate<ExecutionRecord.Started> UPDATE_STARTED = new JoinedUpdate<>(
			List.of("? AS attempt", "CAST(? AS DATETIME(3)) AS at", "CAST(? AS CHAR(32)) AS trace_id"),
			RunTransition.START.set("e") + ", e.agent_id = ?, e.attempt = v.attempt, "
					+ "e.started_at = COALESCE(e.started_at, v.at), e.updated_at = v.at, "
					+ "e.trace_id = COALESCE(v.trace_id, e.trace_id)",
			OWNED + " AND " + RunTransition.START.where("e"));

	// started_at is set when the run's start was folded into this statement. A finish
	// applies to a row still open (or MISSED: the run's real outcome, replayed late,
	// corrects the reconciler's guess); a row a user cancelled or a report ended first
	// keeps its outcome.
	private static final JoinedUpdate<ExecutionRecord.Finished> UPDATE_FINISHED = new JoinedUpdate<>(
			List.of("? AS status", "? AS attempt", "? AS output", "? AS error", "CAST(? AS DATETIME(3)) AS started_at",
					"CAST(? AS DATETIME(3)) AS at", "? AS outputs", "? AS reason", "CAST(? AS CHAR(32)) AS trace_id"),
			RunTransition.FINISH.setTo("e", "v.status")
					+ ", e.agent_id = ?, e.attempt = v.attempt, e.output = v.output, e.error = v.error, "
					+ "e.outputs = v.outputs, e.reason = v.reason, e.trace_id = COALESCE(v.trace_id, e.trace_id), "
					+ "e.started_at = COALESCE(e.started_at, v.started_at), e.finished_at = v.at, e.updated_at = v.at",
			OWNED + " AND " + RunTransition.FINISH.where("e", "v.status"));

	private final JdbcTemplate jdbc;

	private final ClaimInsert claims;

	private final ClosedInsert closed;

	private final RunningInsert running;

	// one commit per batch: with autocommit every row would pay its own log flush
	private final TransactionTemplate transaction;

	RecordStatements(JdbcTemplate jdbc, ClaimInsert claims) {
		this.jdbc = jdbc;
		this.claims = claims;
		this.closed = new ClosedInsert(jdbc);
		this.running = new RunningInsert(jdbc);
		this.transaction = new TransactionTemplate(new JdbcTransactionManager(jdbc.getDataSource()));
	}

	/**
	 * Inserts claim rows in one transaction; existing keys are left alone.
	 * @param heldOnly make a row only while its job is enabled and placed on the claim's
	 * agent ({@link ClaimInsert})
	 * @return the ids of the rows made, by fire, where the server returns them
	 * ({@link ClaimInsert})
	 */
	Map<FireKey, Long> insertClaims(List<ExecutionRecord.Claimed> claims, boolean heldOnly) {
		long[] ids = this.claims.ids(claims.size());
		Map<FireKey, Long> made = new HashMap<>();
		inTransaction(() -> made.putAll(this.claims.insert(claims, ids, true, heldOnly)));
		return made;
	}

	/**
	 * No writer older than V34 seen for an hour
	 * ({@link ClaimInsert#noOlderWriterSeenBefore}).
	 */
	boolean noOlderWriterSeenBefore(Instant now) {
		return this.claims.noOlderWriterSeenBefore(now);
	}

	/** Execution ids taken ahead, on a connection of their own. */
	long[] ids(int count) {
		return this.claims.ids(count);
	}

	/**
	 * Writes records in one transaction, each fire's in their order, grouped by type
	 * ({@link RecordOrder}): claims in one multi-row insert, starts or finishes in one
	 * joined update per chunk ({@link JoinedUpdate}); a run that started and finished
	 * within the batch is one finish ({@link FoldedRecords}).
	 */
	void write(List<ExecutionRecord> records) {
		// the claims' ids before the transaction: a block is taken on a connection of its
		// own
		long[] ids = this.claims.ids((int) records.stream().filter(ExecutionRecord.Claimed.class::isInstance).count());
		inTransaction(() -> writeGrouped(records, ids));
	}

	private void writeGrouped(List<ExecutionRecord> batch, long[] ids) {
		int claimed = 0;
		FoldedRecords folded = FoldedRecords.of(batch);
		List<ExecutionRecord> records = RecordOrder.grouped(folded.records());
		int i = 0;
		while (i < records.size()) {
			Class<?> type = records.get(i).getClass();
			int j = i;
			while (j < records.size() && records.get(j).getClass() == type) {
				j++;
			}
			List<ExecutionRecord> run = records.subList(i, j);
			if (type == ExecutionRecord.Claimed.class) {
				List<ExecutionRecord.Claimed> claims = run.stream().map(ExecutionRecord.Claimed.class::cast).toList();
				this.claims.insertRecorded(claims, Arrays.copyOfRange(ids, claimed, claimed + claims.size()));
				claimed += claims.size();
			}
			else if (type == ExecutionRecord.Started.class) {
				start(run.stream().map(ExecutionRecord.Started.class::cast).toList());
			}
			else if (type == ExecutionRecord.Opened.class) {
				// a key with a row already: the same start through START's guard
				start(this.running.insert(run.stream().map(ExecutionRecord.Opened.class::cast).toList())
					.stream()
					.map(ExecutionRecord.Opened::asStarted)
					.toList());
			}
			else if (type == ExecutionRecord.Closed.class) {
				// a key with a row already: the same outcome through FINISH's guard
				Map<ExecutionRecord.Finished, Instant> startedAt = new IdentityHashMap<>();
				List<ExecutionRecord.Finished> finishes = new ArrayList<>();
				this.closed.insert(run.stream().map(ExecutionRecord.Closed.class::cast).toList()).forEach((record) -> {
					ExecutionRecord.Finished finish = record.asFinished();
					startedAt.put(finish, record.startedAt());
					finishes.add(finish);
				});
				finish(finishes, startedAt::get);
			}
			else {
				finish(run.stream().map(ExecutionRecord.Finished.class::cast).toList(), folded::startedAt);
			}
			i = j;
		}
	}

	private void start(List<ExecutionRecord.Started> starts) {
		if (starts.isEmpty()) {
			return;
		}
		UPDATE_STARTED.update(this.jdbc, starts, (ps, col, s) -> {
			ps.setInt(col, s.attempt());
			ps.setString(col + 1, SqlTime.of(s.at()));
			ps.setString(col + 2, s.traceId());
		});
	}

	private void finish(List<ExecutionRecord.Finished> finishes,
			Function<ExecutionRecord.Finished, Instant> startedAt) {
		if (finishes.isEmpty()) {
			return;
		}
		UPDATE_FINISHED.update(this.jdbc, finishes, (ps, col, f) -> {
			ps.setString(col, f.status().name());
			ps.setInt(col + 1, f.attempt());
			ps.setString(col + 2, f.output());
			ps.setString(col + 3, f.error());
			ps.setString(col + 4, SqlTime.ofNullable(startedAt.apply(f)));
			ps.setString(col + 5, SqlTime.of(f.at()));
			ps.setString(col + 6, f.outputs());
			ps.setString(col + 7, f.reason());
			ps.setString(col + 8, f.traceId());
		});
	}

	// an unreachable database must look the same to callers whether it failed the
	// statement or already the transaction's connection
	private void inTransaction(Runnable work) {
		try {
			this.transaction.executeWithoutResult((status) -> work.run());
		}
		catch (TransactionException ex) {
			throw new DataAccessResourceFailureException(ex.getMessage(), ex);
		}
	}

}
