package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;

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
 * once the lease may have expired. A fire claimed by its window alone (records written
 * once) has no row: its window counts as its claim only where a held-only ask marked it
 * held in the database ({@link JobState#heldConfirmed}); a claim made before stays held
 * until the next such ask covers it (an every-second job's next batch does). A lease etcd
 * said is gone closes the fence until a new one is granted ({@link Fence#isOpen} false):
 * then claimed fires are given up and released as before. A fire that may not start is
 * held ({@link HeldFires}), not given up, while its lease may live, and also while a new
 * lease was granted and the fence is about to open under it (the assignment loading, as
 * at the agent's start).
 * <p>
 * A claim stands in for the lease only for a fire reached on time, within
 * {@code misfire-threshold} of its instant. An agent that was frozen (stopped, swapped
 * out) past its lease wakes to fires claimed before the freeze: its jobs have moved
 * meanwhile, and running each of them now, late, is more than the misfire policy allows.
 * Such fires wait for the lease like unclaimed ones: they start if a keepalive confirms
 * it, and are released once it is gone. Dispatch thread only.
 */
final class FireGate {

	private static final Logger logger = LoggerFactory.getLogger(FireGate.class);

	private final Fence fence;

	private final long thresholdMillis;

	private final Clock clock;

	private boolean onClaims;

	FireGate(Fence fence, Duration misfireThreshold, Clock clock) {
		this.fence = fence;
		this.thresholdMillis = misfireThreshold.toMillis();
		this.clock = clock;
	}

	boolean mayStart(Fire fire) {
		if (this.fence.mayFire()) {
			if (this.onClaims) {
				logger.info("Engine's lease is confirmed again: every fire starts under it");
				this.onClaims = false;
			}
			return true;
		}
		if (fire.isClaim() && this.fence.isOpen() && reachedOnTime(fire) && confirmedByDatabase(fire)) {
			if (!this.onClaims) {
				logger.warn("Engine's lease is not confirmed (etcd unreachable?): claimed fires start on their "
						+ "database claims, unclaimed ones wait for the lease");
				this.onClaims = true;
			}
			return true;
		}
		return false;
	}

	// a fire claimed by its window alone (records written once) has no row: its window,
	// which a next holder judging this agent cut off takes from the fence, is a claim
	// past the fence only where a held-only ask marked it held
	private static boolean confirmedByDatabase(Fire fire) {
		return !fire.writtenOnce || fire.job.heldConfirmed(fire.scheduledAt);
	}

	private boolean reachedOnTime(Fire fire) {
		return this.clock.millis() - fire.scheduledAt.toEpochMilli() <= this.thresholdMillis;
	}

}
