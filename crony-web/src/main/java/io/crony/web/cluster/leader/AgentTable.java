package io.crony.web.cluster.leader;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import io.crony.web.cluster.membership.AgentLiveness;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The leader's writes of tables {@code agent} and {@code agent_event}, and its read of
 * the operator's overrides (weight, drained) that any instance may have written.
 */
class AgentTable {

	private final JdbcTemplate jdbc;

	AgentTable(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** Records an agent as online with what it says about itself. */
	void online(AgentInfo info) {
		this.jdbc.update(
				"""
						INSERT INTO agent (id, host, port, weight, labels, version, status, started_at, first_seen_at, last_seen_at)
						VALUES (?, ?, ?, ?, ?, ?, 'ONLINE', ?, NOW(3), NOW(3))
						ON DUPLICATE KEY UPDATE host = VALUES(host), port = VALUES(port), weight = VALUES(weight),
						labels = VALUES(labels), version = VALUES(version), status = 'ONLINE', started_at = VALUES(started_at),
						last_seen_at = NOW(3)""",
				info.id(), info.host(), info.port(), info.weight(), CronyJson.toJson(info.labels()), info.version(),
				(info.startedAt() != null) ? Timestamp.from(info.startedAt()) : null);
	}

	/**
	 * Records an agent as gone.
	 * @param agentId the agent
	 * @param lastSeen when its lease was last renewed, or null when unknown (now is
	 * recorded then)
	 */
	void offline(String agentId, Instant lastSeen) {
		this.jdbc.update("UPDATE agent SET status = 'OFFLINE', "
				+ "last_seen_at = GREATEST(last_seen_at, COALESCE(CAST(? AS DATETIME(3)), NOW(3))) "
				+ "WHERE id = ? AND status <> 'OFFLINE'", SqlTime.ofNullable(lastSeen), agentId);
	}

	/** Marks every agent not in the live set as offline (after a new leader's load). */
	void offlineExcept(Set<String> liveIds, AgentLiveness liveness) {
		for (String id : this.jdbc.queryForList("SELECT id FROM agent WHERE status = 'ONLINE'", String.class)) {
			if (!liveIds.contains(id)) {
				offline(id, liveness.lastSeen(id).orElse(null));
			}
		}
	}

	void event(String agentId, AgentEvent event, Integer jobsMoved, String detail) {
		this.jdbc.update(
				"INSERT INTO agent_event (agent_id, event, jobs_moved, detail, created_at) VALUES (?, ?, ?, ?, NOW(3))",
				agentId, event.name(), jobsMoved, detail);
	}

	Map<String, Override> overrides() {
		Map<String, Override> overrides = new HashMap<>();
		this.jdbc.query("SELECT id, weight_override, drained FROM agent", (java.sql.ResultSet rs) -> {
			Integer weight = rs.getObject("weight_override", Integer.class);
			overrides.put(rs.getString("id"), new Override(weight, rs.getBoolean("drained")));
		});
		return overrides;
	}

	/**
	 * The operator's settings for one agent.
	 *
	 * @param weight weight that replaces the agent's own, or null
	 * @param drained whether the agent takes no jobs
	 */
	record Override(Integer weight, boolean drained) {

	}

}
