package io.crony.web.cluster.leader;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.crony.common.job.AgentInfo;
import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.leadership.LeaderTerm;
import io.crony.web.cluster.membership.AgentLiveness;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.cluster.placement.AgentCandidate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes the leader's snapshot of the live agents before each step, with the operator's
 * overrides (weight, drained) applied, and records in table {@code agent} who joined,
 * changed or went away. Moving a lost agent's jobs is the step's work, not this class's.
 */
final class AgentRoster {

	private static final Logger log = LoggerFactory.getLogger(AgentRoster.class);

	private final LeaderTerm term;

	private final AgentRegistry registry;

	private final AgentLiveness liveness;

	private final AgentTable agentTable;

	private final AssignmentView view;

	private final ClusterAlarms alarms;

	private final LeaderState state;

	private final AgentChooser chooser;

	/** Agents seen alive in this term, as last recorded in table agent. */
	private final Map<String, AgentInfo> known = new HashMap<>();

	AgentRoster(LeaderTerm term, AgentRegistry registry, AgentLiveness liveness, AgentTable agentTable,
			AssignmentView view, ClusterAlarms alarms, LeaderState state, AgentChooser chooser) {
		this.term = term;
		this.registry = registry;
		this.liveness = liveness;
		this.agentTable = agentTable;
		this.view = view;
		this.alarms = alarms;
		this.state = state;
		this.chooser = chooser;
	}

	/**
	 * Takes a fresh snapshot of the live agents with overrides; records joins and losses.
	 * @param sweepTable whether to mark offline every agent the table still shows online
	 * but that is not live (after a new leader's load or a failed step)
	 * @return whether the live agents differ from the last snapshot
	 */
	boolean refresh(boolean sweepTable) {
		Map<String, AgentInfo> live = this.registry.liveAgents();
		Map<String, AgentTable.Override> overrides = this.agentTable.overrides();
		TreeMap<String, AgentCandidate> agents = new TreeMap<>();
		live.forEach((id, info) -> {
			AgentTable.Override override = overrides.get(id);
			int weight = (override != null && override.weight() != null) ? override.weight() : info.weight();
			agents.put(id, new AgentCandidate(id, weight, info.labels(), override != null && override.drained()));
		});
		recordJoins(live);
		recordLosses(live);
		if (sweepTable) {
			this.agentTable.offlineExcept(live.keySet(), this.liveness);
		}
		boolean changed = this.state.replaceAgents(agents);
		if (changed) {
			log.info("Leader epoch {} agents now {}", this.term.epoch(), agents.values());
		}
		this.chooser.forgetAgentsExcept(agents.keySet());
		return changed;
	}

	private void recordJoins(Map<String, AgentInfo> live) {
		for (Map.Entry<String, AgentInfo> agent : live.entrySet()) {
			AgentInfo before = this.known.put(agent.getKey(), agent.getValue());
			if (!agent.getValue().equals(before)) {
				this.agentTable.online(agent.getValue());
				if (before == null) {
					this.agentTable.event(agent.getKey(), AgentEvent.JOINED, null, agent.getValue().host());
					log.info("Agent {} joined ({}:{}, weight {}, labels {})", agent.getKey(), agent.getValue().host(),
							agent.getValue().port(), agent.getValue().weight(), agent.getValue().labels());
				}
			}
		}
	}

	private void recordLosses(Map<String, AgentInfo> live) {
		for (String gone : new HashSet<>(this.known.keySet())) {
			if (!live.containsKey(gone)) {
				this.known.remove(gone);
				// when its lease was last renewed, not now: it may have been dead for a
				// TTL
				this.agentTable.offline(gone, this.liveness.lastSeen(gone).orElse(null));
				if (this.view.held(gone) == 0) {
					// An agent holding jobs gets its LOST event with the count once they
					// moved.
					this.agentTable.event(gone, AgentEvent.LOST, 0, null);
					this.alarms.agentLost(gone, List.of(), new Relocator.Evacuation(0, 0), this.view);
				}
				log.warn("Agent {} lost, holding {} jobs", gone, this.view.held(gone));
			}
		}
	}

}
