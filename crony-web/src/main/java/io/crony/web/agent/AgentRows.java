package io.crony.web.agent;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.type.TypeReference;
import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.leader.AgentEvent;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The API's reads and writes of tables agent, agent_event and job (counts only). */
@Repository
class AgentRows {

	private static final TypeReference<Map<String, String>> LABELS = new TypeReference<>() {
	};

	private static final String COLUMNS = "id, host, port, weight, labels, version, weight_override, drained, "
			+ "started_at, last_seen_at";

	private final JdbcTemplate jdbc;

	AgentRows(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Agents online or seen since the given instant, by id. */
	Map<String, Row> seenSince(Instant since) {
		Map<String, Row> rows = new LinkedHashMap<>();
		this.jdbc.query("SELECT " + COLUMNS + " FROM agent WHERE status = 'ONLINE' OR last_seen_at >= ? ORDER BY id",
				(ResultSet rs) -> {
					Row row = row(rs);
					rows.put(row.id(), row);
				}, Timestamp.from(since));
		return rows;
	}

	Optional<Row> find(String id) {
		return this.jdbc.query("SELECT " + COLUMNS + " FROM agent WHERE id = ?", (rs, i) -> row(rs), id)
			.stream()
			.findFirst();
	}

	/**
	 * Records a live agent the leader has not recorded yet, so an override has a row to
	 * go in.
	 */
	void ensure(AgentInfo info) {
		this.jdbc.update("""
				INSERT IGNORE INTO agent (id, host, port, weight, labels, version, status, started_at, first_seen_at,
				last_seen_at) VALUES (?, ?, ?, ?, ?, ?, 'ONLINE', ?, NOW(3), NOW(3))""", info.id(), info.host(),
				info.port(), info.weight(), CronyJson.toJson(info.labels()), info.version(),
				(info.startedAt() != null) ? Timestamp.from(info.startedAt()) : null);
	}

	void weight(String id, int weight) {
		this.jdbc.update("UPDATE agent SET weight_override = ? WHERE id = ?", weight, id);
	}

	void drained(String id, boolean drained) {
		int changed = this.jdbc.update("UPDATE agent SET drained = ? WHERE id = ? AND drained <> ?", drained, id,
				drained);
		if (changed > 0 && !drained) {
			// The leader records DRAINED once the jobs moved; undraining moves nothing,
			// so it is recorded here.
			this.jdbc.update("INSERT INTO agent_event (agent_id, event, created_at) VALUES (?, ?, NOW(3))", id,
					AgentEvent.UNDRAINED.name());
		}
	}

	Map<String, Long> jobsHeld() {
		Map<String, Long> held = new HashMap<>();
		this.jdbc.query("SELECT agent_id, COUNT(*) FROM job WHERE agent_id IS NOT NULL GROUP BY agent_id",
				(ResultSet rs) -> {
					held.put(rs.getString(1), rs.getLong(2));
				});
		return held;
	}

	/** Enabled jobs assigned and unassigned, as the leader mirrored them. */
	long[] jobCounts() {
		return this.jdbc.queryForObject(
				"SELECT COALESCE(SUM(agent_id IS NOT NULL), 0), COALESCE(SUM(agent_id IS NULL), 0) FROM job WHERE enabled = 1",
				(rs, i) -> new long[] { rs.getLong(1), rs.getLong(2) });
	}

	private static Row row(ResultSet rs) throws SQLException {
		String labels = rs.getString("labels");
		Timestamp startedAt = rs.getTimestamp("started_at");
		return new Row(rs.getString("id"), rs.getString("host"), rs.getObject("port", Integer.class),
				rs.getInt("weight"), labels(labels), rs.getString("version"),
				rs.getObject("weight_override", Integer.class), rs.getBoolean("drained"),
				(startedAt != null) ? startedAt.toInstant() : null, rs.getTimestamp("last_seen_at").toInstant());
	}

	private static Map<String, String> labels(String json) {
		if (json == null) {
			return Map.of();
		}
		try {
			return CronyJson.mapper().readValue(json, LABELS);
		}
		catch (java.io.IOException ex) {
			return Map.of();
		}
	}

	/** A row of table agent. */
	record Row(String id, String host, Integer port, int weight, Map<String, String> labels, String version,
			Integer weightOverride, boolean drained, Instant startedAt, Instant lastSeenAt) {

	}

}
