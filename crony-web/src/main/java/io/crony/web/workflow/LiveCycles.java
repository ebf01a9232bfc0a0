package io.crony.web.workflow;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The scheduled side of workflows, one round at a time on the leader: fires of jobs with
 * upstreams, parked WAITING by their agents at their instants, are released when every
 * upstream run paired with their logical instant succeeded
 * ({@link io.crony.common.workflow.LogicalPairing}), or stopped when one of those did
 * not; jobs with upstreams and no schedule of their own get a run whenever all their
 * upstreams succeeded again since their previous one. The cycle rule is in
 * docs/workflows.md.
 */
@Component
class LiveCycles {

	private static final Logger log = LoggerFactory.getLogger(LiveCycles.class);

	private static final Reason JOB_DELETED = Reason.of(ReasonCode.RUN_JOB_DELETED);

	private static final int ROUND_LIMIT = 1000;

	private final JdbcTemplate jdbc;

	private final UpstreamRuns upstreams;

	private final ReleasedRuns released;

	private final WorkflowAlerts alerts;

	private final PairedUpstreams paired;

	private final WorkflowProperties properties;

	private final UpstreamOutputRows outputs;

	LiveCycles(JdbcTemplate jdbc, UpstreamRuns upstreams, ReleasedRuns released, WorkflowAlerts alerts,
			PairedUpstreams paired, WorkflowProperties properties, UpstreamOutputRows outputs) {
		this.jdbc = jdbc;
		this.outputs = outputs;
		this.paired = paired;
		this.properties = properties;
		this.upstreams = upstreams;
		this.released = released;
		this.alerts = alerts;
	}

	/** One round over the waiting fires. */
	void releaseWaiting(Instant now) {
		this.jdbc.update(
				"UPDATE execution e LEFT JOIN job j ON j.id = e.job_id SET " + RunTransition.DROP.set("e")
						+ ", e.error = ?, e.reason = ?, e.finished_at = ?, e.updated_at = ? WHERE "
						+ RunTransition.DROP.where("e") + " AND j.id IS NULL",
				JOB_DELETED.text(), ReasonJson.write(JOB_DELETED), SqlTime.of(now), SqlTime.of(now));
		List<Waiting> waiting = this.jdbc.query(
				"SELECT e.id, e.job_id, e.scheduled_at, j.spec, e.updated_at FROM execution e "
						+ "FORCE INDEX (idx_execution_status) JOIN job j ON j.id = e.job_id WHERE e.status = 'WAITING' "
						+ "ORDER BY e.id LIMIT ?",
				(rs, i) -> new Waiting(rs.getLong(1), rs.getLong(2), UpstreamRuns.instant(rs, 3),
						CronyJson.fromJson(rs.getString(4), JobSpec.class), UpstreamRuns.instant(rs, 5)),
				ROUND_LIMIT);
		// each fire waits for the upstream runs of its own logical instant: an older fire
		// still waiting as a newer one comes is not over, its upstreams may be slow
		for (Waiting fire : waiting) {
			try {
				decide(fire, now);
			}
			catch (RuntimeException ex) {
				// one fire that cannot be decided must not hold up every other one
				log.warn("Fire {} of job {} at {} not decided this round: {}", fire.id(), fire.jobId(),
						fire.scheduledAt(), ex.toString());
			}
		}
	}

	private void decide(Waiting fire, Instant now) {
		JobSpec spec = fire.spec();
		if (!spec.enabled() || !spec.hasUpstreams()) {
			this.released.stopWaiting(fire.id(),
					Reason.of(spec.enabled() ? ReasonCode.WAIT_ENDED_NO_UPSTREAMS : ReasonCode.WAIT_ENDED_JOB_DISABLED),
					null, now);
			return;
		}
		List<PairedGate.Upstream> upstreams = this.paired.of(spec, fire.scheduledAt());
		PairedGate.Decision decision = PairedGate.decide(upstreams);
		log.debug("Fire {} of job {} at {}: {}", fire.id(), spec.id(), fire.scheduledAt(), decision);
		if (decision instanceof PairedGate.Decision.Open open) {
			// written while the fire still waits: the run reads its paired instant's
			// outputs from its first attempt on
			this.outputs.fillPaired(fire.id(), spec, fire.scheduledAt(), upstreams);
			if (this.released.releaseWaiting(fire.id(), open.last(), now)) {
				log.info("Fire {} of job {} at {} released by run {} of job {}", fire.id(), spec.id(),
						fire.scheduledAt(), open.last().id(), open.last().jobId());
				this.released.request(fire.id(), spec.id(), fire.scheduledAt(), null);
			}
		}
		else if (decision instanceof PairedGate.Decision.Stopped stopped
				&& this.released.stopWaiting(fire.id(), stopped.reason(), stopped.run(), now)) {
			log.info("Fire {} of job {} at {} stopped: {}", fire.id(), spec.id(), fire.scheduledAt(),
					stopped.reason().text());
			if (stopped.why() == PairedGate.Why.UPSTREAM_FAILED) {
				this.alerts.upstreamFailed(spec, fire.id(), fire.scheduledAt(),
						new CycleGate.Decision.Stopped(stopped.run(), stopped.upstream()));
			}
		}
		else if (decision instanceof PairedGate.Decision.Waiting waitingFor
				&& fire.waitingSince().plus(this.properties.lookBack()).isBefore(now)) {
			// a paired run that never comes (its fire claimed by nobody) ends the wait
			this.released.stopWaiting(fire.id(), Reason.of(ReasonCode.UPSTREAM_NEVER_RAN,
					String.join(", ", waitingFor.upstreams()), this.properties.lookBack()), null, now);
		}
	}

