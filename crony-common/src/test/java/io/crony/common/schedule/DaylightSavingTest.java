package io.crony.common.schedule;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static io.crony.common.schedule.Fires.utc;
import static io.crony.common.schedule.Fires.wall;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The DST rule. 2026 transitions: New York 03-08 07:00Z (02:00 EST to 03:00 EDT) and
 * 11-01 06:00Z (02:00 EDT to 01:00 EST); Berlin 03-29 01:00Z (02:00 CET to 03:00 CEST)
 * and 10-25 01:00Z (03:00 CEST to 02:00 CET); Lord Howe 10-03 15:30Z (02:00 to 02:30,
 * +10:30 to +11) and 04-04 15:00Z (02:00 to 01:30, +11 to +10:30).
 */
class DaylightSavingTest {

	private static final String NEW_YORK = "America/New_York";

	private static final String BERLIN = "Europe/Berlin";

	private static final String LORD_HOWE = "Australia/Lord_Howe";

	@Test
	void fixedTimeInSpringGapFiresAtEndOfGapInNewYork() {
		// Quartz drops this run; we fire at 03:00 EDT.
		assertThat(wall("0 30 2 * * ?", NEW_YORK, "2026-03-07T00:00:00Z", 3)).containsExactly("2026-03-07T02:30-05:00",
				"2026-03-08T03:00-04:00", "2026-03-09T02:30-04:00");
		assertThat(utc("30 2 * * *", NEW_YORK, "2026-03-07T12:00:00Z", 1)).containsExactly("2026-03-08T07:00:00Z");
	}

	@Test
	void fixedTimeInSpringGapFiresAtEndOfGapInBerlin() {
		assertThat(wall("0 30 2 * * ?", BERLIN, "2026-03-28T00:00:00Z", 3)).containsExactly("2026-03-28T02:30+01:00",
				"2026-03-29T03:00+02:00", "2026-03-30T02:30+02:00");
	}

	@Test
	void lastSundayOfMarchAtTwoFiresInBerlin() {
		// Quartz returns no fire at all for this one.
		assertThat(utc("0 0 2 ? 3 1L", BERLIN, "2026-01-01T00:00:00Z", 2)).containsExactly("2026-03-29T01:00:00Z",
				"2027-03-28T01:00:00Z");
	}

	@Test
	void gapCollapsesToOneFireForEveryMinuteJobs() {
		assertThat(utc("* * * * *", NEW_YORK, "2026-03-08T06:58:00Z", 3)).containsExactly("2026-03-08T06:59:00Z",
				"2026-03-08T07:00:00Z", "2026-03-08T07:01:00Z");
		assertThat(utc("* * * * *", BERLIN, "2026-03-29T00:58:00Z", 3)).containsExactly("2026-03-29T00:59:00Z",
				"2026-03-29T01:00:00Z", "2026-03-29T01:01:00Z");
		// 02:00, 02:15, 02:30, 02:45 and 03:00 all land on 03:00 EDT: one fire.
		assertThat(wall("0 */15 * * * ?", NEW_YORK, "2026-03-08T06:30:00Z", 3))
			.containsExactly("2026-03-08T01:45-05:00", "2026-03-08T03:00-04:00", "2026-03-08T03:15-04:00");
	}

	@Test
	void everySecondJobRunsThroughTheGapWithoutDuplicates() {
		assertThat(utc("* * * * * ?", BERLIN, "2026-03-29T00:59:58Z", 3)).containsExactly("2026-03-29T00:59:59Z",
				"2026-03-29T01:00:00Z", "2026-03-29T01:00:01Z");
	}

	@Test
	void fixedHourFiresOnceInFallBackOverlap() {
		assertThat(wall("0 30 1 * * ?", NEW_YORK, "2026-10-31T12:00:00Z", 2)).containsExactly("2026-11-01T01:30-04:00",
				"2026-11-02T01:30-05:00");
		assertThat(wall("30 2 * * *", BERLIN, "2026-10-24T12:00:00Z", 2)).containsExactly("2026-10-25T02:30+02:00",
				"2026-10-26T02:30+01:00");
		assertThat(wall("@daily", BERLIN, "2026-10-24T12:00:00Z", 2)).containsExactly("2026-10-25T00:00+02:00",
				"2026-10-26T00:00+01:00");
	}

	@Test
	void hourRangeCountsAsFixedHour() {
		assertThat(wall("0 0 1-2 * * ?", NEW_YORK, "2026-11-01T04:30:00Z", 3)).containsExactly("2026-11-01T01:00-04:00",
				"2026-11-01T02:00-05:00", "2026-11-02T01:00-05:00");
	}

