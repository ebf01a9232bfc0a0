package io.crony.common.schedule;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static io.crony.common.schedule.Fires.utc;
import static org.assertj.core.api.Assertions.assertThat;

class EveryAndAtScheduleTest {

	@Test
	void everyIsAlignedToTheUnixEpoch() {
		assertThat(utc("@every 30s", "UTC", "2026-01-01T10:00:10.500Z", 2)).containsExactly("2026-01-01T10:00:30Z",
				"2026-01-01T10:01:00Z");
		List<Instant> fires = Schedules.parse("@every 7m", "Asia/Shanghai")
			.nextFires(Instant.parse("2026-01-01T10:00:00Z"), 3);
		assertThat(fires).allSatisfy((fire) -> assertThat(fire.getEpochSecond() % 420).isZero());
		assertThat(fires.get(0)).isBetween(Instant.parse("2026-01-01T10:00:01Z"),
				Instant.parse("2026-01-01T10:07:00Z"));
		assertThat(fires.get(1).getEpochSecond() - fires.get(0).getEpochSecond()).isEqualTo(420);
	}

	@Test
	void everyCombinesUnitsAndIgnoresDaylightSaving() {
		// 1h30m = 5400 s; 2026-01-01T00:00Z is exactly 327264 periods after the epoch.
		assertThat(utc("@every 1h30m", "UTC", "2026-01-01T00:00:00Z", 2)).containsExactly("2026-01-01T01:30:00Z",
				"2026-01-01T03:00:00Z");
		// Days are 24 h of real time, so midnight UTC whatever the zone and its DST.
		assertThat(utc("@every 1d", "America/New_York", "2026-03-07T12:00:00Z", 2))
			.containsExactly("2026-03-08T00:00:00Z", "2026-03-09T00:00:00Z");
		assertThat(utc("@every 1h", "America/New_York", "2026-11-01T04:30:00Z", 3))
			.containsExactly("2026-11-01T05:00:00Z", "2026-11-01T06:00:00Z", "2026-11-01T07:00:00Z");
	}

	@Test
	void atFiresOnceInTheJobZone() {
		Schedule at = Schedules.parse("@at 2026-12-01T10:00:00", "Asia/Shanghai");
		Instant fire = Instant.parse("2026-12-01T02:00:00Z");
		assertThat(at.nextFireAfter(Instant.parse("2026-01-01T00:00:00Z"))).contains(fire);
		assertThat(at.nextFireAfter(fire)).isEmpty();
		assertThat(at.nextFires(Instant.parse("2026-01-01T00:00:00Z"), 5)).containsExactly(fire);
	}

	@Test
	void atWithOffsetIsAnAbsoluteInstant() {
		assertThat(utc("@at 2026-12-01T10:00:00Z", "Asia/Shanghai", "2026-01-01T00:00:00Z", 2))
			.containsExactly("2026-12-01T10:00:00Z");
		assertThat(utc("@at 2026-12-01T10:00:00-05:00", "UTC", "2026-01-01T00:00:00Z", 1))
			.containsExactly("2026-12-01T15:00:00Z");
		assertThat(utc("@at 2026-12-01T10:00", "UTC", "2026-01-01T00:00:00Z", 1))
			.containsExactly("2026-12-01T10:00:00Z");
	}

	@Test
	void atFollowsTheDaylightSavingRule() {
		// Gap: end of the gap (03:00 EDT). Overlap: first occurrence (EDT).
		assertThat(utc("@at 2026-03-08T02:30:00", "America/New_York", "2026-01-01T00:00:00Z", 1))
			.containsExactly("2026-03-08T07:00:00Z");
		assertThat(utc("@at 2026-11-01T01:30:00", "America/New_York", "2026-01-01T00:00:00Z", 1))
			.containsExactly("2026-11-01T05:30:00Z");
	}

}
