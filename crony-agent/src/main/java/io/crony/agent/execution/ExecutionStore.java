package io.crony.agent.execution;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.sql.SqlTime;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The agent's SQL against the {@code execution} table (plain JDBC: a handful of batched
 * statements that need no mapping layer).
 */
public class ExecutionStore {

	private static final String INSERT_CLAIM = "INSERT IGNORE INTO execution (job_id, job_name, agent_id, trigger_type, "
			+ "status, scheduled_at, attempt, params, updated_at) VALUES (?, ?, ?, ?, 'PENDING', ?, 1, ?, ?)";

	// Updates only touch a row this agent owns (or nobody does): a row taken over by
	// another agent is never overwritten by a late record of this one.
	private static final String OWNED = "(e.agent_id = ? OR e.agent_id IS NULL)";

	private static final JoinedUpdate<ExecutionRecord.Started> UPDATE_STARTED = new JoinedUpdate<>(
			List.of("? AS attempt", "CAST(? AS DATETIME(3)) AS at"),
			"e.status = 'RUNNING', e.agent_id = ?, e.attempt = v.attempt, "
					+ "e.started_at = COALESCE(e.started_at, v.at), e.updated_at = v.at",
			OWNED + " AND e.status IN ('PENDING', 'RUNNING')");

	// started_at is set when the run's start was folded into this statement
	private static final JoinedUpdate<ExecutionRecord.Finished> UPDATE_FINISHED = new JoinedUpdate<>(
			List.of("? AS status", "? AS attempt", "? AS output", "? AS error", "CAST(? AS DATETIME(3)) AS started_at",
					"CAST(? AS DATETIME(3)) AS at"),
			"e.status = v.status, e.agent_id = ?, e.attempt = v.attempt, e.output = v.output, e.error = v.error, "
					+ "e.started_at = COALESCE(e.started_at, v.started_at), e.finished_at = v.at, e.updated_at = v.at",
			OWNED);

	private final JdbcTemplate jdbc;

	// one commit per batch: with autocommit every row would pay its own log flush
	private final TransactionTemplate transaction;

	public ExecutionStore(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.transaction = new TransactionTemplate(new JdbcTransactionManager(jdbc.getDataSource()));
	}

	/** Inserts claim rows in one transaction; existing keys are left alone. */
	public void insertClaims(List<ExecutionRecord.Claimed> claims) {
		inTransaction(() -> insertClaimRows(claims));
	}

	private void insertClaimRows(List<ExecutionRecord.Claimed> claims) {
		this.jdbc.batchUpdate(INSERT_CLAIM, claims, claims.size(), (ps, c) -> {
			ps.setLong(1, c.jobId());
			ps.setString(2, c.jobName());
			ps.setString(3, c.agentId());
			ps.setString(4, c.trigger().name());
			ps.setString(5, SqlTime.of(c.scheduledAt()));
			ps.setString(6, c.params());
			ps.setString(7, SqlTime.of(c.at()));
		});
	}

	/**
	 * Reads the rows of the given fires.
	 * @param keys fires as (jobId, scheduledAt)
	 * @return the rows found, by key
	 */
	public Map<FireKey, Row> find(Collection<FireKey> keys) {
		Map<FireKey, Row> rows = new HashMap<>();
		for (List<FireKey> chunk : chunks(keys, 500)) {
			// job ids and a time range, not (job_id, scheduled_at) tuples: a long tuple
			// list is not read through the unique index; this is, one range per job
			List<Long> jobIds = chunk.stream().map(FireKey::jobId).distinct().toList();
			Instant min = chunk.stream().map(FireKey::scheduledAt).min(Instant::compareTo).get();
			Instant max = chunk.stream().map(FireKey::scheduledAt).max(Instant::compareTo).get();
			List<Object> args = new ArrayList<>(jobIds);
			args.add(SqlTime.of(min));
			args.add(SqlTime.of(max));
			String in = marks(jobIds.size());
			this.jdbc.query("SELECT id, job_id, scheduled_at, agent_id, status FROM execution WHERE job_id IN (" + in
					+ ") AND scheduled_at BETWEEN ? AND ?", (rs) -> {
						FireKey key = new FireKey(rs.getLong(2), rs.getTimestamp(3).toInstant());
						if (keys.contains(key)) {
							rows.put(key,
									new Row(rs.getLong(1), rs.getString(4), ExecutionStatus.valueOf(rs.getString(5))));
						}
					}, args.toArray());
		}
		return rows;
	}

