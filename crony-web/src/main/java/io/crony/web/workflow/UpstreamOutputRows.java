package io.crony.web.workflow;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import io.crony.common.template.TargetTexts;
import io.crony.common.template.UpstreamOutputs;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Writes on a released run the outputs of the upstream runs its templates read
 * ({@code ${upstream.<job>.outputs.<field>}}), before its agent is asked to run it, so
 * every attempt of it reads the values of its paired instant ({@link UpstreamOutputs}).
 * Only jobs whose texts read an upstream's outputs cost a query.
 */
@Component
class UpstreamOutputRows {

	private final JdbcTemplate jdbc;

	UpstreamOutputRows(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * A fire the gate opens at {@code instant}: each upstream read is taken from its
	 * paired run of the latest paired instant (an upstream finer than the job has
	 * several; the latest is the one that ends the window); an ancestor further up, which
	 * the gate does not pair, from its latest successful run at or before the instant.
	 */
	void fillPaired(long executionId, JobSpec spec, Instant instant, List<PairedGate.Upstream> upstreams) {
		Set<String> read = TargetTexts.upstreamJobs(spec.target());
		if (read.isEmpty()) {
			return;
		}
		UpstreamOutputs.Builder outputs = UpstreamOutputs.builder();
		for (String job : read) {
			PairedGate.Upstream upstream = upstreams.stream()
				.filter((candidate) -> candidate.name().equals(job))
				.findFirst()
				.orElse(null);
			UpstreamRun run = (upstream == null) ? null
					: upstream.runs()
						.values()
						.stream()
						.max(Comparator.comparing(UpstreamRun::scheduledAt))
						.orElse(null);
			if (run == null) {
				latestAtOrBefore(spec.id(), job, instant, outputs);
			}
			else {
				outputs.run(job, run.id(), run.scheduledAt(), outputsOf(run.id()));
			}
		}
		write(executionId, outputs.toJson());
	}

	/**
	 * A run released another way (run with dependents, a backfill's instant, a job
	 * without a schedule), at its upstreams' instant: each upstream read is taken from
	 * its latest successful run at or before that instant. Kept when the row has them
	 * already (the gate filled them, or a run cleared alone keeps those it ran with).
	 * @param spec the job's spec as stored; a job whose texts read no upstream output
	 * costs no query here
	 */
	void fillAtInstant(long executionId, long jobId, Instant instant, String spec) {
		Set<String> read = TargetTexts.upstreamJobs(CronyJson.fromJson(spec, JobSpec.class).target());
		if (read.isEmpty() || this.jdbc
			.queryForList("SELECT id FROM execution WHERE id = ? AND upstream_outputs IS NULL", Long.class, executionId)
			.isEmpty()) {
			return;
		}
		UpstreamOutputs.Builder outputs = UpstreamOutputs.builder();
		for (String job : read) {
			latestAtOrBefore(jobId, job, instant, outputs);
		}
		write(executionId, outputs.toJson());
	}

	private void latestAtOrBefore(long jobId, String job, Instant instant, UpstreamOutputs.Builder outputs) {
		List<Found> runs = this.jdbc.query(
				"SELECT e.id, e.scheduled_at, e.outputs FROM execution e JOIN job u ON u.id = e.job_id "
						+ "JOIN job d ON d.id = ? AND d.department_id = u.department_id "
						+ "WHERE u.name = ? AND e.status = 'SUCCEEDED' AND e.scheduled_at <= ? "
						+ "ORDER BY e.scheduled_at DESC LIMIT 1",
				(rs, i) -> new Found(rs.getLong(1), UpstreamRuns.instant(rs, 2), rs.getString(3)), jobId, job,
				SqlTime.of(instant));
		if (runs.isEmpty()) {
			outputs.problem(job, "no successful run of upstream job " + job + " at or before " + instant);
		}
		else {
			outputs.run(job, runs.get(0).id(), runs.get(0).scheduledAt(), runs.get(0).outputs());
		}
	}

	private String outputsOf(long executionId) {
		return this.jdbc.queryForList("SELECT outputs FROM execution WHERE id = ?", String.class, executionId)
			.stream()
			.findFirst()
			.orElse(null);
	}

	private void write(long executionId, String json) {
		this.jdbc.update("UPDATE execution SET upstream_outputs = ? WHERE id = ?", json, executionId);
	}

	private record Found(long id, Instant scheduledAt, String outputs) {
	}

}
