package io.crony.web.execution;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import io.crony.common.reason.ReasonJson;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The attempts of a run with the instance of each, as agents keep them for ASYNC runs
 * ({@code execution_attempt}): where a run that moved went.
 */
@Component
class AttemptChain {

	private final JdbcTemplate jdbc;

	AttemptChain(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	List<AttemptResponse> of(long executionId) {
		return this.jdbc.query(
				"SELECT attempt, instance, agent_id, started_at, ended_at, status, note, reason "
						+ "FROM execution_attempt WHERE execution_id = ? ORDER BY attempt",
				AttemptChain::attempt, executionId);
	}

	private static AttemptResponse attempt(ResultSet rs, int row) throws SQLException {
		return new AttemptResponse(rs.getInt(1), rs.getString(2), rs.getString(3), SqlTime.instant(rs.getTimestamp(4)),
				SqlTime.instant(rs.getTimestamp(5)), rs.getString(6), rs.getString(7),
				ReasonJson.read(rs.getString(8)));
	}

}
