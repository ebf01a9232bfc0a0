package io.crony.common.job;

/**
 * How a run of a discovered target ({@code lb://service/path} HTTP,
 * {@code discovery:///service} gRPC) picks one instance of the service, on the agent that
 * runs it.
 */
public enum InstanceChoice {

	/**
	 * Each call the next instance, as Spring Cloud LoadBalancer (HTTP) or the service's
	 * gRPC channel hands them out.
	 */
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
