package io.crony.web.cluster.leader;

import java.util.Optional;
import java.util.Set;

import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.placement.AgentCandidate;
import io.crony.web.cluster.placement.Placer;

/**
 * Answers where a job may be, from the live agents the {@link LeaderState} holds now:
 * which agent a job goes to, whether it may stay, and why it must leave. One instance
 * lives for the term, so the placer's round robin keeps its rhythm across steps.
 */
final class AgentChooser {

	private final LeaderState state;

	private final Placer placer;

	private final AssignmentView view;

	AgentChooser(LeaderState state, Placer placer, AssignmentView view) {
		this.state = state;
		this.placer = placer;
		this.view = view;
	}

	/** Picks an agent for the job, never {@code exclude}; empty when none may take it. */
	Optional<String> pick(PlaceableJob job, String exclude) {
		return this.placer.pick(job.assignment(), this.state.agents(), exclude, this.view::held);
	}

	/**
	 * Whether the job may stay on the agent: live, not drained, labels match; or not live
	 * but awaited at the term's start ({@link StartGrace}), whose labels are not known
	 * until it is back.
	 */
	boolean fits(String agentId, PlaceableJob job) {
		AgentCandidate agent = this.state.agent(agentId);
		if (agent == null) {
			return this.state.awaits(agentId);
		}
		return !agent.drained() && agent.matches(job.assignment().labels());
	}

	/** Whether the agent is live (not merely awaited). */
	boolean isLive(String agentId) {
		return this.state.isLive(agentId);
	}

	/**
	 * Whether the job's selector rules out the live agent it is on; a drained agent whose
	 * labels still match may keep its job while no other agent may take it.
	 */
	boolean rulesOut(String agentId, PlaceableJob job) {
		AgentCandidate agent = this.state.agent(agentId);
		return agent != null && !agent.matches(job.assignment().labels());
	}

	/** Why a job that does not fit its agent has to move. */
	String moveReason(String agentId) {
		AgentCandidate agent = this.state.agent(agentId);
		if (agent == null) {
			return "failover";
		}
		return agent.drained() ? "drain" : "selector";
	}

	/** Drops the round-robin state of agents that are gone. */
	void forgetAgentsExcept(Set<String> agentIds) {
		this.placer.forgetAgentsExcept(agentIds);
	}

}
