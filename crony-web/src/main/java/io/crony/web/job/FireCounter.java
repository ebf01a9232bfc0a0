package io.crony.web.job;

import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.schedule.Schedule;

/**
 * Counts a schedule's fires per time bucket without visiting each fire of a dense one: an
 * every-second job fires 86,400 times a day, and a department may have a thousand.
 *
 * <p>
 * {@code @every} fires at multiples of its period since the epoch, so a bucket's count is
 * arithmetic. A cron schedule fires, in every minute it matches, at the same seconds (its
 * seconds field does not depend on the minute), so after one minute has been walked fire
 * by fire the others take one engine call each: 1,440 calls a day instead of 86,400.
 * Minutes within a day of a time-zone transition are always walked fire by fire, since
 * the engine moves and merges fires there (docs/schedules.md).
 */
final class FireCounter {

	/** Where counts go: {@code fires} more in bucket {@code bucket}. */
	@FunctionalInterface
	interface Sink {

		void add(int bucket, long fires);

	}

	private static final long DAY = 86_400;

	private FireCounter() {
	}

	/**
	 * Counts the fires in {@code [from, to)}, bucket {@code i} being
	 * {@code [from + i * bucketSeconds, from + (i + 1) * bucketSeconds)}; only non-empty
	 * buckets reach the sink, in ascending order, each once.
	 * @param from epoch second, a whole minute
	 * @param to epoch second, a whole minute after {@code from}
	 * @param bucketSeconds a whole number of minutes
	 */
	static void count(Schedule schedule, long from, long to, long bucketSeconds, Sink sink) {
		Optional<Instant> first = schedule.nextFireAfter(Instant.ofEpochSecond(from - 1));
		if (first.isEmpty() || first.get().getEpochSecond() >= to) {
			return;
		}
		// a calendar makes an @every schedule's fires uneven: counted one by one then
		boolean even = !(schedule instanceof CalendarSchedule);
		if (even && schedule.expression().toLowerCase(Locale.ROOT).startsWith("@every")) {
			long second = schedule.nextFireAfter(first.get()).orElseThrow().getEpochSecond();
			every(second - first.get().getEpochSecond(), from, to, bucketSeconds, sink);
		}
		else {
			cron(schedule, first.get().getEpochSecond(), from, to, bucketSeconds, sink);
		}
	}

	private static void every(long period, long from, long to, long bucketSeconds, Sink sink) {
		for (long start = from; start < to; start += bucketSeconds) {
			long end = Math.min(start + bucketSeconds, to);
			// fires k * period with start <= k * period < end
			long fires = Math.floorDiv(end - 1, period) - Math.floorDiv(start - 1, period);
			if (fires > 0) {
				sink.add((int) ((start - from) / bucketSeconds), fires);
			}
			else {
				// jump to the bucket of the next fire rather than visiting empty ones
				long next = (Math.floorDiv(start - 1, period) + 1) * period;
				start = from + ((next - from) / bucketSeconds - 1) * bucketSeconds;
			}
		}
	}

	private static void cron(Schedule schedule, long first, long from, long to, long bucketSeconds, Sink sink) {
		List<Long> transitions = transitions(schedule.zone(), from - DAY, to + DAY);
		boolean wholeMinuteOffset = schedule.zone().getRules().getOffset(Instant.ofEpochSecond(from)).getTotalSeconds()
				% 60 == 0;
		long perMinute = -1;
		int bucket = -1;
		long inBucket = 0;
		long fire = first;
		while (fire < to) {
			long minute = fire - Math.floorMod(fire, 60);
			boolean learnable = wholeMinuteOffset && !nearTransition(transitions, minute);
			long fires;
			Optional<Instant> next;
			if (learnable && perMinute > 0) {
				fires = perMinute;
				next = schedule.nextFireAfter(Instant.ofEpochSecond(minute + 59));
			}
			else {
				fires = 0;
				next = Optional.of(Instant.ofEpochSecond(fire));
				while (next.isPresent() && next.get().getEpochSecond() < minute + 60) {
					fires++;
					next = schedule.nextFireAfter(next.get());
				}
				if (learnable) {
					perMinute = fires;
				}
			}
			int b = (int) ((minute - from) / bucketSeconds);
			if (b != bucket && inBucket > 0) {
				sink.add(bucket, inBucket);
				inBucket = 0;
			}
			bucket = b;
			inBucket += fires;
			if (next.isEmpty()) {
				break;
			}
			fire = next.get().getEpochSecond();
		}
		if (inBucket > 0) {
			sink.add(bucket, inBucket);
		}
	}

	private static List<Long> transitions(ZoneId zone, long from, long to) {
		ZoneRules rules = zone.getRules();
		List<Long> found = new ArrayList<>();
		ZoneOffsetTransition next = rules.nextTransition(Instant.ofEpochSecond(from));
		while (next != null && next.getInstant().getEpochSecond() < to) {
			found.add(next.getInstant().getEpochSecond());
			next = rules.nextTransition(next.getInstant());
		}
		return found;
	}

	private static boolean nearTransition(List<Long> transitions, long minute) {
		for (long transition : transitions) {
			if (Math.abs(transition - minute) <= DAY) {
				return true;
			}
		}
		return false;
	}

}
