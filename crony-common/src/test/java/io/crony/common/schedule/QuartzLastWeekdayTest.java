package io.crony.common.schedule;

import java.text.ParseException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.TimeZone;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.quartz.CronExpression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code L-nW} (the weekday nearest to the day n days before the last, never leaving the
 * month), {@code L-n} and {@code LW}, over 300 months from 2025 in several zones: every
 * fire is the day the rule names (worked out here with java.time), and every fire
 * Quartz's own {@code CronExpression} finds is one of them. Quartz 2.5.0 finds fewer:
 * from a fire time it skips the next month whenever that month's day falls earlier in the
 * month (2025-02-25 after 2025-01-28 for {@code L-3W}), so its list is not taken as the
 * answer.
 */
class QuartzLastWeekdayTest {

	private static final int MONTHS = 300;

	private static final YearMonth FIRST = YearMonth.of(2025, 1);

	@ParameterizedTest
	@CsvSource({ "0 0 12 L-3W * ?, UTC, 3, true, 12:00", "0 0 12 L-3W * ?, Asia/Shanghai, 3, true, 12:00",
			"0 30 9 L-1W * ?, Europe/Berlin, 1, true, 09:30", "0 0 0 L-0W * ?, America/New_York, 0, true, 00:00",
			"0 15 18 L-10W * ?, Australia/Sydney, 10, true, 18:15", "0 0 12 LW * ?, UTC, 0, true, 12:00",
			"0 0 12 L-5 * ?, Europe/Berlin, 5, false, 12:00", "0 0 8 L-27W * ?, UTC, 27, true, 08:00" })
	void firesOnTheDayTheRuleNamesAndWheneverQuartzFires(String expression, String zone, int offset, boolean weekday,
			LocalTime at) throws ParseException {
		ZoneId id = ZoneId.of(zone);
		List<Instant> expected = new ArrayList<>();
		for (int i = 0; i < MONTHS; i++) {
			YearMonth month = FIRST.plusMonths(i);
			LocalDate day = month.atEndOfMonth().minusDays(offset);
			expected.add((weekday ? nearestWeekday(day) : day).atTime(at).atZone(id).toInstant());
		}
		CronExpression quartz = new CronExpression(expression);
		quartz.setTimeZone(TimeZone.getTimeZone(zone));

		List<Instant> fires = fires(Schedules.parse(expression, id), expected.size());

		assertThat(fires).isEqualTo(expected);
		List<Instant> quartzFires = quartzFires(quartz, expected.get(expected.size() - 1));
		assertThat(quartzFires).hasSizeGreaterThan(MONTHS / 3);
		assertThat(expected).containsAll(quartzFires);
	}

	@ParameterizedTest
	@ValueSource(strings = { "0 0 12 L-3#2 * ?", "0 0 12 L-W * ?", "0 0 12 L-3X * ?" })
	void namesAFormItDoesNotRead(String expression) {
		assertThatThrownBy(() -> Schedules.parse(expression, ZoneId.of("UTC")))
			.isInstanceOf(InvalidScheduleException.class)
			.hasMessageContaining("L-")
			.hasMessageContaining("is not a form Crony reads");
	}

	/**
	 * Quartz's rule: Saturday moves to Friday, Sunday to Monday, never out of the month.
	 */
	private static LocalDate nearestWeekday(LocalDate day) {
		if (day.getDayOfWeek() == DayOfWeek.SATURDAY) {
			return (day.getDayOfMonth() == 1) ? day.plusDays(2) : day.minusDays(1);
		}
		if (day.getDayOfWeek() == DayOfWeek.SUNDAY) {
			return (day.getDayOfMonth() == day.lengthOfMonth()) ? day.minusDays(2) : day.plusDays(1);
		}
		return day;
	}

	private static List<Instant> fires(Schedule schedule, int count) {
		List<Instant> fires = new ArrayList<>();
		Instant cursor = Instant.parse("2025-01-01T00:00:00Z");
		for (int i = 0; i < count; i++) {
			cursor = schedule.nextFireAfter(cursor).orElseThrow();
			fires.add(cursor);
		}
		return fires;
	}

	private static List<Instant> quartzFires(CronExpression quartz, Instant until) {
		List<Instant> fires = new ArrayList<>();
		Date cursor = Date.from(Instant.parse("2025-01-01T00:00:00Z"));
		while (true) {
			cursor = quartz.getNextValidTimeAfter(cursor);
			if (cursor == null || cursor.toInstant().isAfter(until)) {
				return fires;
			}
			fires.add(cursor.toInstant());
		}
	}

}
