package io.crony.web.cluster.leader;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * The leader's reads of table {@code job} (owned by the job API) and its one write: the
 * {@code agent_id} mirror, which never touches {@code version} or {@code updated_at}.
 */
class JobTable {

	private static final String COLUMNS = "id, version, enabled, spec, agent_id";

	private static final int CHUNK = 1000;

	private final JdbcTemplate jdbc;

	private final NamedParameterJdbcTemplate named;

	JobTable(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
		this.named = new NamedParameterJdbcTemplate(jdbc);
	}

	/** A cheap fingerprint of the table: any create, update or delete changes it. */
	Stamp stamp() {
		return this.jdbc.queryForObject("SELECT MAX(updated_at), COUNT(*) FROM job",
				(rs, i) -> new Stamp(rs.getTimestamp(1), rs.getLong(2)));
	}

	void forEach(Consumer<JobRow> sink) {
		this.jdbc.query("SELECT " + COLUMNS + " FROM job", (ResultSet rs) -> {
			sink.accept(row(rs));
		});
	}

	List<JobRow> changedSince(Timestamp since) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM job WHERE updated_at >= ?", (rs, i) -> row(rs), since);
	}

	Set<Long> ids() {
		return new HashSet<>(this.jdbc.queryForList("SELECT id FROM job", Long.class));
	}

	Map<Long, JobRow> rows(Collection<Long> ids) {
		Map<Long, JobRow> rows = new HashMap<>();
		List<Long> all = new ArrayList<>(ids);
		for (int from = 0; from < all.size(); from += CHUNK) {
			List<Long> chunk = all.subList(from, Math.min(all.size(), from + CHUNK));
			this.named.query("SELECT " + COLUMNS + " FROM job WHERE id IN (:ids)",
					new MapSqlParameterSource("ids", chunk), (ResultSet rs) -> {
						JobRow row = row(rs);
						rows.put(row.id(), row);
					});
		}
		return rows;
	}

	/**
	 * Mirrors where jobs are assigned.
	 * @param placements job id to agent id (null: unassigned)
	 */
	void mirror(Map<Long, String> placements) {
		Map<String, List<Long>> byAgent = new HashMap<>();
		List<Long> unassigned = new ArrayList<>();
		placements.forEach((jobId, agentId) -> {
			if (agentId == null) {
				unassigned.add(jobId);
			}
			else {
				byAgent.computeIfAbsent(agentId, (key) -> new ArrayList<>()).add(jobId);
			}
		});
		byAgent.forEach((agentId, jobIds) -> update(agentId, jobIds));
		update(null, unassigned);
	}

	private void update(String agentId, List<Long> jobIds) {
		for (int from = 0; from < jobIds.size(); from += CHUNK) {
			List<Long> chunk = jobIds.subList(from, Math.min(jobIds.size(), from + CHUNK));
			this.named.update("UPDATE job SET agent_id = :agent WHERE id IN (:ids)",
					new MapSqlParameterSource("agent", agentId).addValue("ids", chunk));
		}
	}

	private static JobRow row(ResultSet rs) throws SQLException {
		return new JobRow(rs.getLong("id"), rs.getLong("version"), rs.getBoolean("enabled"), rs.getString("spec"),
				rs.getString("agent_id"));
	}

	/**
	 * @param maxUpdated the newest {@code updated_at}, null for an empty table
	 * @param count the number of rows
	 */
	record Stamp(Timestamp maxUpdated, long count) {

	}

}
