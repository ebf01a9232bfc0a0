package io.crony.web.cluster.placement;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

import io.crony.common.job.Labels;

/**
 * Says why no agent may take a job with a given selector, in the words the job API, the
 * dashboard and the unplaced-jobs alert show ({@code no live agent matches dept=pay}). An
 * agent is eligible when it is live, not drained and carries every label of the selector.
 */
public final class Eligibility {

	private Eligibility() {
	}

	/**
	 * @param selector the job's label selector (empty: any agent)
	 * @param agents the live agents
	 * @return why none of them may take the job; empty when one may
	 */
	public static Optional<String> reason(Map<String, String> selector, Collection<AgentCandidate> agents) {
		if (agents.isEmpty()) {
			return Optional.of("no live agent");
		}
		boolean matched = false;
		for (AgentCandidate agent : agents) {
			if (agent.matches(selector)) {
				if (!agent.drained()) {
					return Optional.empty();
				}
				matched = true;
			}
		}
		if (selector.isEmpty()) {
			return Optional.of("every live agent is drained");
		}
		String labels = Labels.format(selector);
		return Optional
			.of(matched ? "every live agent matching " + labels + " is drained" : "no live agent matches " + labels);
	}

}
