package io.crony.web.cluster.placement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;

/**
 * Chooses an agent for a job: among the live, undrained agents whose labels match the
 * job's selector, by the job's strategy or the cluster's default. One instance lives for
 * one leader term, so round robin keeps its rhythm across batches.
 * <p>
 * The eligible agents are worked out once per distinct selector, not once per job:
 * placing 100,000 jobs that share a handful of selectors filters the agents a handful of
 * times. They are kept while the caller passes the same collection of agents (the
 * leader's state hands out a new one only when the agents change).
 */
public final class Placer {

	private final AssignmentStrategy defaultStrategy;

	private final SmoothWeightedRoundRobin roundRobin = new SmoothWeightedRoundRobin();

	private final FewestJobs fewestJobs = new FewestJobs();

	/** The agents {@link #eligible} was worked out from, compared by identity. */
	private Collection<AgentCandidate> eligibleAmong;

	/** Live, undrained agents matching each selector seen, sorted by id. */
	private final Map<Map<String, String>, List<AgentCandidate>> eligible = new HashMap<>();

	public Placer(AssignmentStrategy defaultStrategy) {
		this.defaultStrategy = (defaultStrategy != null) ? defaultStrategy : AssignmentStrategy.WEIGHTED_ROUND_ROBIN;
	}

	/**
	 * @param assignment the job's placement preferences
	 * @param agents the live agents, sorted by id
	 * @param exclude an agent the job must leave (it is being drained or failed over)
	 * @param jobsHeld jobs per agent now
	 * @return the chosen agent, or empty when no agent may take the job
	 */
	public Optional<String> pick(AssignmentSpec assignment, Collection<AgentCandidate> agents, String exclude,
			ToIntFunction<String> jobsHeld) {
		AssignmentSpec spec = (assignment != null) ? assignment : AssignmentSpec.DEFAULT;
		List<AgentCandidate> candidates = eligible(spec.labels(), agents);
		if (exclude != null) {
			candidates = candidates.stream().filter((agent) -> !agent.id().equals(exclude)).toList();
		}
		if (candidates.isEmpty()) {
			return Optional.empty();
		}
		AssignmentStrategy strategy = (spec.strategy() != null) ? spec.strategy() : this.defaultStrategy;
		PlacementStrategy chosen = (strategy == AssignmentStrategy.FEWEST_JOBS) ? this.fewestJobs : this.roundRobin;
		return chosen.pick(candidates, jobsHeld);
	}

	private synchronized List<AgentCandidate> eligible(Map<String, String> selector,
			Collection<AgentCandidate> agents) {
		if (agents != this.eligibleAmong) {
			this.eligible.clear();
			this.eligibleAmong = agents;
		}
		return this.eligible.computeIfAbsent(selector,
				(labels) -> agents.stream().filter((agent) -> !agent.drained() && agent.matches(labels)).toList());
	}

	public void forgetAgentsExcept(Set<String> agentIds) {
		this.roundRobin.retain(agentIds);
	}

}
