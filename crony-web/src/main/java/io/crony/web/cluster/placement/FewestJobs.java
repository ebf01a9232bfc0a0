package io.crony.web.cluster.placement;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToIntFunction;

/** The agent holding the fewest jobs; ties go to the higher weight, then the lower id. */
final class FewestJobs implements PlacementStrategy {

	@Override
	public Optional<String> pick(List<AgentCandidate> candidates, ToIntFunction<String> jobsHeld) {
		Comparator<AgentCandidate> order = Comparator
			.<AgentCandidate>comparingInt((candidate) -> jobsHeld.applyAsInt(candidate.id()))
			.thenComparing(Comparator.comparingInt(AgentCandidate::weight).reversed())
			.thenComparing(AgentCandidate::id);
		return candidates.stream().min(order).map(AgentCandidate::id);
	}

}
