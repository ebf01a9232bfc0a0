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

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.sql.SqlTime;
import io.crony.web.auth.Departments;
import io.crony.web.execution.ExecutionNotFoundException;
import io.crony.web.job.JobNotFoundException;
import io.swagger.v3.oas.annotations.media.Schema;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** What the workflow API shows: the graph, a job's current cycle, workflow runs. */
@Component
class WorkflowQueries {

	private static final String NODE_RUN = "SELECT id, status FROM execution WHERE job_id = ? "
			+ "AND NOT (status = 'PENDING' AND trigger_type IN ('CRON', 'MISFIRE') AND scheduled_at > ?) "
			+ "ORDER BY scheduled_at DESC, id DESC LIMIT 1";

	private static final String TREE_COLUMNS = "e.id, e.job_id, e.job_name, e.status, e.trigger_type, e.scheduled_at, "
			+ "e.started_at, e.finished_at, e.released_by, e.root_id";

	private final JdbcTemplate jdbc;

	private final UpstreamRuns upstreams;

	private final PairedUpstreams paired;

	private final CycleMembers members;

	// a node of a cron cycle without a run this long after its instant never gets one
	private final Duration lookBack;

	WorkflowQueries(JdbcTemplate jdbc, UpstreamRuns upstreams, PairedUpstreams paired, CycleMembers members,
			WorkflowProperties properties) {
		this.jdbc = jdbc;
		this.upstreams = upstreams;
		this.paired = paired;
		this.members = members;
		this.lookBack = properties.lookBack();
	}

	/** Every job of the department with an upstream or a dependent, and the edges. */
	Graph graph(Instant now) {
		List<Graph.Edge> edges = this.jdbc.query(
				"SELECT d.upstream_id, d.job_id FROM job_dependency d JOIN job j ON j.id = d.job_id "
						+ "WHERE j.department_id = ? ORDER BY d.upstream_id, d.job_id",
				(rs, i) -> new Graph.Edge(rs.getLong(1), rs.getLong(2)), Departments.current());
		Map<Long, Graph.Node> nodes = new LinkedHashMap<>();
		for (Graph.Edge edge : edges) {
			for (long id : new long[] { edge.from(), edge.to() }) {
				if (!nodes.containsKey(id)) {
					nodes.put(id, node(id, now));
				}
			}
		}
		return new Graph(List.copyOf(nodes.values()), edges);
	}

	private Graph.Node node(long jobId, Instant now) {
		JobSpec spec = spec(jobId);
		List<Object[]> last = this.jdbc.query(NODE_RUN, (rs, i) -> new Object[] { rs.getLong(1), rs.getString(2) },
				jobId, SqlTime.of(now));
		Long executionId = last.isEmpty() ? null : (Long) last.get(0)[0];
		ExecutionStatus status = last.isEmpty() ? null : ExecutionStatus.valueOf((String) last.get(0)[1]);
		return new Graph.Node(jobId, spec.name(), spec.schedule(), spec.enabled(), status, executionId);
	}

	/**
	 * A job's current cycle: where it began, each upstream's state in it, and why it
	 * waits.
	 */
	Cycle cycle(long jobId, Instant now) {
		JobSpec spec = departmentSpec(jobId);
		if (!spec.hasUpstreams()) {
			return new Cycle(jobId, null, false, null, List.of(), List.of());
		}
		List<Instant> waiting = this.jdbc.query(
				"SELECT scheduled_at FROM execution WHERE job_id = ? AND status = 'WAITING' ORDER BY scheduled_at DESC LIMIT 1",
				(rs, i) -> UpstreamRuns.instant(rs, 1), jobId);
		boolean isWaiting = !waiting.isEmpty();
		if (spec.hasSchedule()) {
			return pairedCycle(spec, waiting.isEmpty() ? CycleStart.current(spec, now) : waiting.get(0), isWaiting);
		}
		Instant since = this.jdbc.queryForObject(
				"SELECT j.created_at, (SELECT MAX(x.released_at) FROM execution x WHERE x.job_id = j.id) "
						+ "FROM job j WHERE j.id = ?",
				(rs, i) -> CycleStart.unscheduled(spec, UpstreamRuns.instant(rs, 1), UpstreamRuns.instant(rs, 2)),
				jobId);
		Map<Long, UpstreamRun> successes = this.upstreams.scheduledSuccesses(spec.dependsOn(), since);
		Map<Long, UpstreamRun> newest = this.upstreams.newest(spec.dependsOn(), since, now);
		List<Cycle.Upstream> states = new ArrayList<>();
		for (long upstream : spec.dependsOn()) {
			String name = this.jdbc.queryForObject("SELECT name FROM job WHERE id = ?", String.class, upstream);
			UpstreamRun success = successes.get(upstream);
			UpstreamRun shown = (success != null) ? success : newest.get(upstream);
			states.add(new Cycle.Upstream(upstream, name, (shown != null) ? shown.status().name() : "NONE",
					(shown != null) ? shown.id() : null, (shown != null) ? shown.finishedAt() : null, success != null));
		}
		return Cycle.of(jobId, Instant.EPOCH.equals(since) ? null : since, isWaiting, states);
	}