	/**
	 * One round over the jobs that have upstreams and no schedule: each whose upstreams
	 * all succeeded since its previous run gets a run at the instant of the last of them.
	 */
	void startUnscheduled(Instant now) {
		List<Unscheduled> jobs = this.jdbc.query(
				// from the edges, which are few, not from every job
				"SELECT j.id, j.spec, j.created_at, "
						+ "(SELECT MAX(x.released_at) FROM execution x WHERE x.job_id = j.id) "
						+ "FROM (SELECT DISTINCT job_id FROM job_dependency) d JOIN job j ON j.id = d.job_id "
						+ "WHERE j.enabled = 1 AND j.schedule = ''",
				(rs, i) -> new Unscheduled(CronyJson.fromJson(rs.getString(2), JobSpec.class),
						UpstreamRuns.instant(rs, 3), UpstreamRuns.instant(rs, 4)));
		for (Unscheduled job : jobs) {
			start(job, now);
		}
	}

	private void start(Unscheduled job, Instant now) {
		JobSpec spec = job.spec();
		Instant since = job.since();
		CycleGate.Decision decision = gate(spec, since);
		if (decision instanceof CycleGate.Decision.Open open) {
			UpstreamRun by = open.last();
			this.released
				.insert(spec.id(), spec.name(), by.scheduledAt(), ExecutionStatus.PENDING, by, by.rootOfReleased(),
						null, null, now)
				.ifPresent((id) -> {
					log.info("Job {} run {} at {} started by run {} of job {}", spec.id(), id, by.scheduledAt(),
							by.id(), by.jobId());
					this.released.request(id, spec.id(), by.scheduledAt(), null);
				});
		}
		else if (decision instanceof CycleGate.Decision.Stopped stopped) {
			UpstreamRun by = stopped.failure();
			this.released
				.insert(spec.id(), spec.name(), by.scheduledAt(), ExecutionStatus.SKIPPED, by, by.rootOfReleased(),
						null, stopReason(stopped), now)
				.ifPresent((id) -> this.alerts.upstreamFailed(spec, id, by.scheduledAt(), stopped));
		}
	}

	// a scheduled fire waits for any success of its upstreams; a job without a schedule
	// is started only by what the schedule ran (a run alone by hand starts nothing)
	private CycleGate.Decision gate(JobSpec spec, Instant since) {
		List<Long> ups = spec.dependsOn();
		boolean scheduled = spec.hasSchedule();
		Map<Long, UpstreamRun> successes = scheduled ? this.upstreams.successes(ups, since)
				: this.upstreams.scheduledSuccesses(ups, since);
		Map<Long, UpstreamRun> failures = (successes.size() == ups.size()) ? Map.of()
				: scheduled ? this.upstreams.failures(ups, since) : this.upstreams.scheduledFailures(ups, since);
		return CycleGate.decide(ups, successes, failures, this::name);
	}

	// read only when a decision names the upstream: most rounds decide "still waiting"
	private String name(long jobId) {
		return this.jdbc.queryForList("SELECT name FROM job WHERE id = ?", String.class, jobId)
			.stream()
			.findFirst()
			.orElse("job " + jobId);
	}

	static Reason stopReason(CycleGate.Decision.Stopped stopped) {
		return Reason.of(ReasonCode.UPSTREAM_ENDED, stopped.upstream(), stopped.failure().status(),
				stopped.failure().id());
	}

	private record Waiting(long id, long jobId, Instant scheduledAt, JobSpec spec, Instant updatedAt) {

		/**
		 * Its instant, or when it was cleared to wait again if later: a run cleared for
		 * an old instant waits as long as a fresh fire for its upstreams to run again.
		 */
		Instant waitingSince() {
			return (this.updatedAt != null && this.updatedAt.isAfter(this.scheduledAt)) ? this.updatedAt
					: this.scheduledAt;
		}

	}

	/** A job run by its upstreams only; {@code since}: where its current cycle began. */
	private record Unscheduled(JobSpec spec, Instant createdAt, Instant lastReleasedAt) {

		Instant since() {
			return CycleStart.unscheduled(this.spec, this.createdAt, this.lastReleasedAt);
		}

	}

}
