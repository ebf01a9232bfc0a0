package io.crony.web.dashboard;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.web.dashboard.DashboardMapper.BucketCount;
import io.crony.web.dashboard.DashboardSummary.Bucket;

/**
 * One time series of the overview: the last {@code count} buckets of {@code width}, the
 * current one last. The closed buckets are read at most once per {@code closedTtl} (a
 * 30-day series is a long index range; the minutes of the last hour are cheap and always
 * read), the open bucket on every call, so runs happening now always show. Fires
 * scheduled after now (claimed ahead by agents) are not counted.
 */
final class Series {

	private final Duration width;

	private final int count;

	private final Duration closedTtl;

	private List<Bucket> closed = List.of();

	private Instant closedUntil = Instant.EPOCH;

	private Instant closedReadAt = Instant.EPOCH;

	Series(Duration width, int count, Duration closedTtl) {
		this.width = width;
		this.count = count;
		this.closedTtl = closedTtl;
	}

	synchronized List<Bucket> read(Counts mapper, Instant now) {
		long seconds = this.width.toSeconds();
		Instant open = Instant.ofEpochSecond(Math.floorDiv(now.getEpochSecond(), seconds) * seconds);
		if (!open.equals(this.closedUntil) || !now.isBefore(this.closedReadAt.plus(this.closedTtl))) {
			Instant first = open.minus(this.width.multipliedBy(this.count - 1L));
			this.closed = buckets(mapper.countByBucket(first, open, seconds), first, this.count - 1);
			this.closedUntil = open;
			this.closedReadAt = now;
		}
		List<Bucket> all = new ArrayList<>(this.closed);
		// up to now only: agents claim fires ahead, as PENDING rows scheduled in the
		// future
		all.addAll(buckets(mapper.countByBucket(open, now, seconds), open, 1));
		return all;
	}

	/**
	 * Runs per status and bucket of one department
	 * ({@link DashboardMapper#countByBucket}).
	 */
	interface Counts {

		List<BucketCount> countByBucket(Instant from, Instant to, long seconds);

	}

	/** Dense buckets from {@code first}: a bucket without runs is there, empty. */
	private List<Bucket> buckets(List<BucketCount> rows, Instant first, int n) {
		long seconds = this.width.toSeconds();
		Map<Long, Map<ExecutionStatus, Long>> byBucket = new HashMap<>();
		for (BucketCount row : rows) {
			byBucket.computeIfAbsent(row.bucket(), (b) -> new EnumMap<>(ExecutionStatus.class))
				.merge(ExecutionStatus.valueOf(row.status()), row.runs(), Long::sum);
		}
		List<Bucket> buckets = new ArrayList<>(n);
		for (int i = 0; i < n; i++) {
			Instant start = first.plus(this.width.multipliedBy(i));
			Map<ExecutionStatus, Long> counts = byBucket.get(start.getEpochSecond() / seconds);
			buckets.add(new Bucket(start, (counts != null) ? Collections.unmodifiableMap(counts) : Map.of()));
		}
		return List.copyOf(buckets);
	}

}
