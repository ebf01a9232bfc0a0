package io.crony.web.workflow;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.job.JobSpec;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;

/**
 * Where a job's cycle begins: an upstream counts for a fire of the job when it succeeded
 * after the job's previous scheduled instant (docs/workflows.md). Schedules answer only
 * "the next instant after", so the previous one is found by searching forward from ever
 * further back, which costs at most a minute's fires for an every-second job.
 */
final class CycleStart {

	private static final List<Duration> WINDOWS = List.of(Duration.ofMinutes(1), Duration.ofHours(1),
			Duration.ofDays(1), Duration.ofDays(8), Duration.ofDays(32), Duration.ofDays(367),
			Duration.ofDays(5 * 366));

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
		for (Duration window : WINDOWS) {
			Instant last = null;
			Optional<Instant> next = schedule.nextFireAfter(instant.minus(window));
			while (next.isPresent() && next.get().isBefore(instant)) {
				last = next.get();
				next = schedule.nextFireAfter(last);
			}
			if (last != null) {
				return last;
			}
		}
		return Instant.EPOCH;
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