	@Test
	void fixedHourStartedInSecondPassWaitsForNextDay() {
		// 01:10 EST, second pass: 01:45 already fired in the first pass.
		assertThat(wall("0 45 1 * * ?", NEW_YORK, "2026-11-01T06:10:00Z", 1)).containsExactly("2026-11-02T01:45-05:00");
	}

	@Test
	void starHourFiresInBothPassesOfTheOverlap() {
		assertThat(wall("0 */30 * * * ?", NEW_YORK, "2026-11-01T04:45:00Z", 5)).containsExactly(
				"2026-11-01T01:00-04:00", "2026-11-01T01:30-04:00", "2026-11-01T01:00-05:00", "2026-11-01T01:30-05:00",
				"2026-11-01T02:00-05:00");
		assertThat(wall("0 */30 * * * ?", BERLIN, "2026-10-24T23:45:00Z", 5)).containsExactly("2026-10-25T02:00+02:00",
				"2026-10-25T02:30+02:00", "2026-10-25T02:00+01:00", "2026-10-25T02:30+01:00", "2026-10-25T03:00+01:00");
		assertThat(wall("@hourly", NEW_YORK, "2026-11-01T04:30:00Z", 3)).containsExactly("2026-11-01T01:00-04:00",
				"2026-11-01T01:00-05:00", "2026-11-01T02:00-05:00");
		assertThat(wall("0 0 0/1 * * ?", BERLIN, "2026-10-25T00:30:00Z", 2)).containsExactly("2026-10-25T02:00+01:00",
				"2026-10-25T03:00+01:00");
	}

	@Test
	void everySecondJobKeepsItsRhythmThroughBothPasses() {
		// Quartz skips the first pass; we fire every real second from 01:00 EDT to
		// 01:59:59 EST.
		List<Instant> fires = Schedules.parse("* * * * * ?", NEW_YORK)
			.nextFires(Instant.parse("2026-11-01T04:59:59Z"), 7200);
		assertThat(fires).hasSize(7200);
		assertThat(fires.get(0)).isEqualTo("2026-11-01T05:00:00Z");
		assertThat(fires.get(7199)).isEqualTo("2026-11-01T06:59:59Z");
	}

	@Test
	void lordHoweHalfHourShift() {
		// Spring: 02:15 does not exist (02:00 jumps to 02:30).
		assertThat(wall("0 15 2 * * ?", LORD_HOWE, "2026-10-03T12:00:00Z", 2)).containsExactly("2026-10-04T02:30+11:00",
				"2026-10-05T02:15+11:00");
		// Fall: 01:30-02:00 repeats; a fixed 01:45 fires in the first pass only.
		assertThat(wall("0 45 1 * * ?", LORD_HOWE, "2026-04-04T12:00:00Z", 2)).containsExactly("2026-04-05T01:45+11:00",
				"2026-04-06T01:45+10:30");
		assertThat(wall("0 */15 * * * ?", LORD_HOWE, "2026-04-04T14:20:00Z", 5)).containsExactly(
				"2026-04-05T01:30+11:00", "2026-04-05T01:45+11:00", "2026-04-05T01:30+10:30", "2026-04-05T01:45+10:30",
				"2026-04-05T02:00+10:30");
	}

	@Test
	void nextFiresAreAscendingWithoutDuplicatesAcrossTransitions() {
		for (String expression : List.of("0 */30 * * * ?", "0 30 2 * * ?", "0 30 1 * * ?", "* 1-3 * * *", "@hourly")) {
			for (String zone : List.of(NEW_YORK, BERLIN, LORD_HOWE)) {
				List<Instant> fires = Schedules.parse(expression, zone)
					.nextFires(Instant.parse("2026-01-01T00:00:00Z"), 20000);
				assertThat(fires).as(expression + " in " + zone).hasSize(20000).isSorted().doesNotHaveDuplicates();
			}
		}
	}

	@Test
	void fixedDailyJobFiresExactlyOncePerDayAllYear() {
		List<Instant> fires = Schedules.parse("0 30 2 * * ?", NEW_YORK)
			.nextFires(Instant.parse("2026-01-01T00:00:00Z"), 365);
		assertThat(fires.stream().map((fire) -> fire.atZone(java.time.ZoneId.of(NEW_YORK)).toLocalDate()))
			.doesNotHaveDuplicates()
			.hasSize(365);
	}

}