	/**
	 * Takes over a PENDING claim row from its former owner (compare-and-set on agent_id).
	 * @return whether this agent now owns the row
	 */
	public boolean takeOver(long id, String formerOwner, String agentId) {
		return this.jdbc.update("UPDATE execution SET agent_id = ?, updated_at = ? WHERE id = ? AND status = 'PENDING' "
				+ "AND agent_id <=> ?", agentId, SqlTime.of(Instant.now()), id, formerOwner) == 1;
	}

	/**
	 * Names this agent on a manual run's PENDING row, whichever agent the web placed it
	 * on: called only after this agent took the run's once request (deleted its key),
	 * which no other agent can have done, so its start and end records apply here.
	 * @return whether the row is still PENDING
	 */
	public boolean adopt(long id, String agentId) {
		return this.jdbc.update("UPDATE execution SET agent_id = ?, updated_at = ? WHERE id = ? AND status = 'PENDING'",
				agentId, SqlTime.of(Instant.now()), id) == 1;
	}

	/**
	 * Gives up this agent's PENDING claims of jobs it no longer holds, so their next
	 * holder may take them. Only fires after {@code after} are released: the caller
	 * stopped dispatching the job at {@code after}, so a fire up to then may have started
	 * and a fire after it never will (compare-and-set on this agent's ownership).
	 */
	public void release(List<Long> jobIds, String agentId, Instant after) {
		for (List<Long> chunk : chunks(jobIds, 1000)) {
			List<Object> args = new ArrayList<>();
			args.add(SqlTime.of(Instant.now()));
			args.add(agentId);
			args.add(SqlTime.of(after));
			args.addAll(chunk);
			String in = marks(chunk.size());
			this.jdbc.update("UPDATE execution SET agent_id = NULL, updated_at = ? WHERE agent_id = ? "
					+ "AND status = 'PENDING' AND scheduled_at > ? AND job_id IN (" + in + ")", args.toArray());
		}
	}

	/**
	 * Gives up this agent's PENDING claims of the given rows (fires it will not dispatch,
	 * being fenced), so the jobs' next holder may take them.
	 * @return how many rows were released
	 */
	public int release(List<Long> ids, String agentId) {
		int released = 0;
		for (List<Long> chunk : chunks(ids, 1000)) {
			List<Object> args = new ArrayList<>();
			args.add(SqlTime.of(Instant.now()));
			args.add(agentId);
			args.addAll(chunk);
			String in = marks(chunk.size());
			released += this.jdbc.update("UPDATE execution SET agent_id = NULL, updated_at = ? WHERE agent_id = ? "
					+ "AND status = 'PENDING' AND id IN (" + in + ")", args.toArray());
		}
		return released;
	}

	/**
	 * Of the given claim rows, those still PENDING that belong to nobody (released by
	 * their former holder), in one query.
	 */
	public Set<Long> released(Collection<Long> ids) {
		Set<Long> free = new HashSet<>();
		for (List<Long> chunk : chunks(ids, 1000)) {
			String in = marks(chunk.size());
			this.jdbc.query(
					"SELECT id FROM execution WHERE id IN (" + in + ") AND agent_id IS NULL AND status = 'PENDING'",
					(rs) -> {
						free.add(rs.getLong(1));
					}, chunk.toArray());
		}
		return free;
	}

