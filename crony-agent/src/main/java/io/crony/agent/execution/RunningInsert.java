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
 * The starts of fires whose records are written once and whose runs outlived the agent's
 * {@code record-start-hold} ({@link ExecutionRecord.Opened}, docs/scaling.md, "Plan" 3
 * (c)): their rows inserted RUNNING ({@link RunTransition#INSERT_RUNNING}) in one
 * multi-row {@code INSERT IGNORE … SELECT} per 250 fires. A key that has a row already is
 * left alone by the insert; the caller then writes those records through
 * {@link RunTransition#START}'s guard ({@link #insert}'s answer), which a row the insert
 * just made RUNNING passes unchanged, as {@link ClosedInsert} does with finishes.
 */
final class RunningInsert {

	private static final String HEAD = "INSERT IGNORE INTO execution (id, job_id, job_name, agent_id, trigger_type, "
			+ "status, scheduled_at, attempt, params, trace_id, started_at, updated_at) SELECT v.id, v.job_id, "
			+ "v.job_name, v.agent_id, v.trigger_type, " + RunTransition.INSERT_RUNNING.insertValue()
			+ ", v.scheduled_at, v.attempt, v.params, v.trace_id, v.at, v.at FROM (SELECT ? AS id, ? AS job_id, "
			+ "? AS job_name, ? AS agent_id, ? AS trigger_type, CAST(? AS DATETIME(3)) AS scheduled_at, ? AS attempt, "
			+ "? AS params, CAST(? AS CHAR(32)) AS trace_id, CAST(? AS DATETIME(3)) AS at";

	private static final String ROW = " UNION ALL SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?";

	private static final String TAIL = ") v";

	// rows per statement: 2,500 bound values
	private static final int CHUNK = 250;

	private final JdbcTemplate jdbc;

	RunningInsert(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Inserts the RUNNING rows, within the caller's transaction; a key with a row already
	 * is left alone.
	 * @return the records of the chunks that met a row already: the caller writes them as
	 * starts ({@link ExecutionRecord.Opened#asStarted})
	 */
	List<ExecutionRecord.Opened> insert(List<ExecutionRecord.Opened> records) {
		List<ExecutionRecord.Opened> metRows = new ArrayList<>();
		for (int from = 0; from < records.size(); from += CHUNK) {
			List<ExecutionRecord.Opened> chunk = records.subList(from, Math.min(records.size(), from + CHUNK));
			int made = this.jdbc.update(HEAD + ROW.repeat(chunk.size() - 1) + TAIL,
					(PreparedStatementSetter) (statement) -> bind(statement, chunk));
			if (made < chunk.size()) {
				metRows.addAll(chunk);
			}
		}
		return metRows;
	}

	// bound by type, straight to the driver, as ClosedInsert's (why there)
	private static void bind(PreparedStatement statement, List<ExecutionRecord.Opened> chunk) throws SQLException {
		int column = 1;
		for (ExecutionRecord.Opened record : chunk) {
			statement.setLong(column++, record.id());
			statement.setLong(column++, record.jobId());
			statement.setString(column++, record.jobName());
			statement.setString(column++, record.agentId());
			statement.setString(column++, record.trigger().name());
			statement.setString(column++, SqlTime.of(record.scheduledAt()));
			statement.setInt(column++, record.attempt());
			statement.setString(column++, record.params());
			statement.setString(column++, record.traceId());
			statement.setString(column++, SqlTime.of(record.at()));
		}
	}

}
