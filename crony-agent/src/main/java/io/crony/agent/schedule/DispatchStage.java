package io.crony.agent.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The third stage, on a thread of its own at the highest priority: takes each claimed
 * fire at its instant and hands it to a worker that starts it ({@link Runner#dispatch}).
 * At the instant no I/O happens here, so lateness stays at the timer's resolution. A fire
 * starts only through the {@link FireGate} (the lease fence, or the fire's claim while
 * etcd does not confirm the lease); one that may not start yet is held
 * ({@link HeldFires}). Fires that will not start here leave through {@link Releases},
 * batched until nothing is due.
 */
final class DispatchStage implements Runnable {

	private static final Logger logger = LoggerFactory.getLogger(DispatchStage.class);

	private final DelayQueue<Fire> due;

	private final FireGate gate;

	private final HeldFires held;

	private final Consumer<Fire> start;

	private final Releases releases;

	private final Executor workers;

	private final OnceDispatch onces;

	private volatile boolean running = true;

	/**
	 * @param due the fires waiting for their wake-up time: made first and shared with
	 * {@link OnceRuns}, which queues one-shot requests in it and is handed fires from it
	 * ({@code onces}), so neither needs the other built first
	 * @param onces dispatches one-shot requests ({@link OnceRuns#dispatch})
	 * @param start starts a fire on a worker
	 */
	DispatchStage(DelayQueue<Fire> due, OnceDispatch onces, FireGate gate, HeldFires held, Consumer<Fire> start,
			Releases releases, Executor workers) {
		this.due = due;
		this.onces = onces;
		this.gate = gate;
		this.held = held;
		this.start = start;
		this.releases = releases;
		this.workers = workers;
	}

	/** Queues a fire, due at its wake-up time. */
	void add(Fire fire) {
		this.due.add(fire);
	}

	/**
	 * Queues fires just claimed, each due at its instant. A fire whose job was dropped
	 * while its claim was in flight never starts here and is released.
	 */
	void claimed(List<Fire> won) {
		List<Fire> dropped = new ArrayList<>();
		for (Fire fire : won) {
			if (fire.job.removed) {
				dropped.add(fire);
			}
			else {
				this.due.add(fire.wakingAt(Math.max(fire.scheduledAt.toEpochMilli(), fire.wakeAtMillis)));
			}
		}
		this.releases.notStarted(dropped);
	}

	/**
	 * The lease is gone and the fence closed: claimed fires waiting for their instant
	 * leave the queue and are released, so the jobs' next holder (already retrying them
	 * as contested, or taking them as misfires) runs them.
	 */
	void fenced() {
		List<Fire> claims = new ArrayList<>();
		for (Object queued : this.due.toArray()) {
			Fire fire = (Fire) queued;
			if (fire.isClaim() && this.due.remove(fire)) {
				claims.add(fire);
			}
		}
		logger.info("Engine fenced: {} claimed fires not yet due are released", claims.size());
		this.releases.fenced(claims);
	}

	/** Ends the loop; the caller interrupts its thread. */
	void stop() {
		this.running = false;
	}

	@Override
	public void run() {
		List<Fire> notStarted = new ArrayList<>();
		try {
			loop(notStarted);
		}
		finally {
			handBack(notStarted);
		}
	}

	private void loop(List<Fire> notStarted) {
		while (this.running) {
			try {
				Fire fire = this.due.poll();
				if (fire == null) {
					// nothing due this instant: what was given up meanwhile leaves now
					this.releases.fenced(this.held.takeGivenUp());
					if (!notStarted.isEmpty()) {
						this.releases.notStarted(notStarted);
						notStarted.clear();
					}
					fire = this.held.isEmpty() ? this.due.take()
							: this.due.poll(HeldFires.RECHECK_MILLIS, TimeUnit.MILLISECONDS);
				}
				this.held.recheck(this.due, this.gate::mayStart);
				if (fire != null) {
					dispatch(fire, notStarted);
				}
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				logger.error("Engine could not dispatch a fire", ex);
			}
		}
	}

	/**
	 * The loop ended (the agent stops): every claimed fire this stage still has, waiting
	 * for its instant, held by the fence or not started, was never dispatched, so it
	 * leaves through {@link Releases#notStarted}, which releases the claims of jobs the
	 * engine let go ({@code FiringEngine.handBack}) for their next holder. One-shot
	 * requests stay: their keys in etcd are their claims, and move with their jobs.
	 */
	private void handBack(List<Fire> notStarted) {
		this.releases.fenced(this.held.takeGivenUp());
		List<Fire> left = new ArrayList<>(notStarted);
		left.addAll(this.held.takeHeld());
		for (Object queued : this.due.toArray()) {
			Fire fire = (Fire) queued;
			if (fire.isClaim() && this.due.remove(fire)) {
				left.add(fire);
			}
		}
		notStarted.clear();
		this.releases.notStarted(left);
	}

	private void dispatch(Fire fire, List<Fire> notStarted) {
		if (fire.isOnce()) {
			this.onces.dispatch(fire, fire.isCurrent());
		}
		else if (!fire.isCurrent()) {
			notStarted.add(fire);
		}
		else if (!this.gate.mayStart(fire)) {
			this.held.hold(fire);
		}
		else {
			// before the hand-off: a cut of the job's window never goes below it
			Instant last = fire.job.lastDispatchedAt;
			if (last == null || last.isBefore(fire.scheduledAt)) {
				fire.job.lastDispatchedAt = fire.scheduledAt;
			}
			this.workers.execute(() -> this.start.accept(fire));
		}
	}

	/** Where a one-shot request due now goes ({@link OnceRuns#dispatch}). */
	@FunctionalInterface
	interface OnceDispatch {

		/**
		 * @param fire the request's fire
		 * @param held whether its job is still held here
		 */
		void dispatch(Fire fire, boolean held);

	}

}
