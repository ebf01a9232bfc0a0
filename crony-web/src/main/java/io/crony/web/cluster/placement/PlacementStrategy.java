package io.crony.web.cluster.placement;

import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/** Picks the agent for one job among those that may take it. */
interface PlacementStrategy {

	/**
	 * @param candidates agents that may take the job, sorted by id, never empty
	 * @param jobsHeld how many jobs an agent holds now
	 * @return the chosen agent's id
	 */
	Optional<String> pick(List<AgentCandidate> candidates, ToIntFunction<String> jobsHeld);

}
