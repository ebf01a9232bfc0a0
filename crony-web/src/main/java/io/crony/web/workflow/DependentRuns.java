package io.crony.web.workflow;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.lifecycle.WorkflowRunTransition;
import io.crony.common.sql.SqlTime;
import io.crony.web.execution.DependentsFollow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.stereotype.Component;

/**
 * "Run with dependents": a run of one job whose success starts the jobs that depend on
 * it, and theirs, each once every one of its upstreams inside the workflow run succeeded
 * in it, each with the run's parameters, each at the root run's instant (the next free
 * second when the job has a run at that instant already). A failure stops what depends on
 * it; the workflow run ends FAILED when nothing more can start, SUCCEEDED when every job
 * in it succeeded.
 */
@Component
class DependentRuns implements DependentsFollow {

	private static final Logger log = LoggerFactory.getLogger(DependentRuns.class);

	private static final int MAX_SHIFT_SECONDS = 60;

	private final JdbcTemplate jdbc;

	private final ReleasedRuns released;

	DependentRuns(JdbcTemplate jdbc, ReleasedRuns released) {
		this.jdbc = jdbc;
		this.released = released;
	}

	@Override
	public long follow(long departmentId, long jobId, long rootExecutionId, String params, String by) {
		return Inserts.returningId(this.jdbc,
				"INSERT INTO workflow_run (department_id, job_id, root_id, params, status, requested_by, "
						+ "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
				departmentId, jobId, rootExecutionId, params, WorkflowRunTransition.INSERTED.name(), by,
				SqlTime.of(Instant.now()));
	}

