package io.crony.common.schedule;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.util.Map;
import java.util.Optional;

/**
 * {@code @at <date-time>}: fires once. A local date-time is read in the job's zone (a
 * time in a spring-forward gap fires at the end of the gap, one in a fall-back overlap at
 * its first occurrence); a date-time with an offset or {@code Z} is an absolute instant.
 */
final class AtSchedule implements Schedule {

	private final String expression;

	private final ZoneId zone;

	private final Instant at;

	AtSchedule(String expression, ZoneId zone, Instant at) {
		this.expression = expression;
		this.zone = zone;
		this.at = at;
	}

	static Instant parseInstant(String text, ZoneId zone) {
		try {
			boolean hasOffset = text.endsWith("Z") || text.endsWith("z") || text.lastIndexOf('+') > 0
					|| text.lastIndexOf('-') > text.indexOf('T');
			Instant at = hasOffset ? OffsetDateTime.parse(text.toUpperCase()).toInstant() : wallTime(text, zone);
			if (at.getNano() != 0) {
				throw new InvalidScheduleException("expression",
						"expression '@at " + text + "' has a fraction of a second; cron resolution is one second",
						"AT_FRACTION_OF_SECOND", Map.of("value", text));
			}
			return at;
		}
		catch (DateTimeException ex) {
			throw new InvalidScheduleException("expression",
					"expression '@at " + text
							+ "' is not an ISO date-time such as 2026-12-01T10:00:00 or 2026-12-01T10:00:00Z",
					"AT_NOT_A_DATE_TIME", Map.of("value", text));
		}
	}

	private static Instant wallTime(String text, ZoneId zone) {
		LocalDateTime wall = LocalDateTime.parse(text);
		ZoneOffsetTransition transition = zone.getRules().getTransition(wall);
		if (transition == null) {
			return wall.atZone(zone).toInstant();
		}
		// Gap: the end of the gap. Overlap: the first occurrence (earlier offset).
		return transition.isGap() ? transition.getInstant() : wall.toInstant(transition.getOffsetBefore());
	}

	@Override
	public Optional<Instant> nextFireAfter(Instant after) {
		return after.isBefore(this.at) ? Optional.of(this.at) : Optional.empty();
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
		return "AtSchedule[" + this.at + "]";
	}

}
