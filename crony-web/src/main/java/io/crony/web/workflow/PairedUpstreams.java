package io.crony.web.workflow;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.schedule.Schedule;
import io.crony.common.sql.SqlTime;
import io.crony.common.workflow.LogicalPairing;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads, for a downstream run, each upstream's runs at the logical instants
 * {@link LogicalPairing} pairs it with, for {@link PairedGate}. Each read walks one
 * upstream's fire key (job, instant) over the paired instants' range only.
 */
@Component
class PairedUpstreams {

	private final JdbcTemplate jdbc;

	PairedUpstreams(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * @param downstream the downstream job, with a schedule
	 * @param instant the downstream run's logical instant
	 */
	List<PairedGate.Upstream> of(JobSpec downstream, Instant instant) {
		return new ArrayList<>(byJob(downstream, instant).values());
	}

	/** The same, by upstream job id, in the order of {@code dependsOn}. */
	Map<Long, PairedGate.Upstream> byJob(JobSpec downstream, Instant instant) {
		// a job without a schedule runs at its upstreams' instant: a run of it waiting
		// (one
		// cleared with its upstream) pairs with their runs at that instant
		Schedule schedule = downstream.hasSchedule() ? CycleStart.scheduleOf(downstream) : null;
		Map<Long, PairedGate.Upstream> upstreams = new LinkedHashMap<>();
		for (long upstreamId : downstream.dependsOn()) {
			List<JobSpec> found = this.jdbc.query("SELECT spec FROM job WHERE id = ?",
					(rs, i) -> CronyJson.fromJson(rs.getString(1), JobSpec.class), upstreamId);
			if (found.isEmpty()) {
				// deleted without cutting the edge: nothing to wait for
				continue;
			}
			JobSpec upstream = found.get(0);
			upstreams.put(upstreamId, (schedule == null) ? sameInstant(instant, upstream) : upstream.hasSchedule()
					? scheduled(schedule, instant, upstream) : unscheduled(schedule, instant, upstream));
		}
		return upstreams;
	}

	private PairedGate.Upstream scheduled(Schedule downstream, Instant instant, JobSpec upstream) {
		List<Instant> instants = LogicalPairing.upstreamInstants(downstream, instant, CycleStart.scheduleOf(upstream),
				Duration.ZERO);
		Map<Instant, UpstreamRun> runs = new HashMap<>();
		if (!instants.isEmpty()) {
			Set<Instant> paired = new HashSet<>(instants);
			this.jdbc
				.query("SELECT " + UpstreamRuns.COLUMNS + " FROM execution WHERE job_id = ? AND scheduled_at >= ? "
						+ "AND scheduled_at <= ? ORDER BY scheduled_at", UpstreamRuns::row, upstream.id(),
						SqlTime.of(instants.get(0)), SqlTime.of(instants.get(instants.size() - 1)))
				.stream()
				.filter((run) -> paired.contains(run.scheduledAt()))
				.forEach((run) -> runs.put(run.scheduledAt(), run));
		}
		return new PairedGate.Upstream(upstream.name(), upstream.enabled(), instants, runs,
				instants.isEmpty() ? null : newestStarted(upstream.id(), instants.get(0)));
	}

	private PairedGate.Upstream sameInstant(Instant instant, JobSpec upstream) {
		Map<Instant, UpstreamRun> runs = new HashMap<>();
		this.jdbc
			.query("SELECT " + UpstreamRuns.COLUMNS + " FROM execution WHERE job_id = ? AND scheduled_at = ?",
					UpstreamRuns::row, upstream.id(), SqlTime.of(instant))
			.forEach((run) -> runs.put(run.scheduledAt(), run));
		return new PairedGate.Upstream(upstream.name(), upstream.enabled(), List.of(instant), runs);
	}

	// claims made ahead are PENDING and fires waiting for their own upstreams WAITING:
	// neither says the job moved past an instant
	private Instant newestStarted(long jobId, Instant from) {
		return this.jdbc
			.query("SELECT scheduled_at FROM execution WHERE job_id = ? AND scheduled_at >= ? "
					+ "AND status NOT IN ('PENDING', 'WAITING') ORDER BY scheduled_at DESC LIMIT 1",
					(rs, i) -> UpstreamRuns.instant(rs, 1), jobId, SqlTime.of(from))
			.stream()
			.findFirst()
			.orElse(null);
	}

	// a job without a schedule has the instants of its runs (its upstreams' instants):
	// those inside the downstream's interval, else its latest at or before the interval
	private PairedGate.Upstream unscheduled(Schedule downstream, Instant instant, JobSpec upstream) {
		Instant previous = CycleStart.before(downstream, instant);
		List<UpstreamRun> runs = this.jdbc.query("SELECT " + UpstreamRuns.COLUMNS + " FROM execution "
				+ "WHERE job_id = ? AND scheduled_at > ? AND scheduled_at <= ? ORDER BY scheduled_at DESC LIMIT "
				+ LogicalPairing.MAX_INSTANTS, UpstreamRuns::row, upstream.id(), SqlTime.of(previous),
				SqlTime.of(instant));
		if (runs.isEmpty()) {
			runs = this.jdbc.query(
					"SELECT " + UpstreamRuns.COLUMNS + " FROM execution "
							+ "WHERE job_id = ? AND scheduled_at <= ? ORDER BY scheduled_at DESC LIMIT 1",
					UpstreamRuns::row, upstream.id(), SqlTime.of(instant));
		}
		if (runs.isEmpty()) {
			// waits for its first run, whichever instant it has
			return new PairedGate.Upstream(upstream.name(), upstream.enabled(), List.of(instant), Map.of());
		}
		Map<Instant, UpstreamRun> byInstant = new HashMap<>();
		runs.forEach((run) -> byInstant.put(run.scheduledAt(), run));
		return new PairedGate.Upstream(upstream.name(), upstream.enabled(),
				runs.stream().map(UpstreamRun::scheduledAt).sorted().toList(), byInstant);
	}

}
