package io.crony.common.schedule;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static io.crony.common.schedule.Fires.utc;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** Wall-clock matching of every dialect, in UTC so that no DST is involved. */
class CronMatchingTest {

	private static final String NEW_YEAR_2026 = "2026-01-01T00:00:00Z";

	@Test
	void unixFieldsAreMinuteHourDayMonthWeekday() {
		// 2026-01-02 is a Friday; the next weekday is Monday the 5th.
		assertThat(utc("*/15 9-17 * * MON-FRI", "UTC", "2026-01-02T17:20:00Z", 4)).containsExactly(
				"2026-01-02T17:30:00Z", "2026-01-02T17:45:00Z", "2026-01-05T09:00:00Z", "2026-01-05T09:15:00Z");
	}

	@Test
	void quartzFieldsStartWithSeconds() {
		assertThat(utc("0/20 * * * * ?", "UTC", "2026-01-01T10:00:05Z", 3)).containsExactly("2026-01-01T10:00:20Z",
				"2026-01-01T10:00:40Z", "2026-01-01T10:01:00Z");
		assertThat(utc("15 30 10 ? * *", "UTC", NEW_YEAR_2026, 2)).containsExactly("2026-01-01T10:30:15Z",
				"2026-01-02T10:30:15Z");
	}

	@Test
	void searchesStrictlyAfterAndDropsSubSeconds() {
		Schedule everySecond = Schedules.parse("* * * * * ?", "UTC");
		assertThat(everySecond.nextFireAfter(Instant.parse("2026-01-01T10:00:00Z")))
			.contains(Instant.parse("2026-01-01T10:00:01Z"));
		assertThat(everySecond.nextFireAfter(Instant.parse("2026-01-01T10:00:00.250Z")))
			.contains(Instant.parse("2026-01-01T10:00:01Z"));
	}

	@Test
	void quartzYearFieldEndsTheSchedule() {
		assertThat(utc("0 0 12 1 1 ? 2028,2030", "UTC", NEW_YEAR_2026, 5)).containsExactly("2028-01-01T12:00:00Z",
				"2030-01-01T12:00:00Z");
		assertThat(utc("0 0 12 1 1 ? 2027-2029", "UTC", NEW_YEAR_2026, 5)).hasSize(3);
	}

