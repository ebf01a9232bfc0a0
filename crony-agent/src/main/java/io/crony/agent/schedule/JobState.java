package io.crony.agent.schedule;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
