package io.crony.agent.alert;

import java.util.ArrayList;
import java.util.List;

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
	 * @param status the run's final status
	 * @param maxAttempts attempts the job's retry policy allows each shard
	 * @return the facts, or null when the run has no shard rows (not sharded, or they
	 * could not be written)
	 */
	AlertFacts.ShardsEnded of(long executionId, String status, int maxAttempts) {
		List<AlertFacts.ShardEnd> notSucceeded = new ArrayList<>();
		int[] total = { 0 };
		this.jdbc.query("SELECT shard_index, shard_total, instance, status, attempt, error FROM execution_shard"
				+ " WHERE execution_id = ? ORDER BY shard_index", (rs) -> {
					total[0] = rs.getInt(2);
					if (!"SUCCEEDED".equals(rs.getString(4))) {
						notSucceeded.add(new AlertFacts.ShardEnd(rs.getInt(1), rs.getString(3), rs.getString(4),
								rs.getInt(5), rs.getString(6)));
					}
				}, executionId);
		if (total[0] == 0) {
			return null;
		}
		int listed = Math.min(notSucceeded.size(), AlertFacts.ShardsEnded.LISTED);
		return new AlertFacts.ShardsEnded(status, total[0], maxAttempts, notSucceeded.subList(0, listed),
				notSucceeded.size() - listed);
	}

}
