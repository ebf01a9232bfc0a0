package io.crony.agent.execution;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.PreparedStatementSetter;

/**
 * Records written once ({@link ExecutionRecord.Closed}, docs/scaling.md, "Plan" 3 (c)):
 * the closed rows of a batch in one multi-row {@code INSERT IGNORE … SELECT} per 250
 * fires, its status guarded by {@link RunTransition#INSERT_CLOSED}. A key that has a row
 * already is left alone by the insert; the caller then writes those records through
 * {@link RunTransition#FINISH}'s guard ({@link #insert}'s answer), which a row the insert
 * just made closed passes unchanged, so the records of a chunk that met any row are all
 * sent again as finishes rather than found one by one.
 */
final class ClosedInsert {

	private static final String HEAD = "INSERT IGNORE INTO execution (id, job_id, job_name, agent_id, trigger_type, "
			+ "status, scheduled_at, attempt, params, output, error, outputs, reason, trace_id, started_at, "
			+ "finished_at, updated_at) SELECT v.id, v.job_id, v.job_name, v.agent_id, v.trigger_type, v.status, "
			+ "v.scheduled_at, v.attempt, v.params, v.output, v.error, v.outputs, v.reason, v.trace_id, v.started_at, "
			+ "v.finished_at, v.finished_at FROM (SELECT ? AS id, ? AS job_id, ? AS job_name, ? AS agent_id, "
			+ "? AS trigger_type, ? AS status, CAST(? AS DATETIME(3)) AS scheduled_at, ? AS attempt, ? AS params, "
			+ "? AS output, ? AS error, ? AS outputs, ? AS reason, CAST(? AS CHAR(32)) AS trace_id, "
			+ "CAST(? AS DATETIME(3)) AS started_at, CAST(? AS DATETIME(3)) AS finished_at";

	private static final String ROW = " UNION ALL SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?";

	private static final String TAIL = ") v WHERE " + RunTransition.INSERT_CLOSED.insertWhere("v.status");

	// rows per statement: 4,000 bound values
	private static final int CHUNK = 250;

	private final JdbcTemplate jdbc;

	ClosedInsert(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Inserts the closed rows, within the caller's transaction; a key with a row already
	 * is left alone.
	 * @return the records of the chunks that met a row already: the caller writes them as
	 * finishes ({@link ExecutionRecord.Closed#asFinished})
	 */
	List<ExecutionRecord.Closed> insert(List<ExecutionRecord.Closed> records) {
		List<ExecutionRecord.Closed> metRows = new ArrayList<>();
		for (int from = 0; from < records.size(); from += CHUNK) {
			List<ExecutionRecord.Closed> chunk = records.subList(from, Math.min(records.size(), from + CHUNK));
			int made = this.jdbc.update(HEAD + ROW.repeat(chunk.size() - 1) + TAIL,
					(PreparedStatementSetter) (statement) -> bind(statement, chunk));
			if (made < chunk.size()) {
				metRows.addAll(chunk);
			}
		}
		return metRows;
	}

	// bound by type, each value straight to the driver: through JdbcTemplate's argument
	// array every null asked the driver for the parameter's type, which a client-side
	// prepared statement answers with an exception (its message formatted) and the
	// connection's metadata built again, per null, on the record thread's hot path
	private static void bind(PreparedStatement statement, List<ExecutionRecord.Closed> chunk) throws SQLException {
		int column = 1;
		for (ExecutionRecord.Closed record : chunk) {
			statement.setLong(column++, record.id());
			statement.setLong(column++, record.jobId());
			statement.setString(column++, record.jobName());
			statement.setString(column++, record.agentId());
			statement.setString(column++, record.trigger().name());
			statement.setString(column++, record.status().name());
			statement.setString(column++, SqlTime.of(record.scheduledAt()));
			statement.setInt(column++, record.attempt());
			statement.setString(column++, record.params());
			statement.setString(column++, record.output());
			statement.setString(column++, record.error());
			statement.setString(column++, record.outputs());
			statement.setString(column++, record.reason());
			statement.setString(column++, record.traceId());
			statement.setString(column++, SqlTime.ofNullable(record.startedAt()));
			statement.setString(column++, SqlTime.of(record.at()));
		}
	}

}
