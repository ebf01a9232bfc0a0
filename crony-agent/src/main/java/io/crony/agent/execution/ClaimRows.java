package io.crony.agent.execution;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.agent.execution.ExecutionStore.Row;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.crony.agent.execution.InLists.chunks;
import static io.crony.agent.execution.InLists.marks;

/**
 * Claim rows once they exist: read back, and handed between owners. Every change is
 * conditional on the row's status and, but for a manual run's adoption ({@link #adopt}),
 * on its owner, so two agents that reach for the same claim never both get it.
 */
final class ClaimRows {

	private final JdbcTemplate jdbc;

	ClaimRows(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Reads the rows of the given fires.
	 * @param keys fires as (jobId, scheduledAt)
	 * @return the rows found, by key
	 */
	Map<FireKey, Row> find(Collection<FireKey> keys) {
		Map<FireKey, Row> rows = new HashMap<>();
		for (List<FireKey> chunk : chunks(keys, 500)) {
			// job ids and a time range, not (job_id, scheduled_at) tuples: a long tuple
			// list is not read through the unique index; this is, one range per job
			List<Long> jobIds = chunk.stream().map(FireKey::jobId).distinct().toList();
			Instant min = chunk.stream().map(FireKey::scheduledAt).min(Instant::compareTo).get();
			Instant max = chunk.stream().map(FireKey::scheduledAt).max(Instant::compareTo).get();
			List<Object> args = new ArrayList<>(jobIds);
			args.add(SqlTime.of(min));
			args.add(SqlTime.of(max));
			String in = marks(jobIds.size());
			this.jdbc.query("SELECT id, job_id, scheduled_at, agent_id, status FROM execution WHERE job_id IN (" + in
					+ ") AND scheduled_at BETWEEN ? AND ?", (rs) -> {
						FireKey key = new FireKey(rs.getLong(2), rs.getTimestamp(3).toInstant());
						if (keys.contains(key)) {
							rows.put(key,
									new Row(rs.getLong(1), rs.getString(4), ExecutionStatus.valueOf(rs.getString(5))));
						}
					}, args.toArray());
		}
		return rows;
	}

	/**
	 * Takes over a PENDING claim row from its former owner (compare-and-set on agent_id).
	 * @return whether this agent now owns the row
	 */
	boolean takeOver(long id, String formerOwner, String agentId) {
		return this.jdbc.update("UPDATE execution SET agent_id = ?, updated_at = ? WHERE id = ? AND status = 'PENDING' "
				+ "AND agent_id <=> ?", agentId, SqlTime.of(Instant.now()), id, formerOwner) == 1;
	}

	/**
	 * Names this agent on a manual run's PENDING row, whichever agent the web placed it
	 * on: called only after this agent took the run's once request (deleted its key),
	 * which no other agent can have done, so its start and end records apply here. The
	 * row is named by its primary key {@code (id, scheduled_at)}: the instant, which the
	 * request carries to the millisecond, reads the one day partition that holds it,
	 * where the id alone probes every day.
	 * @param scheduledAt the row's instant, as its once request names it
	 * @return whether the row is still PENDING
	 */
	boolean adopt(long id, Instant scheduledAt, String agentId) {
		return this.jdbc.update(
				"UPDATE execution SET agent_id = ?, updated_at = ? WHERE id = ? AND scheduled_at = ? "
						+ "AND status = 'PENDING'",
				agentId, SqlTime.of(Instant.now()), id, SqlTime.of(scheduledAt)) == 1;
	}

	/**
	 * Hands a claimed fire of a job with upstreams to the web leader: the row waits,
	 * owned by nobody, until the leader releases it (its upstreams succeeded) or stops
	 * it.
	 * @return whether the row was this agent's PENDING claim (and now waits)
	 */
	boolean park(long id, String agentId) {
		return this.jdbc.update("UPDATE execution SET " + RunTransition.PARK.set()
				+ ", agent_id = NULL, updated_at = ? WHERE id = ? AND agent_id = ? AND " + RunTransition.PARK.where(),
				SqlTime.of(Instant.now()), id, agentId) == 1;
	}

	/**
	 * Gives up this agent's PENDING claims of jobs it no longer holds, so their next
	 * holder may take them. Only fires after {@code after} are released: the caller
	 * stopped dispatching the job at {@code after}, so a fire up to then may have started
	 * and a fire after it never will (compare-and-set on this agent's ownership).
	 */
	void release(List<Long> jobIds, String agentId, Instant after) {
		for (List<Long> chunk : chunks(jobIds, 1000)) {
			List<Object> args = new ArrayList<>();
			args.add(SqlTime.of(Instant.now()));
			args.add(agentId);
			args.add(SqlTime.of(after));
			args.addAll(chunk);
			String in = marks(chunk.size());
			this.jdbc.update("UPDATE execution SET agent_id = NULL, updated_at = ? WHERE agent_id = ? "
					+ "AND status = 'PENDING' AND scheduled_at > ? AND job_id IN (" + in + ")", args.toArray());
		}
	}

	/**
	 * Gives up this agent's PENDING claims of the given rows (fires it will not dispatch,
	 * being fenced), so the jobs' next holder may take them.
	 * @return how many rows were released
	 */
	int release(List<Long> ids, String agentId) {
		int released = 0;
		for (List<Long> chunk : chunks(ids, 1000)) {
			List<Object> args = new ArrayList<>();
			args.add(SqlTime.of(Instant.now()));
			args.add(agentId);
			args.addAll(chunk);
			String in = marks(chunk.size());
			released += this.jdbc.update("UPDATE execution SET agent_id = NULL, updated_at = ? WHERE agent_id = ? "
					+ "AND status = 'PENDING' AND id IN (" + in + ")", args.toArray());
		}
		return released;
	}

	/**
	 * Of the given claim rows, those still PENDING that belong to nobody (released by
	 * their former holder), in one query.
	 */
	Set<Long> released(Collection<Long> ids) {
		Set<Long> free = new HashSet<>();
		for (List<Long> chunk : chunks(ids, 1000)) {
			String in = marks(chunk.size());
			this.jdbc.query(
					"SELECT id FROM execution WHERE id IN (" + in + ") AND agent_id IS NULL AND status = 'PENDING'",
					(rs) -> {
						free.add(rs.getLong(1));
					}, chunk.toArray());
		}
		return free;
	}

}
