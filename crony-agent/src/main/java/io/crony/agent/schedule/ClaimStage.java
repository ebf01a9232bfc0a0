package io.crony.agent.schedule;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The second stage, on a thread of its own: claims the fires the {@link Planner} woke, in
 * batches, ahead of their instants, and passes the fires won to dispatch. A fire whose
 * row or window another agent holds is contested: it is retried every
 * {@code RETAKE_MILLIS}, since a live agent the job moved away from releases its claims
 * shortly after, and then runs here, late by at most that delay. A fire never released by
 * {@code RETAKE_GRACE_MILLIS} past its instant ran (or may have run) on its holder and is
 * given up.
 */
final class ClaimStage implements Runnable {

	/**
	 * How long past its instant a fire claimed by another agent is still awaited: that
	 * agent releases it when it learns the job moved or its lease is gone (up to a
	 * keepalive interval later, more on a loaded machine).
	 */
	static final long RETAKE_GRACE_MILLIS = 5000;

	private static final Logger logger = LoggerFactory.getLogger(ClaimStage.class);

	private static final int CLAIM_BATCH = 5000;

	private static final long RETAKE_MILLIS = 100;

	private final Planner planner;

	private final Claimer claimer;

	private final Consumer<List<Fire>> claimed;

	private final Clock clock;

	// fires whose row another agent holds
	private final List<Fire> contested = new ArrayList<>();

	private long lastRetakeMillis;

	// held while a batch is claimed and passed on, so the agent stopping waits for it:
	// claims won but never passed to dispatch would stay PENDING under this agent
	private final ReentrantLock batch = new ReentrantLock();

	private volatile boolean running = true;

	/**
	 * @param claimed takes the fires this agent now owns (dispatch)
	 */
	ClaimStage(Planner planner, Claimer claimer, Consumer<List<Fire>> claimed, Clock clock) {
		this.planner = planner;
		this.claimer = claimer;
		this.claimed = claimed;
		this.clock = clock;
	}

	@Override
	public void run() {
		while (this.running) {
			try {
				claimOnce();
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	/**
	 * Ends the loop once the batch in flight, if any, has passed what it won on to
	 * dispatch; the caller then interrupts the thread (it may wait for a fire to wake).
	 */
	void stop() {
		this.running = false;
		this.batch.lock();
		this.batch.unlock();
	}

	/** Claims the next woken batch (or waits for one), then retries contested fires. */
	void claimOnce() throws InterruptedException {
		int woken = 0;
		try {
			Fire first = this.planner.awaitWoken(this.contested.isEmpty() ? -1 : RETAKE_MILLIS);
			if (first != null) {
				woken = 1;
				// records behind: claims wait, and fires woken meanwhile join this batch
				// late, where their jobs' misfire policies decide
				this.claimer.awaitRecordRoom();
			}
			this.batch.lock();
			try {
				if (first != null && this.running) {
					List<Fire> live = this.planner.toClaim(first, CLAIM_BATCH);
					woken = live.size();
					this.claimed.accept(this.claimer.claim(live, this.contested));
				}
				retakeContested();
			}
			finally {
				this.batch.unlock();
			}
		}
		catch (RuntimeException ex) {
			logger.error("Engine could not claim {} fires; they are dropped", woken, ex);
		}
	}

	private void retakeContested() {
		long now = this.clock.millis();
		if (this.contested.isEmpty() || now - this.lastRetakeMillis < RETAKE_MILLIS) {
			return;
		}
		this.lastRetakeMillis = now;
		this.contested
			.removeIf((fire) -> !fire.isCurrent() || fire.scheduledAt.toEpochMilli() + RETAKE_GRACE_MILLIS < now);
		// leaves in contested what is still contested
		this.claimed.accept(this.claimer.retake(this.contested));
	}

}
