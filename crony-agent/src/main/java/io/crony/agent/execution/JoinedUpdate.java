package io.crony.agent.execution;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Updates many execution rows, each with its own values, in one statement: the values are
 * a derived table ({@code SELECT … UNION ALL SELECT …}, which MySQL and MariaDB both
 * read) joined to {@code execution} on its unique {@code (job_id, scheduled_at)}. One
 * UPDATE per row paid the server's per-statement work for every fire; joined, MariaDB
 * spends about a quarter less CPU per fire at 1,000 fires a second (the agent bench's CPU
 * readout, docs/benchmarks.md).
 * <p>
 * A batch is sent in chunks of a few fixed sizes (128, then powers of two), so the
 * statement texts are few and the driver's {@code cachePrepStmts} parses each once per
 * connection. A chunk holds each fire once (with two rows for one fire the join would
 * apply either) and records of one agent, whose id is bound once for the whole chunk.
 *
 * @param <T> the record type
 */
final class JoinedUpdate<T extends ExecutionRecord> {

	private static final int MAX_CHUNK = 128;

	private final String[] sqlBySize = new String[Integer.numberOfTrailingZeros(MAX_CHUNK) + 1];

	private final String head;

	private final String row;

	private final String tail;

	private final int columns;

	/**
	 * @param columns the derived table's columns after job_id and scheduled_at, each as
	 * its first-row select expression of one {@code ?} (which sets the column's type)
	 * @param set the SET clause, {@code e} the execution row, {@code v} the values, one
	 * {@code ?} for the agent id
	 * @param where what the row must also satisfy, one {@code ?} for the agent id
	 */
	JoinedUpdate(List<String> columns, String set, String where) {
		this.columns = columns.size() + 2;
		this.head = "UPDATE execution e JOIN (SELECT ? AS job_id, CAST(? AS DATETIME(3)) AS scheduled_at, "
				+ String.join(", ", columns);
		this.row = " UNION ALL SELECT ?" + ", ?".repeat(this.columns - 1);
		this.tail = ") v ON e.job_id = v.job_id AND e.scheduled_at = v.scheduled_at SET " + set + " WHERE " + where;
	}

	/**
	 * Updates the rows of the records, in their order.
	 * @param binder binds a record's own column values
	 */
	void update(JdbcTemplate jdbc, List<T> records, Binder<T> binder) {
		int from = 0;
		while (from < records.size()) {
			int size = Integer.highestOneBit(chunkLength(records, from));
			List<T> chunk = records.subList(from, from + size);
			jdbc.update(sql(size), (ps) -> bind(ps, chunk, binder));
			from += size;
		}
	}

	// how many records from here may share a statement: one agent, each fire once
	private static int chunkLength(List<? extends ExecutionRecord> records, int from) {
		String agentId = records.get(from).agentId();
		Set<FireKey> fires = new HashSet<>();
		int end = from;
		while (end < records.size() && end - from < MAX_CHUNK) {
			ExecutionRecord record = records.get(end);
			if (!record.agentId().equals(agentId) || !fires.add(new FireKey(record.jobId(), record.scheduledAt()))) {
				break;
			}
			end++;
		}
		return end - from;
	}

	private void bind(PreparedStatement ps, List<T> chunk, Binder<T> binder) throws SQLException {
		int index = 1;
		for (T record : chunk) {
			ps.setLong(index, record.jobId());
			ps.setString(index + 1, SqlTime.of(record.scheduledAt()));
			binder.bind(ps, index + 2, record);
			index += this.columns;
		}
		String agentId = chunk.get(0).agentId();
		ps.setString(index, agentId);
		ps.setString(index + 1, agentId);
	}

	private String sql(int size) {
		int slot = Integer.numberOfTrailingZeros(size);
		String sql = this.sqlBySize[slot];
		if (sql == null) {
			sql = this.head + this.row.repeat(size - 1) + this.tail;
			this.sqlBySize[slot] = sql;
		}
		return sql;
	}

	/** Binds a record's own columns, after its job id and scheduled instant. */
	@FunctionalInterface
	interface Binder<T> {

		void bind(PreparedStatement ps, int index, T record) throws SQLException;

	}

}
