package io.crony.web.execution;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import io.crony.common.reason.ReasonJson;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The calls of a sharded or broadcast run, one per shard, as agents keep them
 * ({@code execution_shard}): which instance took each part and how it went.
 */
@Component
class ShardRows {

	private final JdbcTemplate jdbc;

	ShardRows(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	List<ShardResponse> of(long executionId) {
		return this.jdbc.query(
				"SELECT shard_index, shard_total, instance, status, attempt, started_at, finished_at, "
						+ "output, error, reason FROM execution_shard WHERE execution_id = ? ORDER BY shard_index",
				ShardRows::shard, executionId);
	}

	private static ShardResponse shard(ResultSet rs, int row) throws SQLException {
		return new ShardResponse(rs.getInt(1), rs.getInt(2), rs.getString(3), rs.getString(4), rs.getInt(5),
				SqlTime.instant(rs.getTimestamp(6)), SqlTime.instant(rs.getTimestamp(7)), rs.getString(8),
				rs.getString(9), ReasonJson.read(rs.getString(10)));
	}

}
