package io.crony.agent.schedule;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;

import io.crony.common.job.JobSpec;

/**
 * What the engine knows of one job it holds. The spec and fire times are replaced when
 * the job changes (and the generation increases, which makes fires planned for the old
 * schedule stale); the running set and queue are guarded by this object's monitor.
 */
final class JobState {

	private final long id;

	volatile JobSpec spec;

	volatile FireTimes fireTimes;

	volatile long generation;

	volatile boolean removed;

	final Set<Run> running = new LinkedHashSet<>();

	final Deque<Fire> queued = new ArrayDeque<>();

	JobState(JobSpec spec, FireTimes fireTimes) {
		this.id = spec.id();
		this.spec = spec;
		this.fireTimes = fireTimes;
	}

	long id() {
		return this.id;
	}

}
