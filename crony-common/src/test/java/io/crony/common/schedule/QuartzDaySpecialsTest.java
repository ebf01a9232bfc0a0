package io.crony.common.schedule;

import org.junit.jupiter.api.Test;

import static io.crony.common.schedule.Fires.utc;
import static org.assertj.core.api.Assertions.assertThat;

/** Quartz L, W, # and nL, checked against 2026-2028 calendars in UTC. */
class QuartzDaySpecialsTest {

	private static final String NEW_YEAR_2026 = "2026-01-01T00:00:00Z";

	@Test
	void lastDayOfMonthFollowsMonthLengthAndLeapYears() {
		assertThat(utc("0 0 0 L * ?", "UTC", NEW_YEAR_2026, 4)).containsExactly("2026-01-31T00:00:00Z",
				"2026-02-28T00:00:00Z", "2026-03-31T00:00:00Z", "2026-04-30T00:00:00Z");
		assertThat(utc("0 0 0 L 2 ?", "UTC", "2027-03-01T00:00:00Z", 1)).containsExactly("2028-02-29T00:00:00Z");
	}

	@Test
	void offsetFromLastDay() {
		assertThat(utc("0 0 0 L-2 * ?", "UTC", NEW_YEAR_2026, 4)).containsExactly("2026-01-29T00:00:00Z",
				"2026-02-26T00:00:00Z", "2026-03-29T00:00:00Z", "2026-04-28T00:00:00Z");
	}

	@Test
	void lastWeekdayOfMonth() {
		// Jan 31 and Feb 28 2026 are Saturdays, Mar 31 a Tuesday, May 31 a Sunday.
		assertThat(utc("0 0 0 LW * ?", "UTC", NEW_YEAR_2026, 5)).containsExactly("2026-01-30T00:00:00Z",
				"2026-02-27T00:00:00Z", "2026-03-31T00:00:00Z", "2026-04-30T00:00:00Z", "2026-05-29T00:00:00Z");
	}

	@Test
	void nearestWeekdayNeverLeavesTheMonth() {
		// 2026-08-01 is a Saturday: Monday the 3rd, not Friday July 31.
		assertThat(utc("0 0 0 1W 8 ?", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-08-03T00:00:00Z");
		// 2026-05-31 is a Sunday: Friday the 29th, not Monday June 1.
		assertThat(utc("0 0 0 31W 5 ?", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-05-29T00:00:00Z");
		// 2026-02-15 is a Sunday: Monday the 16th; 2026-03-15 a Sunday too; 2026-04-15 a
		// Wednesday.
		assertThat(utc("0 0 0 15W * ?", "UTC", "2026-02-01T00:00:00Z", 3)).containsExactly("2026-02-16T00:00:00Z",
				"2026-03-16T00:00:00Z", "2026-04-15T00:00:00Z");
		// 2026-02-14 is a Saturday: Friday the 13th.
		assertThat(utc("0 0 0 14W 2 ?", "UTC", NEW_YEAR_2026, 1)).containsExactly("2026-02-13T00:00:00Z");
	}

	@Test
	void nthDayOfWeek() {
		assertThat(utc("0 0 0 ? * 6#3", "UTC", NEW_YEAR_2026, 2)).containsExactly("2026-01-16T00:00:00Z",
				"2026-02-20T00:00:00Z");
		// Fifth Fridays exist only in some months.
		assertThat(utc("0 0 0 ? * FRI#5", "UTC", NEW_YEAR_2026, 4)).containsExactly("2026-01-30T00:00:00Z",
				"2026-05-29T00:00:00Z", "2026-07-31T00:00:00Z", "2026-10-30T00:00:00Z");
	}

	@Test
	void lastDayOfWeekInMonth() {
		// 5 = Thursday in Quartz numbering.
		assertThat(utc("0 0 0 ? * 5L", "UTC", NEW_YEAR_2026, 2)).containsExactly("2026-01-29T00:00:00Z",
				"2026-02-26T00:00:00Z");
		assertThat(utc("0 0 0 ? * FRIL", "UTC", NEW_YEAR_2026, 2)).containsExactly("2026-01-30T00:00:00Z",
				"2026-02-27T00:00:00Z");
		// L alone is 7 = Saturday, every week.
		assertThat(utc("0 0 0 ? * L", "UTC", NEW_YEAR_2026, 2)).containsExactly("2026-01-03T00:00:00Z",
				"2026-01-10T00:00:00Z");
	}

}
