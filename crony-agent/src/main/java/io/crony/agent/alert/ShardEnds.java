package io.crony.agent.alert;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.alert.AlertFacts;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * What a sharded or broadcast run's alert says of its shards: those that did not succeed,
 * from their rows ({@code execution_shard}). Every shard's row is written before the run
 * ends, so the run's alert finds them all.
 */
class ShardEnds {

	private final JdbcTemplate jdbc;

	ShardEnds(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * How a sharded run's shards ended, from their rows.
	 *
	 * @param facts what the alert says: the first shards that did not succeed
	 * @param timedOut how many shards timed out, listed or not
	 */
	record Ended(AlertFacts.ShardsEnded facts, int timedOut) {
	}

	/**
	 * @param status the run's final status
	 * @param maxAttempts attempts the job's retry policy allows each shard
	 * @return how the shards ended, or null when the run has no shard rows (not sharded,
	 * or they could not be written)
	 */
	Ended of(long executionId, String status, int maxAttempts) {
		List<Map<String, Object>> rows = this.jdbc
			.queryForList("SELECT shard_index, shard_total, instance, status, attempt, error FROM execution_shard"
					+ " WHERE execution_id = ? ORDER BY shard_index", executionId);
		if (rows.isEmpty()) {
			return null;
		}
		List<AlertFacts.ShardEnd> notSucceeded = new ArrayList<>();
		int timedOut = 0;
		for (Map<String, Object> row : rows) {
			String shardStatus = (String) row.get("status");
			if ("SUCCEEDED".equals(shardStatus)) {
				continue;
			}
			if ("TIMED_OUT".equals(shardStatus)) {
				timedOut++;
			}
			notSucceeded.add(new AlertFacts.ShardEnd(number(row, "shard_index"), (String) row.get("instance"),
					shardStatus, number(row, "attempt"), (String) row.get("error")));
		}
		int listed = Math.min(notSucceeded.size(), AlertFacts.ShardsEnded.LISTED);
		AlertFacts.ShardsEnded facts = new AlertFacts.ShardsEnded(status, number(rows.get(0), "shard_total"),
				maxAttempts, notSucceeded.subList(0, listed), notSucceeded.size() - listed);
		return new Ended(facts, timedOut);
	}

	private static int number(Map<String, Object> row, String column) {
		return ((Number) row.get(column)).intValue();
	}

}
