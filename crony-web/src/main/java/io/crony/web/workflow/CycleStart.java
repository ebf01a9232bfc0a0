package io.crony.web.workflow;

import java.time.Instant;

import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.job.JobSpec;
import io.crony.common.schedule.PreviousFire;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;

/**
 * Where a job's cycle begins: an upstream counts for a fire of the job when it succeeded
 * after the job's previous scheduled instant (docs/workflows.md), found by
 * {@link PreviousFire}.
 */
final class CycleStart {

	private CycleStart() {
	}

	/**
	 * The job's scheduled instant before {@code instant}, or the epoch when it has none
	 * (its first fire: any success counts).
	 */
	static Instant before(JobSpec spec, Instant instant) {
		return before(scheduleOf(spec), instant);
	}

	/** The job's schedule with its business calendar. */
	static Schedule scheduleOf(JobSpec spec) {
		return CalendarSchedule.wrap(Schedules.parse(spec.schedule(), spec.timeZone()), spec.calendar());
	}

	/**
	 * The schedule's instant before {@code instant}, or the epoch when it has none.
	 */
	static Instant before(Schedule schedule, Instant instant) {
		return PreviousFire.before(schedule, instant);
	}

	/**
	 * Where the current cycle of a job without a schedule began: when its previous run
	 * was released, or (before its first) when it was created or last enabled.
	 * @param lastReleasedAt when a run of it was last released; null for none
	 */
	static Instant unscheduled(JobSpec spec, Instant createdAt, Instant lastReleasedAt) {
		Instant since = (lastReleasedAt != null && lastReleasedAt.isAfter(createdAt)) ? lastReleasedAt : createdAt;
		Instant enabledAt = spec.enabledAt();
		return (enabledAt != null && enabledAt.isAfter(since)) ? enabledAt : since;
	}

	/** The latest scheduled instant of the job at or before {@code now}. */
	static Instant current(JobSpec spec, Instant now) {
		return before(spec, now.plusSeconds(1));
	}

}
