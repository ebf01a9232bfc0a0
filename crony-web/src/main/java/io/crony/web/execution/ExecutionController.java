package io.crony.web.execution;

import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.auth.CronyPrincipal;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Size;
import org.springdoc.core.annotations.ParameterObject;

import org.springframework.http.HttpStatus;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crony.web.auth.Departments;

/** Executions: the record of every run, run now, and cancel. */
@RestController
@RequestMapping("/api/v1")
@Tag(name = "Executions", description = "runs of jobs")
class ExecutionController {

	private final ExecutionQueries queries;

	private final RunService runs;

	private final CancelService cancels;

	private final DependentsFollow dependents;

	ExecutionController(ExecutionQueries queries, RunService runs, CancelService cancels, DependentsFollow dependents) {
		this.queries = queries;
		this.runs = runs;
		this.cancels = cancels;
		this.dependents = dependents;
	}

	@GetMapping("/executions")
	@Operation(summary = "List executions, newest first")
	PageResponse<ExecutionResponse> list(@Valid @ParameterObject ExecutionFilter filter,
			@Valid @ParameterObject Paging paging) {
		return this.queries.list(filter, paging);
	}

	@GetMapping("/executions/{id}")
	@Operation(summary = "One execution, with its progress message, resume payload and mode",
			description = "The list leaves message, resumePayload and mode out: a resume payload may be up to 64 KB.")
	ExecutionDetailResponse get(@PathVariable long id) {
		return this.queries.get(id);
	}

	@PostMapping("/jobs/{id}/run")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Run a job once, now, on the agent that holds it", tags = "Jobs")
	RunResponse run(@PathVariable long id, @Valid @RequestBody(required = false) RunRequest request,
			@AuthenticationPrincipal CronyPrincipal user) {
		String params = (request != null) ? request.params() : null;
		long executionId = this.runs.run(id, params, user.username());
		Long workflowRunId = (request != null && Boolean.TRUE.equals(request.withDependents()))
				? this.dependents.follow(Departments.current(), id, executionId, params, user.username()) : null;
		return new RunResponse(executionId, workflowRunId);
	}

	@PostMapping("/executions/{id}/cancel")
	@ResponseStatus(HttpStatus.ACCEPTED)
	@Operation(summary = "Cancel a pending or running execution")
	CancelService.CancelResponse cancel(@PathVariable long id, @AuthenticationPrincipal CronyPrincipal user) {
		return this.cancels.cancel(id, user.username());
	}

	/**
	 * @param params parameters for the target (the body template's ${params})
	 * @param withDependents true: when the run succeeds, the jobs that depend on it run
	 * too, transitively, with the same params (docs/workflows.md); default false
	 */
	record RunRequest(@Size(max = 65535) String params, Boolean withDependents) {
	}

	/**
	 * @param workflowRunId the workflow run the dependents follow in; null for a run
	 * alone
	 */
	record RunResponse(long executionId, @JsonInclude(JsonInclude.Include.ALWAYS) Long workflowRunId) {
	}

}
