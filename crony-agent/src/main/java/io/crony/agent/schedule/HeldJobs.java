package io.crony.agent.schedule;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.crony.common.job.JobSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The jobs the engine holds, and what a change of them means for their fires: a job whose
 * schedule, time zone or enabling changed gets a new generation, which makes every fire
 * planned under the old one stale; a removed job is marked so no stage starts its fires
 * again. Changes come from the assignment watch under the engine's lock; the stages read
 * jobs concurrently.
 */
final class HeldJobs {

	private static final Logger logger = LoggerFactory.getLogger(HeldJobs.class);

	private final Map<Long, JobState> jobs = new ConcurrentHashMap<>();

	private final ScheduleParser parser;

	HeldJobs(ScheduleParser parser) {
		this.parser = parser;
	}

	int size() {
		return this.jobs.size();
	}

	Set<Long> ids() {
		return Set.copyOf(this.jobs.keySet());
	}

	JobState get(long jobId) {
		return this.jobs.get(jobId);
	}

	/** The held jobs none of these specs names. */
	List<Long> notIn(Collection<JobSpec> specs) {
		Set<Long> wanted = new HashSet<>();
		specs.forEach((spec) -> wanted.add(spec.id()));
		return this.jobs.keySet().stream().filter((id) -> !wanted.contains(id)).toList();
	}

	/**
	 * Adds the jobs not held yet and updates the changed ones.
	 * @return what changed
	 */
	Changes put(Collection<JobSpec> specs) {
		Changes changes = new Changes(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
		for (JobSpec spec : specs) {
			JobState current = this.jobs.get(spec.id());
			if (current == null) {
				FireTimes times = parse(spec);
				if (times != null) {
					JobState state = new JobState(spec, times);
					this.jobs.put(spec.id(), state);
					changes.arrived().add(state);
				}
			}
			else if (!current.spec.equals(spec)) {
				update(current, spec, changes);
			}
		}
		return changes;
	}

	/** Removes jobs and marks each removed; returns those that were held. */
	List<JobState> remove(Collection<Long> jobIds) {
		List<JobState> removed = new ArrayList<>();
		for (Long jobId : jobIds) {
			JobState state = this.jobs.remove(jobId);
			if (state != null) {
				state.removed = true;
				removed.add(state);
			}
		}
		return removed;
	}

	private void update(JobState state, JobSpec spec, Changes changes) {
		// a calendar change is a new plan too: the claim per (job, instant) keeps a fire
		// the old and new plans share from running twice
		boolean rescheduled = !Objects.equals(state.spec.schedule(), spec.schedule())
				|| !Objects.equals(state.spec.timeZone(), spec.timeZone()) || state.spec.enabled() != spec.enabled()
				|| !Objects.equals(state.spec.calendar(), spec.calendar());
		FireTimes times = rescheduled ? parse(spec) : state.fireTimes;
		if (state.spec.enabled() && !spec.enabled()) {
			changes.disabled().add(state);
		}
		state.spec = spec;
		if (rescheduled && times != null) {
			state.fireTimes = times;
			state.generation++;
			changes.rescheduled().add(state);
		}
	}

	private FireTimes parse(JobSpec spec) {
		try {
			if (!spec.hasSchedule()) {
				// a job run only when its upstreams succeed: the web leader starts its
				// runs
				return (after) -> Optional.empty();
			}
			ZoneId zone = (spec.timeZone() != null) ? ZoneId.of(spec.timeZone()) : ZoneId.of("UTC");
			FireTimes times = this.parser.parse(spec.schedule(), zone, spec.calendar());
			return spec.enabled() ? times : (after) -> Optional.empty();
		}
		catch (RuntimeException ex) {
			logger.warn("Job {} has a schedule this agent cannot read ({}): {}", spec.id(), spec.schedule(),
					ex.getMessage());
			return null;
		}
	}

	/**
	 * @param arrived jobs held from now on
	 * @param rescheduled jobs with a new generation, whose next fire is planned anew
	 * @param disabled jobs a user disabled, whose waiting fires are dropped
	 */
	record Changes(List<JobState> arrived, List<JobState> rescheduled, List<JobState> disabled) {
	}

}
