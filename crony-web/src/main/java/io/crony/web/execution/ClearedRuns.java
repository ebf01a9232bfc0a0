package io.crony.web.execution;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.crony.common.json.CronyJson;
import io.crony.common.reason.ReasonJson;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The earlier runs of an execution row that an operator cleared to run again for the same
 * logical instant ({@code execution_clear}): before the row starts over, what it said,
 * with its attempts and shards, is kept here, so its chain of attempts stays whole.
 */
@Component
public class ClearedRuns {

	private final JdbcTemplate jdbc;

	private final AttemptChain attempts;

	private final ShardRows shards;

	ClearedRuns(JdbcTemplate jdbc, AttemptChain attempts, ShardRows shards) {
		this.jdbc = jdbc;
		this.attempts = attempts;
		this.shards = shards;
	}

	/**
	 * Keeps the row's current run aside and removes its attempt and shard rows, which the
	 * next run writes afresh. Called inside the clearing transaction, the row locked.
	 * @return the number of the run kept (1 for the row's first)
	 */
	public int keep(long executionId, String by, Instant now) {
		return keep(executionId, by, now, "DELETE FROM execution_shard WHERE execution_id = ?");
	}

	/**
	 * Keeps the row's current run aside, as {@link #keep}, but removes only the rows of
	 * the shards that did not succeed: the shards that did keep theirs, and the next run
	 * calls only the others.
	 * @return the number of the run kept
	 */
	public int keepForFailedShards(long executionId, String by, Instant now) {
		return keep(executionId, by, now,
				"DELETE FROM execution_shard WHERE execution_id = ? AND status <> 'SUCCEEDED'");
	}

	private int keep(long executionId, String by, Instant now, String removeShards) {
		int run = this.jdbc.queryForObject(
				"SELECT COALESCE(MAX(run), 0) + 1 FROM execution_clear WHERE execution_id = ?", Integer.class,
				executionId);
		String attemptsJson = CronyJson.toJson(this.attempts.of(executionId));
		String shardsJson = CronyJson.toJson(this.shards.of(executionId));
		this.jdbc.update("INSERT INTO execution_clear (execution_id, run, trigger_type, status, agent_id, attempt, "
				+ "started_at, finished_at, output, error, reason, released_by, attempts, shards, cleared_at, "
				+ "cleared_by) SELECT id, ?, trigger_type, status, agent_id, attempt, started_at, finished_at, output, "
				+ "error, reason, released_by, ?, ?, ?, ? FROM execution WHERE id = ?", run, attemptsJson, shardsJson,
				SqlTime.of(now), by, executionId);
		this.jdbc.update("DELETE FROM execution_attempt WHERE execution_id = ?", executionId);
		this.jdbc.update(removeShards, executionId);
		return run;
	}

	/** The row's earlier runs, oldest first. */
	List<ClearedRunResponse> of(long executionId) {
		return this.jdbc.query("SELECT run, trigger_type, status, agent_id, attempt, started_at, finished_at, error, "
				+ "released_by, attempts, shards, cleared_at, cleared_by, reason FROM execution_clear "
				+ "WHERE execution_id = ? " + "ORDER BY run", ClearedRuns::cleared, executionId);
	}

	private static ClearedRunResponse cleared(ResultSet rs, int row) throws SQLException {
		long releasedBy = rs.getLong(9);
		Long by = rs.wasNull() ? null : releasedBy;
		return new ClearedRunResponse(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getInt(5),
				SqlTime.instant(rs.getTimestamp(6)), SqlTime.instant(rs.getTimestamp(7)), rs.getString(8),
				ReasonJson.read(rs.getString(14)), by,
				list(rs.getString(10), new TypeReference<List<AttemptResponse>>() {
				}), list(rs.getString(11), new TypeReference<List<ShardResponse>>() {
				}), SqlTime.instant(rs.getTimestamp(12)), rs.getString(13));
	}

	private static <T> List<T> list(String json, TypeReference<List<T>> type) {
		if (json == null) {
			return List.of();
		}
		try {
			return CronyJson.mapper().readValue(json, type);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("unreadable cleared run: " + ex.getOriginalMessage(), ex);
		}
	}

}
