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
 * @param heldUntil the end of the instants a holder of the window confirmed while etcd
 * did not confirm its lease ({@link JobWindows#extend} with {@code heldOnly}): it may
 * have fired every instant before it, whatever a take past its fence assumes; null when
 * none did
 */
public record JobWindow(long jobId, String agentId, Instant from, Instant until, Instant heldUntil) {

	/** A window no holder asked for while its lease was unconfirmed. */
	public JobWindow(long jobId, String agentId, Instant from, Instant until) {
		this(jobId, agentId, from, until, null);
	}

	/**
	 * Whether {@code agentId} owns the job's instant {@code at}: it may fire it.
	 */
	public boolean owns(String agentId, Instant at) {
		return this.agentId.equals(agentId) && !at.isBefore(this.from) && at.isBefore(this.until);
	}

}
