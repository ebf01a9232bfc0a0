package io.crony.web.job;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.job.AgentInfo;
import io.crony.common.job.JobSpec;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.cluster.placement.AgentCandidate;
import io.crony.web.cluster.placement.Eligibility;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Tells for each job in a response whether an agent holds it and, when none does, why:
 * from this instance's own watch of the live agents (so a non-leader answers too) and the
 * operator's drains in table {@code agent}, by the same rule the leader places by
 * ({@link Eligibility}).
 */
@Component
class JobPlacements {

	private final AgentRegistry registry;

	private final JdbcTemplate jdbc;

	JobPlacements(AgentRegistry registry, JdbcTemplate jdbc) {
		this.registry = registry;
		this.jdbc = jdbc;
	}

	/** A reader for one response; it reads the agents once, at its first job. */
	Reader reader() {
		return new Reader();
	}

	final class Reader {

		private Map<String, AgentInfo> live;

		private List<AgentCandidate> candidates;

		private Reader() {
		}

		JobPlacement of(JobSpec spec, String agentId) {
			if (!spec.enabled()) {
				return JobPlacement.DISABLED;
			}
			load();
			if (agentId != null && this.live.containsKey(agentId)) {
				return JobPlacement.ASSIGNED;
			}
			Map<String, String> selector = (spec.assignment() != null) ? spec.assignment().labels() : Map.of();
			Reason reason = Eligibility.reason(selector, this.candidates)
				.orElse((agentId != null) ? Reason.of(ReasonCode.AGENT_GONE_WAITING_TO_MOVE, agentId)
						: Reason.of(ReasonCode.WAITING_FOR_LEADER));
			return JobPlacement.unassigned(reason);
		}

		private void load() {
			if (this.live != null) {
				return;
			}
			this.live = JobPlacements.this.registry.liveAgents();
			Set<String> drained = new HashSet<>(
					JobPlacements.this.jdbc.queryForList("SELECT id FROM agent WHERE drained = 1", String.class));
			this.candidates = new ArrayList<>();
			this.live.forEach((id, info) -> this.candidates
				.add(new AgentCandidate(id, info.weight(), info.labels(), drained.contains(id))));
		}

	}

}
