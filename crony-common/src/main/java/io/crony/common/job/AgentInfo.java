package io.crony.common.job;

import java.time.Instant;
import java.util.Map;

/**
 * The value under {@code /crony/node/{agentId}}, kept alive by the agent's lease.
 *
 * @param id stable agent id (host + port unless configured)
 * @param host address the agent is reachable at
 * @param port the agent's management port
 * @param weight placement weight (the UI may override it)
 * @param labels labels that job selectors match against
 * @param version agent build version
 * @param startedAt when the agent process started
 */
public record AgentInfo(String id, String host, int port, int weight, Map<String, String> labels, String version,
		Instant startedAt) {

	public AgentInfo {
		labels = (labels != null) ? Map.copyOf(labels) : Map.of();
	}

}
