package io.crony.agent.schedule;

import io.crony.agent.lease.Fence;

/**
 * Whether the {@link Claimer} claims in full or held-only (only where table {@code job}
 * places the job on this agent and has it enabled). Held-only is for an agent that may be
 * cut off from etcd: it cannot hear that its jobs were disabled, deleted or moved, and
 * the database's word bounds it. Claims are in full while etcd confirms the lease, and
 * also while a lease it just granted is about to open the fence and the engine's jobs
 * were loaded from etcd under that lease ({@link Fence#opening}): those jobs are this
 * agent's as etcd has them now. Column {@code job.agent_id} is only a mirror the leader
 * writes after it moved a job, so it may not name this agent yet; a held-only claim then
 * made no row for a fire of such a job (the misfire policy's catch-up fire at the agent's
 * start), and the fire was lost without a trace. Claimed in full, it waits for the
 * opening like any other fire ({@link HeldFires}). The jobs held from an earlier lease,
 * until the load under the new one replaces them, are still claimed held-only.
 */
final class ClaimScope {

	private final Fence fence;

	// the lease (counted as Fence#opening counts it) the engine's jobs were loaded under
	private volatile long loadedUnder;

	ClaimScope(Fence fence) {
		this.fence = fence;
	}

	/**
	 * The engine now holds exactly the jobs etcd assigns this agent, read under the lease
	 * that is about to open the fence, if one is.
	 */
	void loaded() {
		this.loadedUnder = this.fence.opening();
	}

	/** Whether a claim is made in full now, or held-only. */
	boolean inFull() {
		if (this.fence.mayFire()) {
			return true;
		}
		long opening = this.fence.opening();
		return opening != 0 && opening == this.loadedUnder;
	}

}
