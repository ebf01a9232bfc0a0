package io.crony.agent.alert;

import java.time.Instant;

import io.crony.common.sql.SqlTime;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Counts a job's finished runs and failures since an instant, from the execution table.
 */
class FailureRates {

	private final JdbcTemplate jdbc;

	FailureRates(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	Counts since(long jobId, Instant since, Instant exceptScheduledAt) {
		return this.jdbc.queryForObject(
				"SELECT COUNT(*), COALESCE(SUM(status IN ('FAILED', 'TIMED_OUT')), 0) FROM execution"
						+ " WHERE job_id = ? AND scheduled_at >= ? AND scheduled_at <> ?"
						+ " AND status IN ('SUCCEEDED', 'FAILED', 'TIMED_OUT')",
				(rs, row) -> new Counts(rs.getInt(1), rs.getInt(2)), jobId, SqlTime.of(since),
				SqlTime.of(exceptScheduledAt));
	}

	/**
	 * @param runs runs finished in the window
	 * @param failed how many of them failed or timed out
	 */
	record Counts(int runs, int failed) {

	}

}
