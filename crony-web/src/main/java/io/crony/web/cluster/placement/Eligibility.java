package io.crony.web.cluster.placement;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

import io.crony.common.job.Labels;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;

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
	public static Optional<Reason> reason(Map<String, String> selector, Collection<AgentCandidate> agents) {
		if (agents.isEmpty()) {
			return Optional.of(Reason.of(ReasonCode.NO_LIVE_AGENT));
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
			return Optional.of(Reason.of(ReasonCode.ALL_AGENTS_DRAINED));
		}
		String labels = Labels.format(selector);
		return Optional
			.of(Reason.of(matched ? ReasonCode.ALL_MATCHING_AGENTS_DRAINED : ReasonCode.NO_AGENT_MATCHES, labels));
	}

}
