package io.crony.web.dashboard;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;

/**
 * What the overview page shows, in one answer of {@code GET /api/v1/dashboard/summary}.
 * Runs are counted by the time they were scheduled for, in UTC buckets.
 *
 * @param generatedAt when the server computed this
 * @param perMinute runs per status in each minute of the last hour, oldest first; the
 * last bucket is the current, still filling, minute
 * @param perHour runs per status in each of the last 24 hours (the current one last)
 * @param perDay runs per status in each of the last 30 days (UTC days, today last)
 * @param last24h runs per status over the buckets of {@code perHour}
 * @param successRate succeeded / (succeeded + failed + timed out) over {@code last24h};
 * null when no run finished
 * @param runningNow runs in status RUNNING now
 * @param agentsAlive agents whose etcd key is alive now
 * @param lateness how late cron fires started over the last hour
 * @param recentFailures the latest failed or timed-out runs, newest first
 */
record DashboardSummary(Instant generatedAt, List<Bucket> perMinute, List<Bucket> perHour, List<Bucket> perDay,
		Map<ExecutionStatus, Long> last24h, Double successRate, long runningNow, int agentsAlive, Lateness lateness,
		List<RecentFailure> recentFailures) {

	/**
	 * Runs per status in one bucket; statuses without runs are left out.
	 *
	 * @param start the bucket's first instant
	 * @param counts runs per status
	 */
	record Bucket(Instant start, Map<ExecutionStatus, Long> counts) {
	}

	/**
	 * Percentiles (nearest rank) of started-at minus scheduled-at, in milliseconds, over
	 * cron fires scheduled in the last hour that have started; null when there is none.
	 *
	 * @param p50Ms median
	 * @param p95Ms 95th percentile
	 * @param p99Ms 99th percentile
	 * @param samples fires the percentiles were computed from
	 * @param capped true when there were more fires than the server reads (it then takes
	 * the latest {@code samples} of them)
	 */
	record Lateness(Long p50Ms, Long p95Ms, Long p99Ms, int samples, boolean capped) {
	}

}
