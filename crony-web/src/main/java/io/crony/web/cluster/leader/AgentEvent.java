package io.crony.web.cluster.leader;

/** What table {@code agent_event} records. */
public enum AgentEvent {

	/** The agent's key appeared. */
	JOINED,
	/**
	 * The agent's key went away (lease expired or agent stopped); jobs_moved says how
	 * many jobs moved off.
	 */
	LOST,
	/** The operator drained the agent and its jobs moved off. */
	DRAINED,
	/** The operator undrained the agent (recorded by the API, as nothing moves). */
	UNDRAINED

}
