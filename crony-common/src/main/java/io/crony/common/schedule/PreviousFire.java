package io.crony.common.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A schedule's fire before an instant. Schedules answer only "the next instant after", so
 * the previous one is found by searching forward from ever further back, which costs at
 * most a minute's fires for an every-second job.
 */
public final class PreviousFire {

	private static final List<Duration> WINDOWS = List.of(Duration.ofMinutes(1), Duration.ofHours(1),
			Duration.ofDays(1), Duration.ofDays(8), Duration.ofDays(32), Duration.ofDays(367),
			Duration.ofDays(5 * 366));

	private PreviousFire() {
	}

	/**
	 * The schedule's fire instant before {@code instant}, or the epoch when it has none
	 * within five years.
	 * @param schedule the schedule
	 * @param instant the instant to search back from (exclusive)
	 * @return the latest fire strictly before {@code instant}, or {@link Instant#EPOCH}
	 */
	public static Instant before(Schedule schedule, Instant instant) {
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

}
