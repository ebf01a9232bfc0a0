package io.crony.web.workflow;

import java.time.Instant;
import java.util.List;

import io.crony.web.auth.CronyPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Workflows: jobs that wait for jobs (docs/workflows.md). */
@RestController
@RequestMapping("/api/v1")
@Tag(name = "Workflows", description = "jobs that depend on jobs: the graph, cycles, workflow runs")
class WorkflowController {

	private final WorkflowQueries queries;

	private final RunClears clears;

	private final ShardReruns shardReruns;

	WorkflowController(WorkflowQueries queries, RunClears clears, ShardReruns shardReruns) {
		this.queries = queries;
		this.clears = clears;
		this.shardReruns = shardReruns;
	}

	@GetMapping("/workflows")
	@Operation(summary = "The dependency graph of the department: jobs with upstreams or dependents, and the edges")
	WorkflowQueries.Graph graph() {
		return this.queries.graph(Instant.now());
	}

	@GetMapping("/workflows/runs")
	@Operation(summary = "The latest workflow runs, newest first: each a first run and what it released")
	List<WorkflowQueries.WorkflowRun> runs(@RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
		return this.queries.runs(limit, Instant.now());
	}

	@GetMapping("/jobs/{id}/cycle")
	@Operation(summary = "A job's current cycle: each upstream's state in it and why the job waits", tags = "Jobs")
	WorkflowQueries.Cycle cycle(@PathVariable long id) {
		return this.queries.cycle(id, Instant.now());
	}

	@GetMapping("/executions/{id}/tree")
	@Operation(summary = "The workflow run an execution belongs to, as a tree from its first run", tags = "Executions")
	WorkflowQueries.Tree tree(@PathVariable long id) {
		return this.queries.tree(id);
	}

	@PostMapping("/executions/{id}/clear")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Clear an ended run and run it again for the same logical instant",
			description = "The run starts over on the same row (same scheduledAt), its earlier run kept in the row's"
					+ " clearedRuns; with withDependents, the runs below it at their paired instants run again once"
					+ " their upstreams succeed. A run not ended yet is refused with 409.",
			tags = "Executions")
	RunClears.Cleared clear(@PathVariable long id, @RequestBody(required = false) ClearRequest request,
			@AuthenticationPrincipal CronyPrincipal user) {
		boolean withDependents = request != null && Boolean.TRUE.equals(request.withDependents());
		return this.clears.clear(id, withDependents, user.username());
	}

	@PostMapping("/executions/{id}/rerun-failed-shards")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Run only the failed shards of an ended sharded run again, for the same logical instant",
			description = "The run starts over on the same row, its earlier run with every shard's attempts kept in"
					+ " clearedRuns; the shards that succeeded keep their rows and are not called again. A run not"
					+ " ended yet, or without a failed shard, is refused with 409.",
			tags = "Executions")
	ShardReruns.Rerun rerunFailedShards(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal user) {
		return this.shardReruns.rerunFailedShards(id, user.username());
	}

	/**
	 * @param withDependents true: the runs below it in its cycle run again too, each once
	 * the runs it pairs with succeed; default false
	 */
	record ClearRequest(Boolean withDependents) {
	}

}
