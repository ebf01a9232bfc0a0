package io.crony.web.dashboard;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.crony.common.execution.ExecutionStatus;
import io.crony.web.auth.Departments;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.dashboard.DashboardSummary.Bucket;

import org.springframework.stereotype.Service;

/** Computes the overview's summary from the execution table and the live agents. */
@Service
class DashboardService {

	/** Lateness is computed from at most this many of the last hour's fires. */
	static final int LATENESS_SAMPLES = 10_000;

	static final int RECENT_FAILURES = 5;

	private final DashboardMapper mapper;

	private final AgentRegistry agents;

	private final Clock clock;

	private final DashboardProperties properties;

	// each department's series keep their own closed buckets
	private final Map<Long, DepartmentSeries> series = new ConcurrentHashMap<>();

	DashboardService(DashboardMapper mapper, AgentRegistry agents, DashboardProperties properties) {
		this.mapper = mapper;
		this.agents = agents;
		this.clock = Clock.systemUTC();
		this.properties = properties;
	}

	/** The summary of the request's department's runs; the live agents are everyone's. */
	DashboardSummary summary() {
		long department = Departments.current();
		Series.Counts counts = (from, to, seconds) -> this.mapper.countByBucket(department, from, to, seconds);
		DepartmentSeries series = this.series.computeIfAbsent(department,
				(id) -> new DepartmentSeries(this.properties));
		Instant now = this.clock.instant();
		List<Bucket> perHour = series.hours().read(counts, now);
		Map<ExecutionStatus, Long> last24h = new EnumMap<>(ExecutionStatus.class);
		perHour.forEach((bucket) -> bucket.counts().forEach((status, runs) -> last24h.merge(status, runs, Long::sum)));
		List<Long> lateness = this.mapper.latenessSince(department, now.minus(Duration.ofHours(1)), LATENESS_SAMPLES);
		return new DashboardSummary(now, series.minutes().read(counts, now), perHour, series.days().read(counts, now),
				last24h, successRate(last24h), this.mapper.countWithStatus(department, ExecutionStatus.RUNNING.name()),
				this.agents.liveAgents().size(), Percentiles.lateness(lateness, LATENESS_SAMPLES),
				recentFailures(department));
	}

	static Double successRate(Map<ExecutionStatus, Long> runs) {
		long succeeded = runs.getOrDefault(ExecutionStatus.SUCCEEDED, 0L);
		long finished = succeeded + runs.getOrDefault(ExecutionStatus.FAILED, 0L)
				+ runs.getOrDefault(ExecutionStatus.TIMED_OUT, 0L);
		return (finished == 0) ? null : (double) succeeded / finished;
	}

	/** One short index read per status, merged: cheaper than an IN over both. */
	private List<RecentFailure> recentFailures(long department) {
		List<RecentFailure> failures = new ArrayList<>();
		failures.addAll(this.mapper.latestWithStatus(department, ExecutionStatus.FAILED.name(), RECENT_FAILURES));
		failures.addAll(this.mapper.latestWithStatus(department, ExecutionStatus.TIMED_OUT.name(), RECENT_FAILURES));
		failures.sort(Comparator.comparingLong(RecentFailure::id).reversed());
		return List.copyOf(failures.subList(0, Math.min(RECENT_FAILURES, failures.size())));
	}

	/** A department's minute, hour and day series. */
	private record DepartmentSeries(Series minutes, Series hours, Series days) {

		DepartmentSeries(DashboardProperties properties) {
			this(new Series(Duration.ofMinutes(1), 60, Duration.ZERO),
					new Series(Duration.ofHours(1), 24, properties.hourSeriesRefresh()),
					new Series(Duration.ofDays(1), 30, properties.daySeriesRefresh()));
		}

	}

}
