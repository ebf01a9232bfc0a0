package io.crony.web.agent;

import java.time.Instant;
import java.util.Map;

/**
 * An agent in the API.
 *
 * @param id agent id
 * @param host address the agent reported
 * @param port the agent's management port
 * @param weight effective placement weight (the override if set, else the agent's own)
 * @param weightOverride the operator's weight, or null
 * @param labels the agent's labels
 * @param version agent build version
 * @param startedAt when the agent process started
 * @param status ONLINE, DRAINED or OFFLINE
 * @param drained whether the operator drained it
 * @param jobsHeld jobs assigned to it now
 * @param lastSeenAt when it was last seen alive: while its key is alive, the last renewal
 * of its lease by a keepalive (within a few seconds of now for a running agent; it stops
 * advancing when the agent freezes or dies); once gone, that last renewal as the leader
 * recorded it
 */
record AgentResponse(String id, String host, Integer port, int weight, Integer weightOverride,
		Map<String, String> labels, String version, Instant startedAt, AgentStatus status, boolean drained,
		long jobsHeld, Instant lastSeenAt) {

}
