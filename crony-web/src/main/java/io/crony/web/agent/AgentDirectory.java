package io.crony.web.agent;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

import io.crony.common.job.AgentInfo;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.cluster.membership.AgentLiveness;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.cluster.ClusterProperties;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Agents as the API shows them: liveness from this instance's own watch of etcd (so a
 * non-leader answers too) and, for a live agent, last seen when its lease was last
 * renewed ({@link AgentLiveness}); overrides and history from table agent (for an agent
 * gone, last seen as the leader recorded it); jobs held from the leader's mirror in table
 * job.
 */
@Service
class AgentDirectory {

	private final AgentRegistry registry;

	private final AgentRows rows;

	private final AgentLiveness liveness;

	private final ClusterProperties properties;

	private final AuditLog audit;

	AgentDirectory(AgentRegistry registry, AgentRows rows, AgentLiveness liveness, ClusterProperties properties,
			AuditLog audit) {
		this.audit = audit;
		this.registry = registry;
		this.rows = rows;
		this.liveness = liveness;
		this.properties = properties;
	}

	List<AgentResponse> list() {
		Map<String, AgentInfo> live = this.registry.liveAgents();
		Map<String, AgentRows.Row> seen = this.rows.seenSince(Instant.now().minus(this.properties.offlineRetention()));
		Map<String, Long> held = this.rows.jobsHeld();
		TreeSet<String> ids = new TreeSet<>(live.keySet());
		ids.addAll(seen.keySet());
		List<AgentResponse> agents = new ArrayList<>();
		for (String id : ids) {
			agents.add(response(id, live.get(id), seen.get(id), held.getOrDefault(id, 0L)));
		}
		return agents;
	}

	Optional<AgentResponse> find(String id) {
		AgentInfo info = this.registry.agent(id).orElse(null);
		AgentRows.Row row = this.rows.find(id).orElse(null);
		if (info == null && row == null) {
			return Optional.empty();
		}
		return Optional.of(response(id, info, row, this.rows.jobsHeld().getOrDefault(id, 0L)));
	}

	/** Applies an operator change; empty when the agent was never seen. */
	@Transactional
	Optional<AgentResponse> patch(String id, AgentPatchRequest patch) {
		Optional<AgentInfo> live = this.registry.agent(id);
		if (this.rows.find(id).isEmpty()) {
			if (live.isEmpty()) {
				return Optional.empty();
			}
			this.rows.ensure(live.get());
		}
		Settings before = settings(id);
		if (patch.weight() != null) {
			this.rows.weight(id, patch.weight());
		}
		if (patch.drained() != null) {
			this.rows.drained(id, patch.drained());
		}
		this.audit.record(AuditAction.AGENT_UPDATE, id, id, before, settings(id));
		return find(id);
	}

	private Settings settings(String id) {
		return this.rows.find(id).map((row) -> new Settings(row.weightOverride(), row.drained())).orElse(null);
	}

	/** What an operator changes on an agent, as the audit log compares it. */
	record Settings(Integer weightOverride, boolean drained) {
	}

	private AgentResponse response(String id, AgentInfo info, AgentRows.Row row, long jobsHeld) {
		boolean drained = row != null && row.drained();
		Integer override = (row != null) ? row.weightOverride() : null;
		int own = (info != null) ? info.weight() : row.weight();
		AgentStatus status = (info == null) ? AgentStatus.OFFLINE
				: (drained ? AgentStatus.DRAINED : AgentStatus.ONLINE);
		return new AgentResponse(id, (info != null) ? info.host() : row.host(),
				(info != null) ? Integer.valueOf(info.port()) : row.port(), (override != null) ? override : own,
				override, (info != null) ? info.labels() : row.labels(),
				(info != null) ? info.version() : row.version(), (info != null) ? info.startedAt() : row.startedAt(),
				status, drained, jobsHeld, lastSeen(id, info != null, row));
	}

	/** The latest evidence: a lease renewal while live, the leader's record once gone. */
	private Instant lastSeen(String id, boolean live, AgentRows.Row row) {
		Instant recorded = (row != null) ? row.lastSeenAt() : null;
		Instant renewed = live ? this.liveness.lastSeen(id).orElse(null) : null;
		if (recorded == null || renewed != null && renewed.isAfter(recorded)) {
			return renewed;
		}
		return recorded;
	}

}
