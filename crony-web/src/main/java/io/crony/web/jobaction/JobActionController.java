package io.crony.web.jobaction;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;

import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Enable, disable, run, delete or relabel many jobs in one request, each on its own. */
@RestController
@Tag(name = "Jobs", description = "job definitions")
class JobActionController {

	private final JobActionService actions;

	JobActionController(JobActionService actions) {
		this.actions = actions;
	}

	@PostMapping("/api/v1/jobs/actions")
	@Operation(summary = "Do one action to many jobs, each on its own, and say what happened to each",
			description = "ENABLE, DISABLE, RUN, DELETE, SET_LABELS, ADD_LABELS or REMOVE_LABELS, each job as its "
					+ "single-job route does it (same checks and audit rows), not all or nothing: one job's failure "
					+ "is its result (FAILED with the status and detail that route would answer, 404 for a job not "
					+ "in this department), the others go on. RUN needs OPERATOR or RUNS_TRIGGER, the rest OPERATOR "
					+ "or JOBS_WRITE (403 otherwise). A bad request (action, ids: 1 to crony.web.jobs.bulk-limit, "
					+ "each once; labels, labelKeys, params) is a 400 naming the field, and touches no job.")
	JobActionResponse apply(@RequestBody(required = false) JobActionRequest request, Authentication caller) {
		return this.actions.apply(request, caller);
	}

}
