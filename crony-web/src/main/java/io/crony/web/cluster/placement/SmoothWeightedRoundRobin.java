package io.crony.web.cluster.placement;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;

/**
 * nginx's smooth weighted round robin: every pick adds each candidate's weight to its
 * current weight, takes the highest, and subtracts the total from the winner. Weights 5,
 * 1, 1 give {@code a a b a c a a}: the shares are exact over each cycle and the heavy
 * agent's turns are spread out. The current weights persist across picks; a job whose
 * selector narrows the candidates takes part only among those, as nginx skips peers it
 * may not use.
 */
final class SmoothWeightedRoundRobin implements PlacementStrategy {

	private final Map<String, Long> current = new HashMap<>();

	@Override
	public synchronized Optional<String> pick(List<AgentCandidate> candidates, ToIntFunction<String> jobsHeld) {
		AgentCandidate best = null;
		long bestWeight = Long.MIN_VALUE;
		long total = 0;
		for (AgentCandidate candidate : candidates) {
			long weight = this.current.merge(candidate.id(), (long) candidate.weight(), Long::sum);
			total += candidate.weight();
			if (best == null || weight > bestWeight) {
				best = candidate;
				bestWeight = weight;
			}
		}
		if (best == null) {
			return Optional.empty();
		}
		this.current.merge(best.id(), -total, Long::sum);
		return Optional.of(best.id());
	}

	/** Forgets agents that are gone, so a returning agent starts from zero. */
	synchronized void retain(java.util.Set<String> agentIds) {
		this.current.keySet().retainAll(agentIds);
	}

}
