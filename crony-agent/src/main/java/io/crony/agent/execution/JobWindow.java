package io.crony.agent.execution;

import java.time.Instant;

/**
 * A job's window as stored: its agent owns every scheduled instant
 * {@code from <= t < until} of the job. A truncated window may be empty
 * ({@code from == until}).
 *
 * @param jobId the job
 * @param agentId the agent that owns the window's instants
 * @param from the first instant owned
 * @param until the first instant past the window
 */
public record JobWindow(long jobId, String agentId, Instant from, Instant until) {

	/**
	 * Whether {@code agentId} owns the job's instant {@code at}: it may fire it.
	 */
	public boolean owns(String agentId, Instant at) {
		return this.agentId.equals(agentId) && !at.isBefore(this.from) && at.isBefore(this.until);
	}

}
