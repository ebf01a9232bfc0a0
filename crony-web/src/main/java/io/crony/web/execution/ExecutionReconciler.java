package io.crony.web.execution;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.sql.SqlTime;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;
import io.etcd.jetcd.ByteSequence;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Closes execution rows that would otherwise stay PENDING for ever. Agents claim fires
 * ahead by inserting PENDING rows; a live agent that lets a job go releases its future
 * claims, and the job's next holder takes them. An agent killed outright (no release), or
 * a job deleted while its fires were claimed or its manual run waited, leaves rows nobody
 * will ever start. Every {@code crony.web.reconciler.interval} the leader, and only the
 * leader, closes each PENDING row whose scheduled instant is more than
 * {@code crony.web.reconciler.grace} in the past <em>and</em> that has not changed for as
 * long ({@code updated_at}: a claim, takeover, release or adoption sets it):
 * <ul>
 * <li>CANCELLED, "job deleted", when its job is gone (a manual run's request left in etcd
 * is removed too: no agent can hold a deleted job);</li>
 * <li>MISSED (its instant passed without a run), with the reason naming the agent that
 * claimed it ("claimed by agent X, which never recorded starting it"), when its job
 * exists.</li>
 * </ul>
 * Claims a live agent released because their job was disabled or deleted (the leader
 * takes such a job off its agent as it takes a moving job, and the agent releases the
 * fires it claimed ahead) have no next holder: each round closes them CANCELLED at once,
 * without the grace, "Not run: its job was disabled" or "job deleted", as long as the job
 * is still disabled or gone.
 * <p>
 * Two kinds of old PENDING rows are waiting the normal way and are left alone, however
 * old: a manual run (any trigger but CRON and MISFIRE: the rows the web inserts) whose
 * run request is still in etcd, waiting for an agent to hold its job (the request is the
 * claim, and the agent adopts the row when it takes it); and a fire of a job that has a
 * RUNNING execution, claimed by an agent still alive, which may be queued behind that run
 * (overlap policy QUEUE keeps it PENDING as long as the run lasts).
 * <p>
 * <b>Why a 2-minute grace.</b> Every wait a live agent has before it records a start is
 * bounded by seconds (crony-agent, "Firing engine" in docs/architecture.md): claims are
 * made {@code claim-ahead} (1.5 s) before the instant, so a row is normally started at
 * its instant; a fire claimed by another agent is retaken up to
 * {@code FiringEngine.RETAKE_GRACE_MILLIS} (5 s) past it, released fires are handed over
 * within the same 5 s, and a fire the claim thread reaches later than
 * {@code misfire-threshold} (5 s) goes to the misfire policy (a late CATCH_UP claim is a
 * fresh row: its {@code updated_at} is now, so the grace counts from then); a fire held
 * by a closed fence starts at most a lease TTL (10 s) late; and the start record itself
 * waits at most for the record backlog ({@code record-backlog-limit}, 100,000 records,
 * some 20 s at the rate one agent writes). Two minutes is four times the sum of the
 * longest of those, so a row this old, untouched, is one nobody is going to start. A
 * start recorded later still (records replayed from the agent's spool after an outage) is
 * not lost: MISSED is the one closed status the agent's finish record may still leave
 * ({@link RunTransition#FINISH}), so the run's real outcome overwrites the MISSED the
 * reconciler wrote.
 * <p>
 * Every close is a compare-and-set on {@code status = 'PENDING'} and the unchanged
 * {@code updated_at}, so a row an agent starts, takes over or adopts meanwhile is never
 * overwritten; rows are closed {@code batch-size} at a time (each UPDATE its own short
 * transaction) and at most {@code round-limit} looked at per round, so a backlog of
 * 100,000 rows never holds many row locks at once. A leader deposed during a round may
 * finish its batch alongside its successor's: both only close rows still PENDING, so
 * nothing is closed twice. Closed rows are counted in {@code crony.reconciler.closed}
 * (tag {@code status}); a round that closed anything logs one line.
 */
@Component
class ExecutionReconciler extends PeriodicTask {

	private static final Logger log = LoggerFactory.getLogger(ExecutionReconciler.class);

	private static final Set<String> SCHEDULED = Set.of(TriggerType.CRON.name(), TriggerType.MISFIRE.name());

	static final Reason JOB_DELETED = Reason.of(ReasonCode.RUN_JOB_DELETED);

	static final Reason JOB_DISABLED = Reason.of(ReasonCode.RUN_JOB_DISABLED);

	// claims released by an agent the job left (agent_id NULL) of a job disabled or
	// deleted: no agent holds the job, so nobody takes them. Through the same index.
	private static final String RELEASED_OF_STOPPED_JOBS = "SELECT e.id, j.id IS NULL "
			+ "FROM execution e FORCE INDEX (idx_execution_status) LEFT JOIN job j ON j.id = e.job_id "
			+ "WHERE e.status = 'PENDING' AND e.id > ? AND e.agent_id IS NULL AND e.trigger_type IN ('CRON', 'MISFIRE') "
			+ "AND e.scheduled_at < ? AND (j.id IS NULL OR j.enabled = 0) ORDER BY e.id LIMIT ?";

	// idx_execution_status (status, id): the PENDING rows in id order, which are few
	// besides the stale ones (claims ahead of their instant). The index is named so the
	// optimizer never reads the (scheduled_at, status) index instead, which would walk
	// the whole history before the cutoff.
	private static final String CANDIDATES = "SELECT e.id, e.job_id, e.agent_id, e.trigger_type, j.id IS NULL "
			+ "FROM execution e FORCE INDEX (idx_execution_status) LEFT JOIN job j ON j.id = e.job_id "
			+ "WHERE e.status = 'PENDING' AND e.id > ? AND e.scheduled_at < ? AND e.updated_at < ? "
			+ "ORDER BY e.id LIMIT ?";

	private final JdbcTemplate jdbc;

	private final LeaderElection election;

	private final AgentRegistry registry;

	private final AgentRequests requests;

	private final ReconcilerProperties properties;

	private final Counter missed;

	private final Counter cancelled;

	private final Clock clock = Clock.systemUTC();

	/** Where the next round starts when the last one stopped at its limit. */
	private long resumeAfter;

	ExecutionReconciler(JdbcTemplate jdbc, LeaderElection election, AgentRegistry registry, AgentRequests requests,
			ReconcilerProperties properties, MeterRegistry meters) {
		super("crony-execution-reconciler", "Closing stale PENDING executions");
		this.jdbc = jdbc;
		this.election = election;
		this.registry = registry;
		this.requests = requests;
		this.properties = properties;
		this.missed = closedCounter(meters, ExecutionStatus.MISSED);
		this.cancelled = closedCounter(meters, ExecutionStatus.CANCELLED);
	}

	private static Counter closedCounter(MeterRegistry meters, ExecutionStatus status) {
		return Counter.builder("crony.reconciler.closed")
			.description("PENDING executions the leader closed: claims never started (MISSED), "
					+ "fires and runs of deleted jobs, released claims of disabled jobs (CANCELLED)")
			.tag("status", status.name())
			.register(meters);
	}

	@Override
	protected void round() {
		closeStaleRows();
	}

	@Override
	protected Duration interval() {
		return this.properties.interval();
	}

	@Override
	protected boolean enabled() {
		return this.properties.enabled();
	}

	/**
	 * One round, if this instance leads.
	 * @return rows closed
	 */
	synchronized int closeStaleRows() {
		if (!this.election.isLeader() || !this.registry.isLoaded()) {
			return 0;
		}
		long started = System.nanoTime();
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		int stopped = cancelReleasedClaimsOfStoppedJobs(now);
		Instant cutoff = now.minus(this.properties.grace());
		Round round = new Round(now, cutoff);
		long cursor = this.resumeAfter;
		this.resumeAfter = 0;
		int examined = 0;
		while (examined < this.properties.roundLimit() && this.election.isLeader()) {
			int limit = Math.min(this.properties.batchSize(), this.properties.roundLimit() - examined);
			List<Candidate> batch = this.jdbc.query(CANDIDATES, (rs, i) -> new Candidate(rs.getLong(1), rs.getLong(2),
					rs.getString(3), rs.getString(4), rs.getBoolean(5)), cursor, SqlTime.of(cutoff), SqlTime.of(cutoff),
					limit);
			if (batch.isEmpty()) {
				break;
			}
			examined += batch.size();
			cursor = batch.get(batch.size() - 1).id();
			round.close(batch);
			if (batch.size() < limit) {
				break;
			}
			if (examined >= this.properties.roundLimit()) {
				// the next round goes on from here, so rows left waiting at the start
				// (however many) never keep it from the rest
				this.resumeAfter = cursor;
			}
		}
		int closed = round.missed + round.cancelled;
		if (closed > 0) {
			log.info(
					"Closed {} stale PENDING executions (scheduled before {}, unchanged since): {} MISSED "
							+ "(claimed, never started), {} CANCELLED (job deleted), in {} ms{}",
					closed, cutoff, round.missed, round.cancelled, (System.nanoTime() - started) / 1_000_000,
					(this.resumeAfter > 0) ? "; more left for the next round" : "");
		}
		return closed + stopped;
	}

	/**
	 * Cancels, without the grace, the claims that agents released when a disabled or
	 * deleted job left them (a job disabled or deleted is taken off its agent like a job
	 * that moves, and its agent releases the fires it claimed ahead): no agent holds the
	 * job, so no agent will take them, and they never ran. Each close is a
	 * compare-and-set on the row still PENDING and owned by nobody and on its job still
	 * disabled (or gone), so a job enabled again meanwhile keeps its released claims for
	 * its next holder.
	 * @return rows cancelled
	 */
	private int cancelReleasedClaimsOfStoppedJobs(Instant now) {
		int disabled = 0;
		int deleted = 0;
		long cursor = 0;
		int examined = 0;
		while (examined < this.properties.roundLimit() && this.election.isLeader()) {
			int limit = Math.min(this.properties.batchSize(), this.properties.roundLimit() - examined);
			List<long[]> batch = this.jdbc.query(RELEASED_OF_STOPPED_JOBS,
					(rs, i) -> new long[] { rs.getLong(1), rs.getBoolean(2) ? 1 : 0 }, cursor, SqlTime.of(now), limit);
			if (batch.isEmpty()) {
				break;
			}
			examined += batch.size();
			cursor = batch.get(batch.size() - 1)[0];
			List<Long> ofDisabled = batch.stream().filter((row) -> row[1] == 0).map((row) -> row[0]).toList();
			List<Long> ofDeleted = batch.stream().filter((row) -> row[1] == 1).map((row) -> row[0]).toList();
			disabled += cancelReleased(ofDisabled, JOB_DISABLED,
					"EXISTS (SELECT 1 FROM job j WHERE j.id = execution.job_id AND j.enabled = 0)", now);
			deleted += cancelReleased(ofDeleted, JOB_DELETED,
					"NOT EXISTS (SELECT 1 FROM job j WHERE j.id = execution.job_id)", now);
			if (batch.size() < limit) {
				break;
			}
		}
		if (disabled + deleted > 0) {
			this.cancelled.increment(disabled + deleted);
			log.info("Cancelled {} released claims of disabled jobs and {} of deleted jobs: no agent holds them",
					disabled, deleted);
		}
		return disabled + deleted;
	}

	private int cancelReleased(List<Long> ids, Reason reason, String jobStopped, Instant now) {
		if (ids.isEmpty()) {
			return 0;
		}
		List<Object> args = new ArrayList<>(ids.size() + 4);
		args.add(reason.text());
		args.add(ReasonJson.write(reason));
		args.add(SqlTime.of(now));
		args.add(SqlTime.of(now));
		args.addAll(ids);
		return this.jdbc.update("UPDATE execution SET " + RunTransition.CANCEL.set()
				+ ", error = ?, reason = ?, finished_at = ?, updated_at = ? WHERE id IN ("
				+ String.join(", ", Collections.nCopies(ids.size(), "?")) + ") AND " + RunTransition.CANCEL.where()
				+ " AND agent_id IS NULL AND " + jobStopped, args.toArray());
	}

	/** The decisions of one round, and what they read lazily, once per round. */
	private final class Round {

		private final Instant now;

		private final Instant cutoff;

		private final Map<String, ?> live;

		private Map<Long, ByteSequence> runRequests;

		private boolean requestsUnknown;

		private Set<Long> running;

		private int missed;

		private int cancelled;

		Round(Instant now, Instant cutoff) {
			this.now = now;
			this.cutoff = cutoff;
			this.live = ExecutionReconciler.this.registry.liveAgents();
		}

		void close(List<Candidate> batch) {
			Map<Closing, List<Long>> closings = new LinkedHashMap<>();
			List<ByteSequence> discarded = new ArrayList<>();
			for (Candidate row : batch) {
				Closing closing = decide(row);
				if (closing == null) {
					continue;
				}
				closings.computeIfAbsent(closing, (c) -> new ArrayList<>()).add(row.id());
				if (row.jobGone() && !row.scheduled() && runRequests().containsKey(row.id())) {
					discarded.add(runRequests().get(row.id()));
				}
			}
			closings.forEach((closing, ids) -> {
				int closed = update(closing, ids);
				if (closing.status() == ExecutionStatus.CANCELLED) {
					this.cancelled += closed;
					ExecutionReconciler.this.cancelled.increment(closed);
				}
				else {
					this.missed += closed;
					ExecutionReconciler.this.missed.increment(closed);
				}
			});
			for (ByteSequence key : discarded) {
				try {
					ExecutionReconciler.this.requests.discardRunRequest(key);
				}
				catch (RuntimeException ex) {
					log.debug("Run request {} of a deleted job not removed: {}", key, ex.getMessage());
				}
			}
		}

		/** How to close the row, or null to leave it. */
		private Closing decide(Candidate row) {
			if (row.jobGone()) {
				return new Closing(ExecutionStatus.CANCELLED, JOB_DELETED);
			}
			boolean alive = row.agentId() != null && this.live.containsKey(row.agentId());
			if (!row.scheduled() && (runRequests().containsKey(row.id()) || this.requestsUnknown)) {
				// its request still waits in etcd for an agent to hold the job (or may:
				// etcd did not answer)
				return null;
			}
			if (alive && running().contains(row.jobId())) {
				// may be queued behind that run (overlap policy QUEUE)
				return null;
			}
			return new Closing(ExecutionStatus.MISSED, reason(row, alive));
		}

		private Map<Long, ByteSequence> runRequests() {
			if (this.runRequests == null) {
				try {
					this.runRequests = ExecutionReconciler.this.requests.pendingRunRequests();
				}
				catch (EtcdUnavailableException ex) {
					// every manual run counts as still requested this round
					log.warn("Run requests unreadable, manual runs are left PENDING this round: {}", ex.getMessage());
					this.runRequests = Map.of();
					this.requestsUnknown = true;
				}
			}
			return this.runRequests;
		}

		private Set<Long> running() {
			if (this.running == null) {
				this.running = new HashSet<>(ExecutionReconciler.this.jdbc
					.queryForList("SELECT DISTINCT job_id FROM execution WHERE status = 'RUNNING'", Long.class));
			}
			return this.running;
		}

		private int update(Closing closing, List<Long> ids) {
			List<Object> args = new ArrayList<>(ids.size() + 5);
			args.add(closing.reason().text());
			args.add(ReasonJson.write(closing.reason()));
			args.add(SqlTime.of(this.now));
			args.add(SqlTime.of(this.now));
			args.addAll(ids);
			args.add(SqlTime.of(this.cutoff));
			return ExecutionReconciler.this.jdbc.update("UPDATE execution SET " + closing.transition().set()
					+ ", error = ?, reason = ?, finished_at = ?, updated_at = ? WHERE id IN ("
					+ String.join(", ", Collections.nCopies(ids.size(), "?")) + ") AND " + closing.transition().where()
					+ " AND updated_at < ?", args.toArray());
		}

	}

	static Reason reason(Candidate row, boolean alive) {
		if (row.agentId() == null) {
			return Reason.of(row.scheduled() ? ReasonCode.RUN_RELEASED_NOT_TAKEN : ReasonCode.RUN_REQUESTED_NOT_TAKEN);
		}
		ReasonCode code;
		if (row.scheduled()) {
			code = alive ? ReasonCode.RUN_CLAIMED_NOT_STARTED : ReasonCode.RUN_CLAIMED_NOT_STARTED_AGENT_GONE;
		}
		else {
			code = alive ? ReasonCode.RUN_REQUESTED_NOT_STARTED : ReasonCode.RUN_REQUESTED_NOT_STARTED_AGENT_GONE;
		}
		return Reason.of(code, row.agentId());
	}

	/**
	 * A PENDING row past the grace.
	 *
	 * @param id execution id
	 * @param jobId its job
	 * @param agentId the agent that claimed it, or null when released
	 * @param trigger CRON and MISFIRE rows are agents' claims, others the web's requests
	 * @param jobGone whether its job was deleted
	 */
	record Candidate(long id, long jobId, String agentId, String trigger, boolean jobGone) {

		boolean scheduled() {
			return SCHEDULED.contains(this.trigger);
		}

	}

	/** What a row is closed as: CANCELLED or MISSED. */
	private record Closing(ExecutionStatus status, Reason reason) {

		RunTransition transition() {
			return (this.status == ExecutionStatus.CANCELLED) ? RunTransition.CANCEL : RunTransition.MISS;
		}

	}

}
