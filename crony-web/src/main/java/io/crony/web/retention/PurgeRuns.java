package io.crony.web.retention;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

import io.crony.common.sql.SqlTime;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Repository;

/** The {@code purge_run} table: the record of every purge, newest first. */
@Repository
class PurgeRuns {

	private final JdbcTemplate jdbc;

	PurgeRuns(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A new purge's row: the oldest one an admin asked for, else a new one. A purge still
	 * RUNNING by its record was cut short with its leader (a crash, a kill): it is closed
	 * as STOPPED first, since only the leader purges.
	 */
	long start(Instant at) {
		this.jdbc.update("UPDATE purge_run SET outcome = 'STOPPED', finished_at = ?, error = 'ended with its leader'"
				+ " WHERE outcome = 'RUNNING'", SqlTime.of(at));
		List<Long> asked = this.jdbc
			.queryForList("SELECT id FROM purge_run WHERE outcome = 'REQUESTED' ORDER BY id LIMIT 1", Long.class);
		if (!asked.isEmpty()) {
			this.jdbc.update("UPDATE purge_run SET outcome = 'RUNNING', started_at = ? WHERE id = ?", SqlTime.of(at),
					asked.get(0));
			return asked.get(0);
		}
		GeneratedKeyHolder key = new GeneratedKeyHolder();
		this.jdbc.update((connection) -> {
			var statement = connection.prepareStatement(
					"INSERT INTO purge_run (started_at, outcome) VALUES (?, 'RUNNING')", new String[] { "id" });
			statement.setString(1, SqlTime.of(at));
			return statement;
		}, key);
		return key.getKey().longValue();
	}

	/**
	 * Asks the leader for a purge now: a REQUESTED row, unless one waits or runs already.
	 * @return the purge that waits or runs, and whether this call asked for it
	 */
	Request request(Instant at) {
		int asked = this.jdbc.update(
				"INSERT INTO purge_run (started_at, outcome) SELECT ?, 'REQUESTED' FROM DUAL "
						+ "WHERE NOT EXISTS (SELECT 1 FROM purge_run WHERE outcome IN ('REQUESTED', 'RUNNING'))",
				SqlTime.of(at));
		List<Long> pending = this.jdbc.queryForList(
				"SELECT id FROM purge_run WHERE outcome IN ('REQUESTED', 'RUNNING') ORDER BY id LIMIT 1", Long.class);
		return new Request(find(pending.get(0)), asked == 1);
	}

	/**
	 * @param run the purge that waits or runs
	 * @param asked whether this request made it, not an earlier one
	 */
	record Request(PurgeRun run, boolean asked) {
	}

	/** Whether an admin asked for a purge that has not started. */
	boolean requested() {
		return !this.jdbc.queryForList("SELECT id FROM purge_run WHERE outcome = 'REQUESTED' LIMIT 1", Long.class)
			.isEmpty();
	}

	/** Progress so far (also the final figures, with {@link #finish}). */
	void progress(long id, int jobs, long byAge, long byCount) {
		this.jdbc.update(
				"UPDATE purge_run SET jobs_examined = ?, removed_by_age = ?, removed_by_count = ? WHERE id = ?", jobs,
				byAge, byCount, id);
	}

	void finish(long id, String outcome, String error, Instant at) {
		this.jdbc.update("UPDATE purge_run SET outcome = ?, error = ?, finished_at = ? WHERE id = ?", outcome,
				(error != null && error.length() > 1024) ? error.substring(0, 1024) : error, SqlTime.of(at), id);
	}

	PageResponse<PurgeRun> page(Paging paging) {
		Long total = this.jdbc.queryForObject("SELECT COUNT(*) FROM purge_run", Long.class);
		List<PurgeRun> rows = this.jdbc.query(
				"SELECT id, started_at, finished_at, outcome, jobs_examined, "
						+ "removed_by_age, removed_by_count, error FROM purge_run ORDER BY id DESC LIMIT ? OFFSET ?",
				PurgeRuns::row, paging.size(), paging.offset());
		return PageResponse.of(rows, (total != null) ? total : 0, paging);
	}

	PurgeRun find(long id) {
		List<PurgeRun> rows = this.jdbc.query("SELECT id, started_at, finished_at, outcome, jobs_examined, "
				+ "removed_by_age, removed_by_count, error FROM purge_run WHERE id = ?", PurgeRuns::row, id);
		return rows.isEmpty() ? null : rows.get(0);
	}

	private static PurgeRun row(ResultSet rs, int i) throws SQLException {
		Timestamp finished = rs.getTimestamp("finished_at");
		return new PurgeRun(rs.getLong("id"), rs.getTimestamp("started_at").toInstant(),
				(finished != null) ? finished.toInstant() : null, rs.getString("outcome"), rs.getInt("jobs_examined"),
				rs.getLong("removed_by_age"), rs.getLong("removed_by_count"), rs.getString("error"));
	}

}
