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
		Schedule schedule = CalendarSchedule.wrap(Schedules.parse(spec.schedule(), spec.timeZone()), spec.calendar());
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

	/** The latest scheduled instant of the job at or before {@code now}. */
	static Instant current(JobSpec spec, Instant now) {
		return before(spec, now.plusSeconds(1));
	}

}
