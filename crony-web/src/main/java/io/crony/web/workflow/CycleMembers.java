package io.crony.web.workflow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.schedule.Schedule;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The jobs below a run in its cycle, each at its logical instant ({@link CycleNodes}),
 * with the run each has there, if any: what a cron-started workflow run is made of, and
 * what clearing a run with its dependents runs again.
 */
@Component
class CycleMembers {

	private final JdbcTemplate jdbc;

	CycleMembers(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/** The nodes below the run of {@code jobId} at {@code instant}, upstreams first. */
	List<Node> below(long jobId, Instant instant) {
		DepartmentGraph graph = DepartmentGraph.of(this.jdbc, jobId);
		List<Long> members = new ArrayList<>(graph.closure(jobId));
		if (members.size() < 2) {
			return List.of();
		}
		Map<Long, JobSpec> specs = new HashMap<>();
		this.jdbc.query("SELECT id, spec FROM job WHERE id IN ("
				+ String.join(", ", Collections.nCopies(members.size(), "?")) + ")", (rs) -> {
					specs.put(rs.getLong(1), CronyJson.fromJson(rs.getString(2), JobSpec.class));
				}, members.toArray());
		Map<Long, Optional<Schedule>> schedules = new HashMap<>();
		specs.forEach((id, spec) -> schedules.put(id,
				spec.hasSchedule() ? Optional.of(CycleStart.scheduleOf(spec)) : Optional.empty()));
		List<Node> nodes = new ArrayList<>();
		CycleNodes.below(graph, jobId, instant, schedules).forEach((job, at) -> {
			JobSpec spec = specs.get(job);
			if (spec != null) {
				nodes.add(new Node(job, spec, at, runAt(job, at)));
			}
		});
		return nodes;
	}

	private UpstreamRun runAt(long jobId, Instant instant) {
		return this.jdbc
			.query("SELECT " + UpstreamRuns.COLUMNS + " FROM execution WHERE job_id = ? AND scheduled_at = ?",
					UpstreamRuns::row, jobId, SqlTime.of(instant))
			.stream()
			.findFirst()
			.orElse(null);
	}

	/**
	 * A job below the run, at its instant in the cycle.
	 *
	 * @param run its run at that instant; null when it has none (yet)
	 */
	record Node(long jobId, JobSpec spec, Instant instant, UpstreamRun run) {
	}

}
