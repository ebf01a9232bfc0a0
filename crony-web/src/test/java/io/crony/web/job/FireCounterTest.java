package io.crony.web.job;

import java.time.Instant;
import java.util.TreeMap;

import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class FireCounterTest {

	private static final long FROM = Instant.parse("2026-11-26T00:00:00Z").getEpochSecond();

	private static final long DAY = 86_400;

	@Test
	void countsAnEverySecondCronSixtyAMinute() {
		TreeMap<Integer, Long> buckets = count("* * * * * ?", "UTC", FROM, FROM + DAY, 60);
		assertThat(buckets).hasSize(1440);
		assertThat(buckets.values()).allMatch((fires) -> fires == 60);
	}

	@Test
	void countsAnEverySecondMacroArithmetically() {
		TreeMap<Integer, Long> buckets = count("@every 1s", "UTC", FROM, FROM + DAY, 3600);
		assertThat(buckets).hasSize(24);
		assertThat(buckets.values()).allMatch((fires) -> fires == 3600);
	}

	@Test
	void countsAnEveryPeriodThatDoesNotDivideTheMinute() {
		TreeMap<Integer, Long> buckets = count("@every 7s", "UTC", FROM, FROM + 3600, 60);
		assertThat(buckets.values().stream().mapToLong(Long::longValue).sum())
			.isEqualTo(bruteForce("@every 7s", "UTC", FROM, FROM + 3600));
		assertThat(buckets.values()).allMatch((fires) -> fires == 8 || fires == 9);
	}

	@Test
	void jumpsOverEmptyBucketsOfALongPeriod() {
		TreeMap<Integer, Long> buckets = count("@every 90m", "UTC", FROM, FROM + DAY, 60);
		assertThat(buckets).hasSize(16).containsEntry(0, 1L).containsEntry(90, 1L).containsEntry(1350, 1L);
	}

	@Test
	void countsDailyJobsInTheirZone() {
		TreeMap<Integer, Long> buckets = count("0 0 * * *", "Asia/Shanghai", FROM, FROM + DAY, 60);
		// midnight in Shanghai is 16:00 UTC
		assertThat(buckets).containsExactly(java.util.Map.entry(960, 1L));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "*/15 * * * *|UTC|60", "0/7 * * * * ?|UTC|60", "* 0-2 * * * ?|UTC|300",
			"*/10 * * * * ?|Europe/Berlin|60", "0/30 * 1-3 * * ?|America/New_York|3600",
			"* * * * * ?|America/New_York|60", "0 30 2 * * ?|Europe/Berlin|60", "@at 2026-11-01T01:30:00|UTC|60" })
	void agreesWithWalkingEveryFire(String expression, String zone, long bucketSeconds) {
		// 2026-11-01 holds New York's fall-back, where stepped hours fire twice
		long from = Instant.parse("2026-10-31T12:00:00Z").getEpochSecond();
		long to = from + DAY;
		TreeMap<Integer, Long> expected = new TreeMap<>();
		Schedule schedule = Schedules.parse(expression, zone);
		for (Instant fire : schedule.nextFires(Instant.ofEpochSecond(from - 1), 200_000)) {
			if (fire.getEpochSecond() >= to) {
				break;
			}
			expected.merge((int) ((fire.getEpochSecond() - from) / bucketSeconds), 1L, Long::sum);
		}
		assertThat(count(expression, zone, from, to, bucketSeconds)).isEqualTo(expected);
	}

	@Test
	void countsNothingForADateInThePast() {
		assertThat(count("@at 2020-01-01T00:00:00", "UTC", FROM, FROM + DAY, 60)).isEmpty();
	}

	private static TreeMap<Integer, Long> count(String expression, String zone, long from, long to,
			long bucketSeconds) {
		TreeMap<Integer, Long> buckets = new TreeMap<>();
		FireCounter.count(Schedules.parse(expression, zone), from, to, bucketSeconds, (bucket, fires) -> {
			assertThat(buckets).doesNotContainKey(bucket);
			buckets.put(bucket, fires);
		});
		return buckets;
	}

	private static long bruteForce(String expression, String zone, long from, long to) {
		return Schedules.parse(expression, zone)
			.nextFires(Instant.ofEpochSecond(from - 1), 100_000)
			.stream()
			.filter((fire) -> fire.getEpochSecond() < to)
			.count();
	}

}
