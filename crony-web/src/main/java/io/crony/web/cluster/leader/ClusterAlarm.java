package io.crony.web.cluster.leader;

import java.util.Map;

import io.crony.common.reason.Reason;

/**
 * What the leader publishes (as Spring application events) when the cluster needs a
 * person: the alert feature turns them into platform alerts. Published on the leader's
 * thread; listeners must return at once.
 */
public sealed interface ClusterAlarm {

	/**
	 * An agent went away.
	 *
	 * @param agentId the agent
	 * @param jobsMoved how many of its jobs moved to survivors
	 * @param movedTo how many went to each survivor
	 * @param stuck how many found no agent and stay unassigned
	 */
	record AgentLost(String agentId, int jobsMoved, Map<String, Integer> movedTo, int stuck) implements ClusterAlarm {

	}

	/**
	 * No agent is alive: nothing runs.
	 *
	 * @param enabledJobs enabled jobs that wait for an agent
	 */
	record NoAgentAlive(int enabledJobs) implements ClusterAlarm {

	}

	/**
	 * An enabled job began to wait unassigned because no live agent may take it (labels,
	 * drains). Told once each time it begins to wait, not on every loop.
	 *
	 * @param jobId the job
	 * @param reason why ({@code no live agent matches zone=b})
	 */
	record JobUnplaced(long jobId, Reason reason) implements ClusterAlarm {

	}

}
