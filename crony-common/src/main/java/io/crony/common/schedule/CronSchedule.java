package io.crony.common.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Optional;

/**
 * A cron schedule (Unix, Quartz or a macro) read on the wall clock of its zone.
 * Wall-clock matches become instants by the DST rule: a match in a spring-forward gap
 * fires once at the end of the gap; in a fall-back overlap a fixed-hour schedule fires at
 * the first occurrence only, while a {@code *} or stepped hour fires in both passes.
 *
 * <p>
 * The search walks offset segments (stretches between two transitions, where the offset
 * is constant and instant = wall time - offset).
 */
final class CronSchedule implements Schedule {

	/** Each step moves to the next transition; more than this means no match. */
	private static final int MAX_SEGMENTS = 1000;

	/** 1900-01-01T00:00Z: earlier starts are moved here (far before any real job). */
	private static final long SEARCH_START = -2208988800L;

	/** 2200-01-01T00:00Z: the matcher stops after year 2199. */
	private static final long SEARCH_END = 7258118400L;

	private final String expression;

	private final ZoneId zone;

	private final ZoneRules rules;

	private final LocalCron local;

	private final boolean fixedHour;

	CronSchedule(String expression, ZoneId zone, LocalCron local, boolean fixedHour) {
		this.expression = expression;
		this.zone = zone;
		this.rules = zone.getRules();
		this.local = local;
		this.fixedHour = fixedHour;
	}

	@Override
	public Optional<Instant> nextFireAfter(Instant after) {
		// Whole seconds strictly after `after`, whether or not it has a sub-second part.
		long from = after.getEpochSecond() + 1;
		if (from >= SEARCH_END) {
			return Optional.empty();
		}
		from = Math.max(from, SEARCH_START);
		if (this.rules.isFixedOffset()) {
			int offset = this.rules.getOffset(after).getTotalSeconds();
			return found(this.local.next(from + offset), offset);
		}
		for (int i = 0; i < MAX_SEGMENTS; i++) {
			Instant fromInstant = Instant.ofEpochSecond(from);
			int offset = this.rules.getOffset(fromInstant).getTotalSeconds();
			ZoneOffsetTransition end = this.rules.nextTransition(fromInstant);
			long start = from + offset;
			if (this.fixedHour) {
				start = Math.max(start, endOfOverlapBefore(fromInstant));
			}
			long match = this.local.next(start);
			if (match == LocalCron.NONE) {
				if (end == null || end.isGap()) {
					return Optional.empty();
				}
				// The overlap after a fall-back repeats earlier wall times: look there
				// too.
				from = end.getInstant().getEpochSecond();
				continue;
			}
			if (end == null || match - offset < end.getInstant().getEpochSecond()) {
				return Optional.of(Instant.ofEpochSecond(match - offset));
			}
			if (end.isGap() && match < end.getInstant().getEpochSecond() + end.getOffsetAfter().getTotalSeconds()) {
				// The wall time does not exist today: fire once, at the end of the gap.
				return Optional.of(end.getInstant());
			}
			from = end.getInstant().getEpochSecond();
		}
		return Optional.empty();
	}

	/**
	 * For fixed-hour schedules: the wall time at which the overlap of a fall-back that
	 * happened at or before {@code instant} ends; wall times before it were already
	 * matched in the first pass.
	 */
	private long endOfOverlapBefore(Instant instant) {
		ZoneOffsetTransition previous = this.rules.previousTransition(instant.plusSeconds(1));
		if (previous == null || !previous.isOverlap()) {
			return Long.MIN_VALUE;
		}
		return previous.getInstant().getEpochSecond() + previous.getOffsetBefore().getTotalSeconds();
	}

	private static Optional<Instant> found(long localSecond, int offset) {
		return (localSecond == LocalCron.NONE) ? Optional.empty()
				: Optional.of(Instant.ofEpochSecond(localSecond - offset));
	}

	@Override
	public String expression() {
		return this.expression;
	}

	@Override
	public ZoneId zone() {
		return this.zone;
	}

	@Override
	public String toString() {
		return "CronSchedule[" + this.expression + " in " + this.zone + "]";
	}

}
