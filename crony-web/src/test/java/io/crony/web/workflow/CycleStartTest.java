package io.crony.web.workflow;

import java.time.Instant;

import io.crony.common.job.JobSpec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CycleStartTest {

	@Test
	void aDailyJobsCycleBeganAtYesterdaysInstant() {
		assertThat(CycleStart.before(job("0 0 6 * * ?", "UTC"), Instant.parse("2026-11-26T06:00:00Z")))
			.isEqualTo(Instant.parse("2026-11-25T06:00:00Z"));
	}

	@Test
	void theZoneOfTheScheduleCounts() {
		assertThat(CycleStart.before(job("0 0 6 * * ?", "Asia/Shanghai"), Instant.parse("2026-11-25T22:00:00Z")))
			.isEqualTo(Instant.parse("2026-11-24T22:00:00Z"));
	}

	@Test
	void anEverySecondJobsCycleIsTheSecondBefore() {
		assertThat(CycleStart.before(job("* * * * * ?", "UTC"), Instant.parse("2026-11-26T06:00:07Z")))
			.isEqualTo(Instant.parse("2026-11-26T06:00:06Z"));
	}

	@Test
	void aMonthlyJobLooksBackAMonthAndAJobsFirstInstantHasNoCycleStart() {
		assertThat(CycleStart.before(job("0 0 1 1 * ?", "UTC"), Instant.parse("2026-12-01T01:00:00Z")))
			.isEqualTo(Instant.parse("2026-11-01T01:00:00Z"));
		assertThat(CycleStart.before(job("@at 2026-12-01T01:00:00", "UTC"), Instant.parse("2026-12-01T01:00:00Z")))
			.isEqualTo(Instant.EPOCH);
	}

	@Test
	void theCurrentCycleIsTheOneTheLatestInstantBegan() {
		assertThat(CycleStart.current(job("0 0 6 * * ?", "UTC"), Instant.parse("2026-11-26T05:59:59Z")))
			.isEqualTo(Instant.parse("2026-11-25T06:00:00Z"));
		assertThat(CycleStart.current(job("0 0 6 * * ?", "UTC"), Instant.parse("2026-11-26T06:00:00Z")))
			.isEqualTo(Instant.parse("2026-11-26T06:00:00Z"));
	}

	private static JobSpec job(String schedule, String zone) {
		return new JobSpec(1, "daily", null, schedule, zone, null, 60, null, null, null, null, true, 1);
	}

}
