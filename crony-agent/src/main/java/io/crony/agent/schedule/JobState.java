package io.crony.agent.schedule;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.crony.agent.execution.JobWindow;
import io.crony.common.job.JobSpec;

/**
 * What the engine knows of one job it holds. The spec and fire times are replaced when
 * the job changes (and the generation increases, which makes fires planned for the old
 * schedule stale); the running set and the queue of waiting fires are guarded by this
 * object's monitor.
 */
final class JobState {

	private final long id;

	volatile JobSpec spec;

	volatile FireTimes fireTimes;

	volatile long generation;

	volatile boolean removed;

	/**
	 * The latest instant of the job dispatched here (set by the dispatch thread before
	 * the fire is handed to a worker), null before the first: a cut of the job's window
	 * never goes below it ({@link Windows}).
	 */
	volatile Instant lastDispatchedAt;

	/**
	 * The end of the job's instants the database confirmed this agent may fire while etcd
	 * did not confirm its lease (a held-only window ask, {@link Windows}), null before
	 * any; written by the claim thread only.
	 */
	private volatile Instant heldConfirmedUntil;

	/**
	 * The job's window as this agent last read it as its own, null when it knows none
	 * (under {@link #windowLock}): another agent can take a window only once it ended,
	 * and only this agent cuts its own, so every instant inside it stays this agent's.
	 */
	private JobWindow window;

	// counts the cuts of the job's window, so that a window read before a cut is not
	// remembered after it
	private long windowCuts;

	private final Object windowLock = new Object();

	final Set<Run> running = new LinkedHashSet<>();

	private final Deque<Fire> queued = new ArrayDeque<>();

	// the queue bound counts on-time fires only (catch-up and handed-over fires are
	// bounded where they are made); kept here so admitting a fire need not count them
	private int onTimeQueued;

	JobState(JobSpec spec, FireTimes fireTimes) {
		this.id = spec.id();
		this.spec = spec;
		this.fireTimes = fireTimes;
	}

	long id() {
		return this.id;
	}

	/** A held-only ask confirmed the job's instants before {@code until} here. */
	void heldConfirmedUntil(Instant until) {
		Instant before = this.heldConfirmedUntil;
		if (before == null || until.isAfter(before)) {
			this.heldConfirmedUntil = until;
		}
	}

	/**
	 * Whether a held-only ask confirmed the job's instant {@code at} here: with the lease
	 * unconfirmed, a fire claimed by its window alone starts only then.
	 */
	boolean heldConfirmed(Instant at) {
		Instant until = this.heldConfirmedUntil;
		return until != null && at.isBefore(until);
	}

	/** The job's window this agent knows as its own, or null. */
	JobWindow window() {
		synchronized (this.windowLock) {
			return this.window;
		}
	}

	/** How many times the job's window was cut so far. */
	long windowCuts() {
		synchronized (this.windowLock) {
			return this.windowCuts;
		}
	}

	/**
	 * Remembers the job's window as read, unless it was cut since {@code cutsBefore}
	 * ({@link #windowCuts()} before the read) or names another agent.
	 */
	void windowRead(JobWindow read, String agentId, long cutsBefore) {
		synchronized (this.windowLock) {
			if (this.windowCuts == cutsBefore) {
				this.window = (read != null && read.agentId().equals(agentId)) ? read : null;
			}
		}
	}

	/** Forgets the job's window: it is being cut (or was taken). */
	void windowCut() {
		synchronized (this.windowLock) {
			this.windowCuts++;
			this.window = null;
		}
	}

	/**
	 * Adds a fire to the queue of those waiting for the running run (under the monitor).
	 */
	void queue(Fire fire) {
		this.queued.add(fire);
		if (!fire.startsLate()) {
			this.onTimeQueued++;
		}
	}

	/** The first waiting fire, taken off the queue, or null (under the monitor). */
	Fire nextQueued() {
		Fire next = this.queued.poll();
		if (next != null && !next.startsLate()) {
			this.onTimeQueued--;
		}
		return next;
	}

	/** Empties the queue and returns what waited in it (under the monitor). */
	List<Fire> drainQueue() {
		List<Fire> drained = List.copyOf(this.queued);
		this.queued.clear();
		this.onTimeQueued = 0;
		return drained;
	}

	/**
	 * How many on-time (neither catch-up nor handed-over) fires wait (under the monitor).
	 */
	int onTimeQueued() {
		return this.onTimeQueued;
	}

	/** How many fires wait (under the monitor). */
	int queuedCount() {
		return this.queued.size();
	}

}
