package io.crony.web.cluster.placement;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;

/**
 * Chooses an agent for a job: among the live, undrained agents whose labels match the
 * job's selector, by the job's strategy or the cluster's default. One instance lives for
 * one leader term, so round robin keeps its rhythm across batches.
 */
public final class Placer {

	private final AssignmentStrategy defaultStrategy;

	private final SmoothWeightedRoundRobin roundRobin = new SmoothWeightedRoundRobin();

	private final FewestJobs fewestJobs = new FewestJobs();

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
		List<AgentCandidate> candidates = new ArrayList<>();
		for (AgentCandidate agent : agents) {
			if (!agent.drained() && !agent.id().equals(exclude) && agent.matches(spec.labels())) {
				candidates.add(agent);
			}
		}
		if (candidates.isEmpty()) {
			return Optional.empty();
		}
		AssignmentStrategy strategy = (spec.strategy() != null) ? spec.strategy() : this.defaultStrategy;
		PlacementStrategy chosen = (strategy == AssignmentStrategy.FEWEST_JOBS) ? this.fewestJobs : this.roundRobin;
		return chosen.pick(candidates, jobsHeld);
	}

	public void forgetAgentsExcept(Set<String> agentIds) {
		this.roundRobin.retain(agentIds);
	}

}
