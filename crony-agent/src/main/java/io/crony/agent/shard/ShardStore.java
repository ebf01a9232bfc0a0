package io.crony.agent.shard;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonJson;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The rows of a sharded fire's calls ({@code execution_shard}), one per shard under the
 * run's execution row, as each shard's attempt starts and ends. A shard's row is its
 * record for people and the run page; the run's own row carries the fire's outcome.
 */
public class ShardStore {

	private final JdbcTemplate jdbc;

	public ShardStore(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** A shard's attempt begins at an instance (a retry starts the row afresh). */
	void started(long executionId, int index, int total, String instance, int attempt, Instant now) {
		this.jdbc
			.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, instance, status, attempt, "
					+ "started_at) VALUES (?, ?, ?, ?, 'RUNNING', ?, ?) ON DUPLICATE KEY UPDATE "
					+ "instance = VALUES(instance), status = 'RUNNING', attempt = VALUES(attempt), "
					+ "started_at = VALUES(started_at), finished_at = NULL, output = NULL, error = NULL, "
					+ "reason = NULL", executionId, index, total, instance, attempt, SqlTime.of(now));
	}

	/**
	 * The shards of the run that already succeeded, by index, with their output: after an
	 * operator re-ran only the failed shards of an ended run, the shards that succeeded
	 * keep their rows and are not called again.
	 */
	Map<Integer, String> succeeded(long executionId, int total) {
		Map<Integer, String> outputs = new HashMap<>();
		this.jdbc.query("SELECT shard_index, output FROM execution_shard WHERE execution_id = ? AND shard_total = ? "
				+ "AND status = 'SUCCEEDED'", (rs) -> {
					outputs.put(rs.getInt(1), rs.getString(2));
				}, executionId, total);
		return outputs;
	}

	/**
	 * How a shard's attempt ended.
	 * @param reason the error as a reason code when the platform wrote it (a cancel, the
	 * run's limit), null for the target's own answer
	 */
	void ended(long executionId, int index, ExecutionStatus status, String output, String error, Reason reason,
			Instant now) {
		this.jdbc.update(
				"UPDATE execution_shard SET status = ?, output = ?, error = ?, reason = ?, finished_at = ? "
						+ "WHERE execution_id = ? AND shard_index = ?",
				status.name(), output, error, ReasonJson.write(reason), SqlTime.of(now), executionId, index);
	}

}