	/** One round over the workflow runs under way. */
	void advance(Instant now) {
		List<Flow> flows = this.jdbc.query(
				"SELECT id, job_id, root_id, params, scheduled_at, with_dependents, backfill_id FROM workflow_run "
						+ "WHERE status = 'RUNNING' ORDER BY id LIMIT 1000",
				(rs, i) -> new Flow(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4),
						UpstreamRuns.instant(rs, 5), rs.getBoolean(6), rs.getObject(7) != null));
		for (Flow flow : flows) {
			advance(flow, now);
		}
	}

	private void advance(Flow flow, Instant now) {
		DepartmentGraph graph = DepartmentGraph.of(this.jdbc, flow.jobId());
		Set<Long> members = flow.withDependents() ? graph.closure(flow.jobId()) : Set.of(flow.jobId());
		Map<Long, UpstreamRun> runs = new HashMap<>();
		RowCallbackHandler collect = (rs) -> {
			UpstreamRun run = UpstreamRuns.row(rs, 0);
			runs.merge(run.jobId(), run, (a, b) -> (a.id() > b.id()) ? a : b);
		};
		if (flow.backfill()) {
			// a backfill's instant: its jobs' runs at that instant, whoever made them
			List<Object> args = new ArrayList<>(List.of(SqlTime.of(flow.instant())));
			args.addAll(members);
			this.jdbc.query(
					"SELECT " + UpstreamRuns.COLUMNS + " FROM execution WHERE scheduled_at = ? AND job_id IN ("
							+ String.join(", ", Collections.nCopies(members.size(), "?")) + ")",
					collect, args.toArray());
		}
		else {
			this.jdbc.query("SELECT " + UpstreamRuns.COLUMNS + " FROM execution WHERE id = ? OR root_id = ?", collect,
					flow.rootId(), flow.rootId());
		}
		UpstreamRun root = runs.get(flow.jobId());
		if (root == null) {
			finish(flow, ExecutionStatus.FAILED, Reason.of(ReasonCode.WORKFLOW_FIRST_RUN_GONE), now);
			return;
		}
		boolean active = false;
		for (UpstreamRun run : runs.values()) {
			active |= !run.status().isFinal();
		}
		for (long member : members) {
			if (member == flow.jobId() || runs.containsKey(member)) {
				continue;
			}
			List<UpstreamRun> ups = graph.upstreams(member).stream().filter(members::contains).map(runs::get).toList();
			if (ups.stream().anyMatch((up) -> up == null || !up.status().isFinal())) {
				continue;
			}
			Optional<UpstreamRun> blocking = ups.stream()
				.filter((up) -> up.status() != ExecutionStatus.SUCCEEDED)
				.min(Comparator.comparing(UpstreamRun::id));
			if (blocking.isPresent()) {
				// an upstream did not succeed: this job does not run, and its row says
				// why,
				// so what depends on it is stopped in turn, each with its row
				UpstreamRun up = blocking.get();
				Reason why = Reason.of(up.failed() ? ReasonCode.UPSTREAM_FAILED : ReasonCode.UPSTREAM_SKIPPED,
						graph.names().get(up.jobId()), up.status(), up.id());
				start(flow, member, graph.names().get(member), root, up, ExecutionStatus.SKIPPED, why, now);
				active = true;
				continue;
			}
			UpstreamRun last = ups.stream()
				.max(Comparator.comparing(UpstreamRun::finishedAt).thenComparing(UpstreamRun::id))
				.orElseThrow();
			if (!enabled(member)) {
				// no agent holds a disabled job: a PENDING row would wait for nobody; it
				// blocks what depends on it, which is stopped in turn
				start(flow, member, graph.names().get(member), root, last, ExecutionStatus.SKIPPED,
						Reason.of(ReasonCode.DEPENDENCY_DISABLED, graph.names().get(member)), now);
				active = true;
				continue;
			}
			active |= start(flow, member, graph.names().get(member), root, last, ExecutionStatus.PENDING, null, now);
		}
		if (!active) {
			// nothing runs and nothing more can start: done, well or not
			// a skip (overlap, a disabled job) is not a failure; a job without a row is
			boolean allSucceeded = members.stream().allMatch(runs::containsKey)
					&& WorkflowRunTally.of(runs.values().stream().map(UpstreamRun::status).toList()).failed() == 0;
			finish(flow, allSucceeded ? ExecutionStatus.SUCCEEDED : ExecutionStatus.FAILED,
					allSucceeded ? null : Reason.of(ReasonCode.WORKFLOW_RUN_NOT_SUCCEEDED), now);
		}
	}

	// the job's run in this workflow run, at the root's instant or (a run by hand) the
	// next free second; a backfill's instant that has a run already has it (the same
	// fire key), found by the next round
	// (or its row SKIPPED with why, when an upstream in it did not succeed)
	private boolean start(Flow flow, long jobId, String name, UpstreamRun root, UpstreamRun by, ExecutionStatus status,
			Reason why, Instant now) {
		int shifts = flow.backfill() ? 0 : MAX_SHIFT_SECONDS;
		for (int shift = 0; shift <= shifts; shift++) {
			Instant instant = root.scheduledAt().plusSeconds(shift);
			Optional<Long> id = this.released.insert(jobId, name, instant, status, by, flow.rootId(), flow.params(),
					why, now);
			if (id.isPresent() && status != ExecutionStatus.PENDING) {
				log.info("Workflow run {}: job {} run {} not run: {}", flow.id(), jobId, id.get(), why);
				return true;
			}
			if (id.isPresent()) {
				log.info("Workflow run {}: job {} run {} started by run {}", flow.id(), jobId, id.get(), by.id());
				this.released.request(id.get(), jobId, instant, flow.params());
				return true;
			}
		}
		if (flow.backfill()) {
			return true;
		}
		log.warn("Workflow run {}: job {} has runs at every second after {}; not started", flow.id(), jobId,
				root.scheduledAt());
		return false;
	}

	private boolean enabled(long jobId) {
		return this.jdbc.queryForList("SELECT enabled FROM job WHERE id = ?", Boolean.class, jobId)
			.stream()
			.findFirst()
			.orElse(false);
	}

	// the error in English, and beside it as a code the reader's language words
	private void finish(Flow flow, ExecutionStatus status, Reason why, Instant now) {
		int ended = this.jdbc.update("UPDATE workflow_run SET " + WorkflowRunTransition.END.set(null, status)
				+ ", error = ?, reason = ?, finished_at = ? WHERE id = ? AND " + WorkflowRunTransition.END.where(null),
				(why != null) ? why.text() : null, ReasonJson.write(why), SqlTime.of(now), flow.id());
		if (ended == 1) {
			log.info("Workflow run {} of job {} ended {}", flow.id(), flow.jobId(), status);
		}
	}

	/**
	 * A workflow run under way: a run by hand with dependents, or one instant of a
	 * backfill ({@code backfill}: its runs are its jobs' runs at {@code instant}).
	 */
	private record Flow(long id, long jobId, long rootId, String params, Instant instant, boolean withDependents,
			boolean backfill) {
	}

}