	/**
	 * The latest scheduled fire at or before {@code until} of each job that ran or is
	 * running, or that {@code agentId} itself claimed, for the misfire policy. Another
	 * agent's PENDING claim is left out: a live former holder may release it later (then
	 * the missed fire is taken as contested), a dead one never does (then the contested
	 * fire is given up), and a released claim never ran.
	 */
	public Map<Long, Instant> lastFires(Collection<Long> jobIds, String agentId, Instant until) {
		Map<Long, Instant> last = new HashMap<>();
		for (List<Long> chunk : chunks(jobIds, 1000)) {
			String in = marks(chunk.size());
			List<Object> args = new ArrayList<>(chunk);
			args.add(SqlTime.of(until));
			args.add(agentId);
			this.jdbc.query("SELECT job_id, MAX(scheduled_at) FROM execution WHERE job_id IN (" + in
					+ ") AND trigger_type IN ('CRON', 'MISFIRE') AND scheduled_at <= ? "
					+ "AND (status <> 'PENDING' OR agent_id = ?) GROUP BY job_id", (rs) -> {
						last.put(rs.getLong(1), rs.getTimestamp(2).toInstant());
					}, args.toArray());
		}
		return last;
	}

	/**
	 * The scheduled fires of the given jobs in {@code (after, until]} whose claims their
	 * former holder released (PENDING, owned by nobody): fires handed over, never run.
	 */
	public Map<Long, List<Instant>> releasedFires(Collection<Long> jobIds, Instant after, Instant until) {
		Map<Long, List<Instant>> released = new HashMap<>();
		for (List<Long> chunk : chunks(jobIds, 1000)) {
			List<Object> args = new ArrayList<>(chunk);
			args.add(SqlTime.of(after));
			args.add(SqlTime.of(until));
			this.jdbc.query("SELECT job_id, scheduled_at FROM execution WHERE job_id IN (" + marks(chunk.size())
					+ ") AND trigger_type IN ('CRON', 'MISFIRE') AND scheduled_at > ? AND scheduled_at <= ? "
					+ "AND status = 'PENDING' AND agent_id IS NULL", (rs) -> {
						released.computeIfAbsent(rs.getLong(1), (id) -> new ArrayList<>())
							.add(rs.getTimestamp(2).toInstant());
					}, args.toArray());
		}
		return released;
	}

	// long IN lists go in chunks, one statement each: each stays well within the server's
	// packet size and is still read through the index
	private static <T> List<List<T>> chunks(Collection<T> values, int size) {
		List<T> all = List.copyOf(values);
		List<List<T>> chunks = new ArrayList<>();
		for (int from = 0; from < all.size(); from += size) {
			chunks.add(all.subList(from, Math.min(all.size(), from + size)));
		}
		return chunks;
	}

	// the placeholders of an IN list of n values
	private static String marks(int n) {
		return String.join(", ", Collections.nCopies(n, "?"));
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

	/**
	 * Writes records in one transaction, each fire's in their order, grouped by type
	 * ({@link RecordOrder}): claims in one multi-row insert, starts or finishes in one
	 * joined update per chunk ({@link JoinedUpdate}); a run that started and finished
	 * within the batch is one finish ({@link FoldedRecords}).
	 */
	public void write(List<ExecutionRecord> records) {
		inTransaction(() -> writeGrouped(records));
	}

	private void writeGrouped(List<ExecutionRecord> batch) {
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
				insertClaimRows(run.stream().map(ExecutionRecord.Claimed.class::cast).toList());
			}
			else if (type == ExecutionRecord.Started.class) {
				UPDATE_STARTED.update(this.jdbc, run.stream().map(ExecutionRecord.Started.class::cast).toList(),
						(ps, col, s) -> {
							ps.setInt(col, s.attempt());
							ps.setString(col + 1, SqlTime.of(s.at()));
						});
			}
			else {
				UPDATE_FINISHED.update(this.jdbc, run.stream().map(ExecutionRecord.Finished.class::cast).toList(),
						(ps, col, f) -> {
							ps.setString(col, f.status().name());
							ps.setInt(col + 1, f.attempt());
							ps.setString(col + 2, f.output());
							ps.setString(col + 3, f.error());
							ps.setString(col + 4, SqlTime.ofNullable(folded.startedAt(f)));
							ps.setString(col + 5, SqlTime.of(f.at()));
						});
			}
			i = j;
		}
	}

	/**
	 * An execution row as the claim sees it.
	 *
	 * @param id execution id
	 * @param agentId owner, null when released
	 * @param status current status
	 */
	public record Row(long id, String agentId, ExecutionStatus status) {
	}

}
