package io.crony.agent.schedule;

import io.crony.agent.lease.Fence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether a due fire may start: while the lease fence is open, or, when etcd does
 * not confirm the lease, on the fire's own database claim. An unconfirmed lease is not a
 * lost one: while etcd is unreachable (stopped, or cut off from this agent) nobody tells
 * the agent its lease is gone, and the fence alone would stop every job a few seconds
 * into the outage. The claim already rules out a second runner: one execution row per job
 * and instant (a unique key), and a holder the job moved to meanwhile takes a row over
 * from nobody only, never from this agent. So claimed fires run on; the fence still stops
 * what has no claim (fires claimed locally while the database is away too, manual runs)
 * once the lease may have expired. A lease etcd said is gone closes the fence until a new
 * one is granted ({@link Fence#isOpen} false): then claimed fires are given up and
 * released as before. Dispatch thread only.
 */
final class FireGate {

	private static final Logger logger = LoggerFactory.getLogger(FireGate.class);

	private final Fence fence;

	private boolean onClaims;

	FireGate(Fence fence) {
		this.fence = fence;
	}

	boolean mayStart(Fire fire) {
		if (this.fence.mayFire()) {
			if (this.onClaims) {
				logger.info("Engine's lease is confirmed again: every fire starts under it");
				this.onClaims = false;
			}
			return true;
		}
		if (FiringEngine.isClaim(fire) && this.fence.isOpen()) {
			if (!this.onClaims) {
				logger.warn("Engine's lease is not confirmed (etcd unreachable?): claimed fires start on their "
						+ "database claims, unclaimed ones wait for the lease");
				this.onClaims = true;
			}
			return true;
		}
		return false;
	}

}
