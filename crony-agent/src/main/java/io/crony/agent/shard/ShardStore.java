package io.crony.agent.shard;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.lifecycle.ShardTransition;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonJson;
import io.crony.common.sql.SqlTime;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The rows of a sharded fire's calls ({@code execution_shard}), one per shard under the
 * run's execution row, as each shard's attempt starts and ends. A shard's row is its
 * record for people and the run page; the run's own row carries the fire's outcome. Every
 * change of a row's status is a {@link ShardTransition}, guarded on the row's status and
 * attempt.
 */
public class ShardStore {

	// a shard's next attempt takes its row over; a row that succeeded or was cancelled,
	// or is at this attempt or a later one already, is left as it is
	private static final String RETRY = "UPDATE execution_shard SET " + ShardTransition.RETRY.set(null)
			+ ", instance = ?, attempt = ?, started_at = ?, finished_at = NULL, output = NULL, error = NULL, "
			+ "reason = NULL WHERE execution_id = ? AND shard_index = ? AND " + ShardTransition.RETRY.where(null);

	private static final String INSERT = "INSERT INTO execution_shard (execution_id, shard_index, shard_total, "
			+ "instance, status, attempt, started_at) VALUES (?, ?, ?, ?, '" + ShardTransition.INSERTED.name()
			+ "', ?, ?)";

	private static final String END = "UPDATE execution_shard SET " + ShardTransition.END.setTo(null, "?")
			+ ", output = ?, error = ?, reason = ?, finished_at = ? WHERE execution_id = ? AND shard_index = ? AND "
			+ ShardTransition.END.where(null, "?");

	private static final String STOP = "UPDATE execution_shard SET " + ShardTransition.STOP.setTo(null, "?")
			+ ", output = ?, error = ?, reason = ?, finished_at = ? WHERE execution_id = ? AND shard_index = ? AND "
			+ ShardTransition.STOP.where(null, "?");

	private final JdbcTemplate jdbc;

	public ShardStore(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A shard's attempt begins at an instance: its row is inserted for the first, taken
	 * over by a later one (RETRY).
	 * @param instance where the call goes, null when no instance was listed
	 * @return whether the row is now this attempt's (false: a late or duplicate start)
	 */
	boolean started(long executionId, int index, int total, String instance, int attempt, Instant now) {
		if (this.jdbc.update(RETRY, instance, attempt, SqlTime.of(now), executionId, index, attempt) == 1) {
			return true;
		}
		try {
			return this.jdbc.update(INSERT, executionId, index, total, instance, attempt, SqlTime.of(now)) == 1;
		}
		catch (DuplicateKeyException ex) {
			// the row is closed for good (SUCCEEDED, CANCELLED) or at this attempt
			// already
			return false;
		}
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
	 * How a shard's attempt ended (END), on its row only while that attempt runs there.
	 * @param reason the error as a reason code when the platform wrote it, null for the
	 * target's own answer
	 * @return whether the row took it
	 */
	boolean ended(long executionId, int index, int attempt, ExecutionStatus status, String output, String error,
			Reason reason, Instant now) {
		return write(END, executionId, index, attempt, status, output, error, reason, now);
	}

	/**
	 * The run stopped the shard (STOP): cancelled with it, or its whole limit passed,
	 * while the shard's attempt ran or waited for its retry.
	 * @return whether the row took it
	 */
	boolean stopped(long executionId, int index, int attempt, ExecutionStatus status, String error, Reason reason,
			Instant now) {
		return write(STOP, executionId, index, attempt, status, null, error, reason, now);
	}

	private boolean write(String sql, long executionId, int index, int attempt, ExecutionStatus status, String output,
			String error, Reason reason, Instant now) {
		return this.jdbc.update(sql, status.name(), output, error, ReasonJson.write(reason), SqlTime.of(now),
				executionId, index, attempt, status.name()) == 1;
	}

}