	// a scheduled job's waiting fire (else its latest instant) and the upstream runs
	// paired with it by logical instant, as the gate reads them
	private Cycle pairedCycle(JobSpec spec, Instant fire, boolean isWaiting) {
		List<Cycle.Upstream> states = new ArrayList<>();
		this.paired.byJob(spec, fire).forEach((upstreamId, upstream) -> {
			UpstreamRun shown = upstream.instants()
				.stream()
				.map(upstream.runs()::get)
				.filter((run) -> run == null || run.status() != ExecutionStatus.SUCCEEDED)
				.findFirst()
				.orElse(upstream.instants().isEmpty() ? null
						: upstream.runs().get(upstream.instants().get(upstream.instants().size() - 1)));
			boolean counts = !upstream.instants().isEmpty() && upstream.instants()
				.stream()
				.allMatch((at) -> upstream.runs().containsKey(at)
						&& upstream.runs().get(at).status() == ExecutionStatus.SUCCEEDED);
			states.add(new Cycle.Upstream(upstreamId, upstream.name(), (shown != null) ? shown.status().name() : "NONE",
					(shown != null) ? shown.id() : null, (shown != null) ? shown.finishedAt() : null, counts));
		});
		Instant since = CycleStart.before(spec, fire);
		return Cycle.of(spec.id(), Instant.EPOCH.equals(since) ? null : since, isWaiting, states);
	}

	/** The latest workflow runs of the department, newest first. */
	List<WorkflowRun> runs(int limit, Instant now) {
		List<Long> roots = this.jdbc.queryForList("SELECT DISTINCT e.root_id FROM execution e "
				+ "JOIN job j ON j.id = e.job_id WHERE e.root_id IS NOT NULL AND j.department_id = ? "
				+ "ORDER BY e.root_id DESC LIMIT ?", Long.class, Departments.current(), limit);
		List<WorkflowRun> runs = new ArrayList<>();
		for (long root : roots) {
			List<TreeRun> rows = treeRows(root);
			TreeRun first = rows.stream().filter((row) -> row.id() == root).findFirst().orElse(null);
			if (first == null) {
				continue;
			}
			List<Map<String, Object>> flowRows = this.jdbc
				.queryForList("SELECT status, error, reason FROM workflow_run WHERE root_id = ?", root);
			List<String> flow = flowRows.stream().map((row) -> (String) row.get("status")).toList();
			// the run's own error (a run by hand with dependents, a backfill's instant)
			Map<String, Object> own = flowRows.isEmpty() ? Map.of() : flowRows.get(0);
			String error = (String) own.get("error");
			Reason reason = ReasonJson.read((String) own.get("reason"));
			List<ExecutionStatus> statuses = new ArrayList<>(rows.stream().map(TreeRun::status).toList());
			List<Instant> ends = new ArrayList<>(rows.stream().map(TreeRun::finishedAt).toList());
			long withoutRun = 0;
			if (flow.isEmpty()) {
				// started by the schedule: its runs are those of every job below the
				// first
				// at its instant in the cycle, released, stopped, or still to come
				Set<Long> seen = new HashSet<>(rows.stream().map(TreeRun::id).toList());
				for (CycleMembers.Node node : this.members.below(first.jobId(), first.scheduledAt())) {
					if (node.run() != null) {
						if (seen.add(node.run().id())) {
							statuses.add(node.run().status());
							ends.add(node.run().finishedAt());
						}
					}
					else if (node.spec().enabled() && node.instant().plus(this.lookBack).isAfter(now)) {
						withoutRun++;
					}
				}
			}
			WorkflowRunTally tally = WorkflowRunTally.of(statuses, withoutRun);
			boolean active = flow.contains("RUNNING");
			Instant finished = (active || !tally.over()) ? null
					: ends.stream().filter((at) -> at != null).max(Instant::compareTo).orElse(null);
			Instant started = (first.startedAt() != null) ? first.startedAt() : first.scheduledAt();
			runs.add(new WorkflowRun(root, first.jobId(), first.jobName(), started, finished, tally.status(active),
					statuses.size(), tally.succeeded(), tally.failed(), tally.skipped(), error, reason));
		}
		return runs;
	}

	/** The workflow run an execution belongs to, as a tree from its first run. */
	Tree tree(long executionId) {
		List<Long> root = this.jdbc.queryForList(
				"SELECT COALESCE(e.root_id, e.id) FROM execution e "
						+ "JOIN job j ON j.id = e.job_id WHERE e.id = ? AND j.department_id = ?",
				Long.class, executionId, Departments.current());
		if (root.isEmpty()) {
			throw new ExecutionNotFoundException(executionId);
		}
		List<TreeRun> rows = treeRows(root.get(0));
		Map<Long, List<TreeRun>> children = new HashMap<>();
		rows.stream()
			.filter((row) -> row.releasedBy() != null)
			.forEach((row) -> children.computeIfAbsent(row.releasedBy(), (id) -> new ArrayList<>()).add(row));
		TreeRun top = rows.stream()
			.filter((row) -> row.id() == root.get(0))
			.findFirst()
			.orElseThrow(() -> new ExecutionNotFoundException(executionId));
		return build(top, children);
	}

