package io.crony.web.cluster.placement;

import java.util.Map;

/**
 * A live agent as placement sees it.
 *
 * @param id agent id
 * @param weight effective weight (the operator's override, else the agent's own)
 * @param labels the agent's labels
 * @param drained whether the operator drained it (it takes no new jobs)
 */
public record AgentCandidate(String id, int weight, Map<String, String> labels, boolean drained) {

	public AgentCandidate {
		weight = Math.max(1, weight);
		labels = (labels != null) ? Map.copyOf(labels) : Map.of();
	}

	/** Whether this agent carries every label of the selector. */
	public boolean matches(Map<String, String> selector) {
		for (Map.Entry<String, String> label : selector.entrySet()) {
			if (!label.getValue().equals(this.labels.get(label.getKey()))) {
				return false;
			}
		}
		return true;
	}

}
