package io.crony.web.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.web.dashboard.DashboardMapper.BucketCount;
import io.crony.web.dashboard.DashboardSummary.Bucket;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SeriesTest {

	private static final Instant NOW = Instant.parse("2026-11-22T10:30:15Z");

	private final Counts counts = new Counts();

	@Test
	void givesEveryBucketOldestFirstWithTheOpenOneLast() {
		this.counts.rows = List.of(new BucketCount(NOW.getEpochSecond() / 3600 - 2, "FAILED", 3),
				new BucketCount(NOW.getEpochSecond() / 3600 - 2, "SUCCEEDED", 4));
		List<Bucket> buckets = new Series(Duration.ofHours(1), 5, Duration.ZERO).read(this.counts, NOW);

		assertThat(buckets).extracting(Bucket::start)
			.containsExactly(Instant.parse("2026-11-22T06:00:00Z"), Instant.parse("2026-11-22T07:00:00Z"),
					Instant.parse("2026-11-22T08:00:00Z"), Instant.parse("2026-11-22T09:00:00Z"),
					Instant.parse("2026-11-22T10:00:00Z"));
		assertThat(buckets.get(2).counts())
			.isEqualTo(Map.of(ExecutionStatus.FAILED, 3L, ExecutionStatus.SUCCEEDED, 4L));
		assertThat(buckets.get(1).counts()).isEmpty();
		assertThat(this.counts.ranges).containsExactly("2026-11-22T06:00:00Z..2026-11-22T10:00:00Z/3600",
				"2026-11-22T10:00:00Z..2026-11-22T10:30:15Z/3600");
	}

	@Test
	void readsClosedBucketsAgainOnlyAfterTheRefreshOrWhenABucketCloses() {
		Series series = new Series(Duration.ofHours(1), 24, Duration.ofMinutes(1));
		series.read(this.counts, NOW);
		series.read(this.counts, NOW.plusSeconds(59));
		assertThat(this.counts.ranges).as("the open hour every time, the closed ones once").hasSize(3);

		series.read(this.counts, NOW.plusSeconds(60));
		assertThat(this.counts.ranges).as("after the refresh").hasSize(5);

		series.read(this.counts, Instant.parse("2026-11-22T11:00:00Z"));
		assertThat(this.counts.ranges).as("the hour closed").hasSize(7);
		assertThat(this.counts.ranges.get(5)).isEqualTo("2026-11-21T12:00:00Z..2026-11-22T11:00:00Z/3600");
	}

	/** Answers fixed rows and records the ranges asked for. */
	private static final class Counts implements Series.Counts {

		List<BucketCount> rows = List.of();

		final List<String> ranges = new ArrayList<>();

		@Override
		public List<BucketCount> countByBucket(Instant from, Instant to, long seconds) {
			this.ranges.add(from + ".." + to + "/" + seconds);
			return this.rows;
		}

	}

}
