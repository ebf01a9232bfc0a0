package io.crony.agent.lease;

import java.time.Instant;

/**
 * What etcd says of an agent that held a job: whether it is registered (its node key,
 * under its lease), and when it stopped gracefully (its stop mark, {@link StopMark}) if
 * it did and has not registered since.
 *
 * @param registered whether its node key exists
 * @param stoppedAt the instant of its stop mark, null when it left none
 */
public record AgentStanding(boolean registered, Instant stoppedAt) {

	/** Neither registered nor stopped gracefully, as far as anyone can tell. */
	public static final AgentStanding GONE = new AgentStanding(false, null);

	/**
	 * Whether the agent handed its jobs over, so nothing it ran waits unrecorded in its
	 * spool: it is registered (it was not cut off from etcd), or it stopped gracefully
	 * after the job's last fire that ran there. A mark older than that fire is not its
	 * latest stop's: it ran again since (its registration would have deleted the mark),
	 * so the mark says nothing of what came after.
	 * @param lastFire the scheduled instant of the job's last fire that ran, on the agent
	 * or, for the agent a job moved from, on whichever agent held it before: the agent
	 * stopped after it
	 */
	public boolean handedOver(Instant lastFire) {
		return this.registered || (this.stoppedAt != null && !lastFire.isAfter(this.stoppedAt));
	}

}