	@Test
	void namesAreCaseInsensitive() {
		assertThat(utc("0 0 1 jan,Jul *", "UTC", NEW_YEAR_2026, 3)).containsExactly("2026-07-01T00:00:00Z",
				"2027-01-01T00:00:00Z", "2027-07-01T00:00:00Z");
		assertThat(utc("0 0 0 ? * sun", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-01-04T00:00:00Z");
	}

	@Test
	void honoursAStepAfterANameRange() {
		// Mon 5th, Wed 7th, Fri 9th, Mon 12th: every other weekday, not every weekday.
		assertThat(utc("0 9 * * MON-FRI/2", "UTC", "2026-01-04T00:00:00Z", 4)).containsExactly("2026-01-05T09:00:00Z",
				"2026-01-07T09:00:00Z", "2026-01-09T09:00:00Z", "2026-01-12T09:00:00Z");
		assertThat(utc("0 0 9 ? * MON-FRI/2", "UTC", "2026-01-04T00:00:00Z", 4)).containsExactly("2026-01-05T09:00:00Z",
				"2026-01-07T09:00:00Z", "2026-01-09T09:00:00Z", "2026-01-12T09:00:00Z");
	}

	@Test
	void listsMixValuesRangesAndSteps() {
		assertThat(utc("0 0,30 8,12-13 * * ?", "UTC", NEW_YEAR_2026, 7)).containsExactly("2026-01-01T08:00:00Z",
				"2026-01-01T08:30:00Z", "2026-01-01T12:00:00Z", "2026-01-01T12:30:00Z", "2026-01-01T13:00:00Z",
				"2026-01-01T13:30:00Z", "2026-01-02T08:00:00Z");
		assertThat(utc("5,40-50/5 10 * * *", "UTC", NEW_YEAR_2026, 4)).containsExactly("2026-01-01T10:05:00Z",
				"2026-01-01T10:40:00Z", "2026-01-01T10:45:00Z", "2026-01-01T10:50:00Z");
	}

	@Test
	void reversedRangesWrapAround() {
		assertThat(utc("0 22-1 * * *", "UTC", NEW_YEAR_2026, 5)).containsExactly("2026-01-01T01:00:00Z",
				"2026-01-01T22:00:00Z", "2026-01-01T23:00:00Z", "2026-01-02T00:00:00Z", "2026-01-02T01:00:00Z");
		// Thu 1st: Fri 2nd, Sat 3rd, Sun 4th, Mon 5th, then Fri 9th.
		assertThat(utc("0 0 * * FRI-MON", "UTC", NEW_YEAR_2026, 5)).containsExactly("2026-01-02T00:00:00Z",
				"2026-01-03T00:00:00Z", "2026-01-04T00:00:00Z", "2026-01-05T00:00:00Z", "2026-01-09T00:00:00Z");
		// FRI, SUN (steps count along the wrapped week).
		assertThat(utc("0 0 * * FRI-MON/2", "UTC", NEW_YEAR_2026, 3)).containsExactly("2026-01-02T00:00:00Z",
				"2026-01-04T00:00:00Z", "2026-01-09T00:00:00Z");
	}

	@Test
	void unixSevenAndZeroAreSunday() {
		String firstSunday = "2026-01-04T00:00:00Z";
		assertThat(utc("0 0 * * 7", "UTC", NEW_YEAR_2026, 1)).containsExactly(firstSunday);
		assertThat(utc("0 0 * * 0", "UTC", NEW_YEAR_2026, 1)).containsExactly(firstSunday);
		assertThat(utc("0 0 * * 5-7", "UTC", NEW_YEAR_2026, 4)).containsExactly("2026-01-02T00:00:00Z",
				"2026-01-03T00:00:00Z", firstSunday, "2026-01-09T00:00:00Z");
		assertThat(utc("0 0 * * 0-7", "UTC", NEW_YEAR_2026, 7)).hasSize(7).last().isEqualTo("2026-01-08T00:00:00Z");
	}

	@Test
	void quartzDayOfWeekCountsFromSundayAsOne() {
		// 1 = SUN, 2 = MON, ... 7 = SAT in Quartz, unlike Unix.
		assertThat(utc("0 0 0 ? * 1", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-01-04T00:00:00Z");
		assertThat(utc("0 0 0 ? * 2", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-01-05T00:00:00Z");
		assertThat(utc("0 0 0 ? * 7", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-01-03T00:00:00Z");
		assertThat(utc("0 0 0 * * MON", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-01-05T00:00:00Z");
	}

	@Test
	void vixieMatchesEitherDayFieldWhenBothAreRestricted() {
		// The 1st of each month and every Monday (2026-02-01 is a Sunday).
		assertThat(utc("0 0 1 * 1", "UTC", NEW_YEAR_2026, 6)).containsExactly("2026-01-05T00:00:00Z",
				"2026-01-12T00:00:00Z", "2026-01-19T00:00:00Z", "2026-01-26T00:00:00Z", "2026-02-01T00:00:00Z",
				"2026-02-02T00:00:00Z");
		// A day-of-month starting with * is not a restriction: both must match.
		assertThat(utc("0 0 */2 * 1", "UTC", NEW_YEAR_2026, 2)).containsExactly("2026-01-05T00:00:00Z",
				"2026-01-19T00:00:00Z");
	}

	@Test
	void macrosFollowTheirUnixExpansions() {
		String after = "2026-01-01T10:30:00Z";
		assertThat(utc("@hourly", "UTC", after, 1)).containsExactly("2026-01-01T11:00:00Z");
		assertThat(utc("@daily", "UTC", after, 1)).containsExactly("2026-01-02T00:00:00Z");
		assertThat(utc("@midnight", "UTC", after, 1)).containsExactly("2026-01-02T00:00:00Z");
		assertThat(utc("@weekly", "UTC", after, 1)).containsExactly("2026-01-04T00:00:00Z");
		assertThat(utc("@monthly", "UTC", after, 1)).containsExactly("2026-02-01T00:00:00Z");
		assertThat(utc("@yearly", "UTC", after, 1)).containsExactly("2027-01-01T00:00:00Z");
		assertThat(utc("@Annually", "UTC", after, 1)).containsExactly("2027-01-01T00:00:00Z");
	}

	@Test
	void findsFebruary29InLeapYearsOnly() {
		assertThat(utc("0 0 29 2 *", "UTC", NEW_YEAR_2026, 2)).containsExactly("2028-02-29T00:00:00Z",
				"2032-02-29T00:00:00Z");
		// 2100 is not a leap year.
		assertThat(utc("0 0 0 29 2 ?", "UTC", "2096-03-01T00:00:00Z", 1)).containsExactly("2104-02-29T00:00:00Z");
	}

	@Test
	void neverFiringScheduleEndsQuickly() {
		Schedule february30 = Schedules.parse("0 0 0 30 2 ?", "Europe/Berlin");
		assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
			assertThat(february30.nextFireAfter(Instant.parse(NEW_YEAR_2026))).isEmpty();
			assertThat(Schedules.parse("0 0 31 4,6,9,11 *", "America/New_York")
				.nextFireAfter(Instant.parse(NEW_YEAR_2026))).isEmpty();
		});
		assertThat(Schedules.parse("0 0 0 1 1 ? 2199", "UTC").nextFires(Instant.parse("2199-01-01T00:00:00Z"), 3))
			.isEmpty();
	}

	@Test
	void the31stOnlyInLongMonths() {
		assertThat(utc("0 0 31 * *", "UTC", NEW_YEAR_2026, 5)).containsExactly("2026-01-31T00:00:00Z",
				"2026-03-31T00:00:00Z", "2026-05-31T00:00:00Z", "2026-07-31T00:00:00Z", "2026-08-31T00:00:00Z");
	}

	@Test
	void searchRangeEndsAfter2199() {
		Schedule daily = Schedules.parse("0 0 0 * * ?", "Europe/Berlin");
		assertThat(daily.nextFireAfter(Instant.MAX)).isEmpty();
		assertThat(daily.nextFireAfter(Instant.parse("2199-12-31T00:00:00Z"))).isEmpty();
		assertThat(daily.nextFireAfter(Instant.MIN)).contains(Instant.parse("1900-01-01T23:00:00Z"));
	}

}