	private static Tree build(TreeRun run, Map<Long, List<TreeRun>> children) {
		List<Tree> below = children.getOrDefault(run.id(), List.of()).stream().map((c) -> build(c, children)).toList();
		return new Tree(run.id(), run.jobId(), run.jobName(), run.status(), run.trigger(), run.scheduledAt(),
				run.startedAt(), run.finishedAt(), below);
	}

	private List<TreeRun> treeRows(long root) {
		return this.jdbc.query(
				"SELECT " + TREE_COLUMNS + " FROM execution e WHERE e.id = ? OR e.root_id = ? ORDER BY e.id",
				(rs, i) -> {
					long releasedBy = rs.getLong(9);
					Long by = rs.wasNull() ? null : releasedBy;
					return new TreeRun(rs.getLong(1), rs.getLong(2), rs.getString(3),
							ExecutionStatus.valueOf(rs.getString(4)), rs.getString(5), UpstreamRuns.instant(rs, 6),
							UpstreamRuns.instant(rs, 7), UpstreamRuns.instant(rs, 8), by);
				}, root, root);
	}

	private JobSpec departmentSpec(long jobId) {
		List<String> specs = this.jdbc.queryForList("SELECT spec FROM job WHERE id = ? AND department_id = ?",
				String.class, jobId, Departments.current());
		if (specs.isEmpty()) {
			throw new JobNotFoundException(jobId);
		}
		return CronyJson.fromJson(specs.get(0), JobSpec.class);
	}

	private JobSpec spec(long jobId) {
		return CronyJson.fromJson(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, jobId),
				JobSpec.class);
	}

	private record TreeRun(long id, long jobId, String jobName, ExecutionStatus status, String trigger,
			Instant scheduledAt, Instant startedAt, Instant finishedAt, Long releasedBy) {
	}

	/**
	 * The dependency graph: nodes with their latest run, edges from upstream to
	 * dependent.
	 */
	record Graph(List<Node> nodes, List<Edge> edges) {

		record Node(long jobId, String name, String schedule, boolean enabled, ExecutionStatus status,
				Long executionId) {
		}

		record Edge(long from, long to) {
		}

	}

	/** A job's current cycle. */
	record Cycle(long jobId, Instant cycleStart, boolean waiting,
			@Schema(description = "why the job waits, in English, each upstream not counted yet with its status "
					+ "(\"waiting for load (RUNNING), check (no run yet)\"); absent while it does not wait") String reason,
			List<Upstream> upstreams,
			@Schema(description = "the same as a reason code (WAITING_FOR_UPSTREAMS, the upstreams' names), worded "
					+ "by the reader, each upstream's status being in upstreams; empty while it does not "
					+ "wait") List<Reason> reasons) {

		/** The cycle, with why it waits made from its upstreams not counted yet. */
		static Cycle of(long jobId, Instant cycleStart, boolean waiting, List<Upstream> upstreams) {
			List<Upstream> notYet = upstreams.stream().filter((upstream) -> !upstream.counts()).toList();
			List<String> named = notYet.stream()
				.map((upstream) -> upstream.name() + " ("
						+ ("NONE".equals(upstream.status()) ? "no run yet" : upstream.status()) + ")")
				.toList();
			Reason why = reasonToWait(waiting, notYet.stream().map(Upstream::name).toList());
			return new Cycle(jobId, cycleStart, waiting,
					(why != null) ? "waiting for " + String.join(", ", named) : null, upstreams,
					(why != null) ? List.of(why) : List.of());
		}

		/**
		 * Why the job waits, naming the upstreams not counted yet; null when it does not
		 * (a job re-run alone, or whose fire was released, is not waiting for anything).
		 */
		static Reason reasonToWait(boolean waiting, List<String> notYet) {
			return (!waiting || notYet.isEmpty()) ? null
					: Reason.of(ReasonCode.WAITING_FOR_UPSTREAMS, String.join(", ", notYet));
		}

		record Upstream(long jobId, String name, String status, Long executionId, Instant finishedAt, boolean counts) {
		}

	}

	/**
	 * A workflow run: a first run and every run it released, transitively; {@code error}
	 * and {@code reason} say why it failed, for one started by hand with dependents or by
	 * a backfill.
	 */
	record WorkflowRun(long rootId, long rootJobId, String rootJobName, Instant startedAt, Instant finishedAt,
			@Schema(allowableValues = {
					"RUNNING", "SUCCEEDED", "FAILED" }) String status,
			int runs, long succeeded, long failed, long skipped,
			@Schema(description = "why the workflow run failed, in English; absent when it did not, and for one "
					+ "the schedule started") String error,
			@Schema(description = "error as a reason code with its values, worded by the reader; absent "
					+ "without error and for workflow runs ended before version 26 of the schema") Reason reason){
	}

	/** A run and the runs it released. */
	record Tree(long id, long jobId, String jobName, ExecutionStatus status, String trigger, Instant scheduledAt,
			Instant startedAt, Instant finishedAt, List<Tree> children) {
	}

}
