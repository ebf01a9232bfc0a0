package io.crony.common.schedule;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the segment-walking search against a slow, literal reading of the DST rule:
 * visit every minute of real time around each 2026 transition and decide from the rule
 * alone whether it fires.
 */
class DaylightSavingReferenceTest {

	private static final List<String> EXPRESSIONS = List.of("0 */7 * * * ?", "0 0,30 1-3 * * ?", "0 15 */2 * * ?",
			"0 30 2 * * ?", "0 * 2 * * ?", "0 59 1 * * ?", "0 0 0/3 * * ?", "0 45 1,2 * * ?", "0 10 * * * ?");

	private static final List<String> ZONES = List.of("America/New_York", "Europe/Berlin", "Australia/Lord_Howe");

	@Test
	void searchAgreesWithMinuteByMinuteReadingOfTheRule() {
		for (String zoneId : ZONES) {
			ZoneRules rules = ZoneId.of(zoneId).getRules();
			ZoneOffsetTransition transition = rules.nextTransition(Instant.parse("2026-01-01T00:00:00Z"));
			while (transition.getInstant().isBefore(Instant.parse("2027-01-01T00:00:00Z"))) {
				Instant from = transition.getInstant().minusSeconds(2 * 86400);
				Instant to = transition.getInstant().plusSeconds(2 * 86400);
				for (String expression : EXPRESSIONS) {
					Schedule schedule = Schedules.parse(expression, zoneId);
					assertThat(fast(schedule, from, to)).as(expression + " in " + zoneId + " near " + transition)
						.containsExactlyElementsOf(reference(expression, rules, from, to));
				}
				transition = rules.nextTransition(transition.getInstant());
			}
		}
	}

	private static List<Instant> fast(Schedule schedule, Instant from, Instant to) {
		List<Instant> fires = new ArrayList<>();
		Instant cursor = from;
		while (true) {
			Instant next = schedule.nextFireAfter(cursor).orElseThrow();
			if (next.isAfter(to)) {
				return fires;
			}
			fires.add(next);
			cursor = next;
		}
	}

	private static List<Instant> reference(String expression, ZoneRules rules, Instant from, Instant to) {
		String hourField = expression.split(" ")[2];
		boolean fixedHour = !hourField.contains("*") && !hourField.contains("/");
		Schedule utcMatcher = Schedules.parse(expression, ZoneOffset.UTC);
		List<Instant> fires = new ArrayList<>();
		for (Instant t = from.plusSeconds(60); !t.isAfter(to); t = t.plusSeconds(60)) {
			LocalDateTime wall = LocalDateTime.ofInstant(t, rules.getOffset(t));
			boolean firstOccurrence = wall.toInstant(rules.getValidOffsets(wall).get(0)).equals(t);
			boolean fire = matches(utcMatcher, wall) && (firstOccurrence || !fixedHour);
			ZoneOffsetTransition transition = rules.previousTransition(t.plusSeconds(1));
			if (transition != null && transition.isGap() && transition.getInstant().equals(t)) {
				// A wall time inside the gap fires at the end of the gap.
				LocalDateTime w = transition.getDateTimeBefore();
				for (; w.isBefore(transition.getDateTimeAfter()); w = w.plusMinutes(1)) {
					fire |= matches(utcMatcher, w);
				}
			}
			if (fire) {
				fires.add(t);
			}
		}
		return fires;
	}

	/** Whether the wall time matches the fields (read in UTC, where no DST applies). */
	private static boolean matches(Schedule utcMatcher, LocalDateTime wall) {
		Instant asUtc = wall.toInstant(ZoneOffset.UTC);
		return utcMatcher.nextFireAfter(asUtc.minusSeconds(1)).orElseThrow().equals(asUtc);
	}

}
