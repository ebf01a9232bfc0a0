package io.crony.common.job;

/**
 * How a run of an {@code lb://service/path} target picks one instance of the service, on
 * the agent that runs it.
 */
public enum InstanceChoice {

	/** Each call the next instance, as Spring Cloud LoadBalancer hands them out. */
	ROUND_ROBIN,

	/**
	 * The instance with the fewest calls in flight from this agent; among equals, the
	 * next in turn.
	 */
	LEAST_ACTIVE,

	/**
	 * The same instance for the same job while the set of instances stays the same; when
	 * one goes, only its jobs move (rendezvous hashing).
	 */
	CONSISTENT_HASH

}
