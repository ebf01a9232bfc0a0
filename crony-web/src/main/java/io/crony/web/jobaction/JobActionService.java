package io.crony.web.jobaction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.crony.web.auth.Role;
import io.crony.web.auth.Scope;
import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.execution.RunService;
import io.crony.web.job.JobActions;
import io.crony.web.jobaction.JobActionResponse.Result;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.access.hierarchicalroles.RoleHierarchy;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.stereotype.Service;

/**
 * Does one action to many jobs, each on its own through the single-job services (their
 * checks, transactions and audit rows): one job's failure is that job's result, the
 * others go on. Not a transaction: what was done stays done.
 */
@Service
class JobActionService {

	private static final Logger log = LoggerFactory.getLogger(JobActionService.class);

	private final JobActions jobs;

	private final RunService runs;

	private final RoleHierarchy roles;

	JobActionService(JobActions jobs, RunService runs, RoleHierarchy roles) {
		this.jobs = jobs;
		this.runs = runs;
		this.roles = roles;
	}

	/**
	 * @throws InvalidRequestException naming each bad field; nothing is done then
	 * @throws AccessDeniedException when the caller may not do this action to a job
	 */
	JobActionResponse apply(JobActionRequest request, Authentication caller) {
		if (request == null) {
			throw new InvalidRequestException(
					List.of(FieldProblem.of("action", "is required", FieldErrorCode.REQUIRED)));
		}
		List<FieldProblem> problems = request.problems(this.jobs.limit());
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
		JobAction action = request.action();
		authorize(action, caller);
		String by = caller.getName();
		boolean named = mayReadJobs(caller);
		List<Result> results = new ArrayList<>(request.ids().size());
		for (long id : request.ids()) {
			Result result = apply(action, id, request, by);
			results.add(named ? result : result.unnamed());
		}
		JobActionResponse response = JobActionResponse.of(action, results);
		log.info("Action {} on {} jobs by {}: {} done, {} unchanged, {} failed", action, results.size(), by,
				response.done(), response.unchanged(), response.failed());
		return response;
	}

	private Result apply(JobAction action, long id, JobActionRequest request, String by) {
		JobActions.Job job = null;
		try {
			job = this.jobs.find(id);
			return switch (action) {
				case ENABLE, DISABLE -> this.jobs.setEnabled(id, action == JobAction.ENABLE, by)
						? Result.done(job, action, null) : Result.unchanged(job);
				case RUN -> Result.done(job, action, this.runs.run(id, request.params(), by));
				case DELETE -> {
					this.jobs.delete(id, by);
					yield Result.done(job, action, null);
				}
				case SET_LABELS, ADD_LABELS, REMOVE_LABELS -> this.jobs.relabel(id, labelChange(request), by)
						? Result.done(job, action, null) : Result.unchanged(job);
			};
		}
		catch (ApiException ex) {
			log.warn("Action {} on job {} by {} failed: {} {}", action, id, by, ex.status().value(), ex.getMessage());
			return Result.failed(id, (job != null) ? job.name() : null, ex);
		}
	}

	private static UnaryOperator<Map<String, String>> labelChange(JobActionRequest request) {
		return (current) -> {
			Map<String, String> labels = new LinkedHashMap<>(current);
			switch (request.action()) {
				case SET_LABELS -> {
					labels.clear();
					labels.putAll(request.labels());
				}
				case ADD_LABELS -> labels.putAll(request.labels());
				case REMOVE_LABELS -> request.labelKeys().forEach(labels::remove);
				default -> throw new IllegalArgumentException("not a label action: " + request.action());
			}
			return labels;
		};
	}

	/**
	 * The role or scope the single-job route asks: the route itself lets in anyone who
	 * may do one of the actions.
	 */
	private void authorize(JobAction action, Authentication caller) {
		if (!holdsAny(caller, Role.OPERATOR.authority(), action.scope().authority())) {
			throw new AccessDeniedException("No permission for " + action);
		}
	}

	/**
	 * Whether the caller may read jobs ({@code GET /jobs/{id}}): a token that may only
	 * trigger or change jobs learns their ids and outcomes, not their names.
	 */
	private boolean mayReadJobs(Authentication caller) {
		return holdsAny(caller, Role.VIEWER.authority(), Scope.JOBS_READ.authority());
	}

	private boolean holdsAny(Authentication caller, String... authorities) {
		List<String> wanted = List.of(authorities);
		return this.roles.getReachableGrantedAuthorities(caller.getAuthorities())
			.stream()
			.map(GrantedAuthority::getAuthority)
			.anyMatch(wanted::contains);
	}

}
