package io.crony.common.schedule;

import java.time.ZoneId;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SchedulesParseTest {

	private static void assertInvalid(String expression, String field, String message) {
		assertThatExceptionOfType(InvalidScheduleException.class).isThrownBy(() -> Schedules.parse(expression, "UTC"))
			.withMessage(message)
			.satisfies((ex) -> assertThat(ex.field()).isEqualTo(field));
	}

	@Test
	void rejectsOutOfRangeValuesNamingFieldAndRange() {
		assertInvalid("61 * * * * ?", "second", "second 61 out of range 0-59");
		assertInvalid("0 60 * * * ?", "minute", "minute 60 out of range 0-59");
		assertInvalid("0 0 24 * * ?", "hour", "hour 24 out of range 0-23");
		assertInvalid("0 0 0 32 * ?", "day-of-month", "day-of-month 32 out of range 1-31");
		assertInvalid("0 0 0 0 * ?", "day-of-month", "day-of-month 0 out of range 1-31");
		assertInvalid("0 0 0 1 13 ?", "month", "month 13 out of range 1-12");
		assertInvalid("0 0 * * 8", "day-of-week", "day-of-week 8 out of range 0-7");
		assertInvalid("0 0 0 ? * 8", "day-of-week", "day-of-week 8 out of range 1-7");
		assertInvalid("0 0 0 ? * 0", "day-of-week", "day-of-week 0 out of range 1-7");
		assertInvalid("0 0 0 1 1 ? 1969", "year", "year 1969 out of range 1970-2199");
		assertInvalid("0 0 0 1 1 ? 2200", "year", "year 2200 out of range 1970-2199");
	}

	@Test
	void rejectsUnknownNamesAndNonNumbers() {
		assertInvalid("0 0 * * FRX", "day-of-week", "day-of-week 'FRX' is not a day name");
		assertInvalid("0 0 1 JNA *", "month", "month 'JNA' is not a month name");
		assertInvalid("x * * * *", "minute", "minute 'x' is not a number");
		assertInvalid("0 -5 * * *", "hour", "hour '-5' is not a number");
	}

	@Test
	void rejectsWrongFieldCounts() {
		assertInvalid("* * * *", "expression", "expected 5 fields (Unix), 6 or 7 (Quartz), got 4");
		assertInvalid("0 0 0 1 1 ? 2030 x", "expression", "expected 5 fields (Unix), 6 or 7 (Quartz), got 8");
		assertInvalid("   ", "expression", "expression is empty; write e.g. */5 * * * * or @daily");
		assertInvalid(null, "expression", "expression is empty; write e.g. */5 * * * * or @daily");
	}

	@Test
	void rejectsZeroStepsEmptyItemsAndReversedYears() {
		assertInvalid("*/0 * * * *", "minute", "minute step 0 in '*/0' must be at least 1");
		assertInvalid("1,,2 * * * *", "minute", "minute '1,,2' has an empty list item");
		assertInvalid("0 1, * * *", "hour", "hour '1,' has an empty list item");
		assertInvalid("0 5- * * *", "hour", "hour has an empty value");
		assertInvalid("0 0 0 1 1 ? 2030-2025", "year",
				"year range '2030-2025' is reversed; write the lower value first");
	}

	@Test
	void refusesQuartzSyntaxInUnixExpressions() {
		assertInvalid("0 0 ? * *", "day-of-month",
				"day-of-month '?' is Quartz syntax; use * in a 5-field Unix expression");
		assertInvalid("0 0 L * *", "day-of-month",
				"day-of-month 'L' uses L, W or # which only Quartz expressions (6 or 7 fields) support");
		assertInvalid("0 0 15W * *", "day-of-month",
				"day-of-month '15W' uses L, W or # which only Quartz expressions (6 or 7 fields) support");
		assertInvalid("0 0 * * 5L", "day-of-week",
				"day-of-week '5L' uses L, W or # which only Quartz expressions (6 or 7 fields) support");
		assertInvalid("0 0 * * 5#3", "day-of-week",
				"day-of-week '5#3' uses L, W or # which only Quartz expressions (6 or 7 fields) support");
	}

	@Test
	void refusesQuartzExpressionsRestrictingBothDayFields() {
		assertInvalid("0 0 0 15 * MON", "day-of-week",
				"day-of-week and day-of-month are both restricted; use ? in day-of-month or day-of-week");
		assertInvalid("? 0 0 * * ?", "second",
				"second '?' is only allowed in day-of-month or day-of-week of a Quartz expression");
	}

	@Test
	void rejectsBadQuartzSpecials() {
		assertInvalid("0 0 0 L-31 * ?", "day-of-month", "day-of-month 'L-31' offset out of range 0-30");
		assertInvalid("0 0 0 32W * ?", "day-of-month", "day-of-month 32 out of range 1-31");
		assertInvalid("0 0 0 ? * 6#6", "day-of-week", "day-of-week '6#6' occurrence must be 1-5");
		assertInvalid("0 0 0 ? * 9L", "day-of-week", "day-of-week 9 out of range 1-7");
	}

	@Test
	void refusesUnknownMacros() {
		String hint = "' is not supported; use @yearly, @monthly, @weekly, @daily, @hourly, @every <duration> or @at <date-time>";
		assertInvalid("@reboot", "expression", "expression '@reboot" + hint);
		assertInvalid("@dayly", "expression", "expression '@dayly" + hint);
		assertInvalid("@daily 5", "expression", "expression '@daily 5" + hint);
	}

	@Test
	void rejectsBadEveryDurations() {
		assertInvalid("@every", "expression", "expression '@every' needs a duration such as 30s, 5m, 1h30m or 1d");
		assertInvalid("@every 0s", "expression", "expression '@every 0s' is shorter than the minimum period of 1s");
		assertInvalid("@every 500ms", "expression",
				"expression '@every 500ms' uses a sub-second unit; the minimum period is 1s");
		assertInvalid("@every 367d", "expression",
				"expression '@every 367d' is longer than the maximum period of 366d");
		assertInvalid("@every 1.5h", "expression",
				"expression '@every 1.5h' is not a duration; use whole numbers with s, m, h or d, e.g. 1h30m");
		assertInvalid("@every 5w", "expression",
				"expression '@every 5w' has unknown unit 'w'; use s, m, h or d, e.g. 1h30m");
	}

	@Test
	void rejectsBadAtTimes() {
		assertInvalid("@at 2026-13-01T10:00:00", "expression",
				"expression '@at 2026-13-01T10:00:00' is not an ISO date-time such as 2026-12-01T10:00:00 or 2026-12-01T10:00:00Z");
		assertInvalid("@at tomorrow", "expression",
				"expression '@at tomorrow' is not an ISO date-time such as 2026-12-01T10:00:00 or 2026-12-01T10:00:00Z");
		assertInvalid("@at 2026-12-01T10:00:00.5", "expression",
				"expression '@at 2026-12-01T10:00:00.5' has a fraction of a second; cron resolution is one second");
	}

	@Test
	void rejectsUnknownTimeZones() {
		assertThatExceptionOfType(InvalidScheduleException.class)
			.isThrownBy(() -> Schedules.parse("@daily", "Mars/Base"))
			.withMessage("timeZone 'Mars/Base' is not a known IANA time zone id such as Europe/Berlin")
			.satisfies((ex) -> assertThat(ex.field()).isEqualTo("timeZone"));
		assertThatExceptionOfType(InvalidScheduleException.class).isThrownBy(() -> Schedules.parse("@daily", ""))
			.satisfies((ex) -> assertThat(ex.field()).isEqualTo("timeZone"));
		assertThatExceptionOfType(InvalidScheduleException.class)
			.isThrownBy(() -> Schedules.parse("@daily", (ZoneId) null))
			.satisfies((ex) -> assertThat(ex.field()).isEqualTo("timeZone"));
	}

	@Test
	void keepsTheTrimmedExpressionAndTheZone() {
		Schedule schedule = Schedules.parse("  0 0 1 * * ?  ", "Asia/Shanghai");
		assertThat(schedule.expression()).isEqualTo("0 0 1 * * ?");
		assertThat(schedule.zone()).isEqualTo(ZoneId.of("Asia/Shanghai"));
		assertThat(Schedules.parse("@every 30s", ZoneOffset.UTC).zone()).isEqualTo(ZoneOffset.UTC);
		assertThat(Schedules.parse("@HOURLY", "UTC").expression()).isEqualTo("@HOURLY");
	}

}
