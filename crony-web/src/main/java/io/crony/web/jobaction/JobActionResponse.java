package io.crony.web.jobaction;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crony.web.error.ApiException;
import io.crony.web.error.FieldProblem;
import io.crony.web.job.JobActions;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What an action did to each job, in request order, and how many jobs each outcome has.
 */
record JobActionResponse(JobAction action, int done, int unchanged, int failed, List<Result> results) {

	static JobActionResponse of(JobAction action, List<Result> results) {
		return new JobActionResponse(action, count(results, Outcome.DONE), count(results, Outcome.UNCHANGED),
				count(results, Outcome.FAILED), List.copyOf(results));
	}

	private static int count(List<Result> results, Outcome outcome) {
		return (int) results.stream().filter((result) -> result.outcome() == outcome).count();
	}

	/**
	 * DONE: changed (or run); UNCHANGED: it was so already; FAILED: see status and
	 * detail.
	 */
	enum Outcome {

		DONE, UNCHANGED, FAILED

	}

	/**
	 * @param id the job id as given
	 * @param name the job's name; absent when the job does not exist here or the caller
	 * may not read jobs
	 * @param status what the single-job route would have answered for this job
	 * @param detail FAILED: the problem the single-job route would have answered
	 * @param executionId RUN, DONE: the execution started
	 * @param errors FAILED with a 400: the fields the single-job route named
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	record Result(long id, String name, Outcome outcome,
			@Schema(description = "the HTTP status the single-job route would have answered") int status, String detail,
			Long executionId, List<FieldProblem> errors) {

		static Result done(JobActions.Job job, JobAction action, Long executionId) {
			return new Result(job.id(), job.name(), Outcome.DONE, action.doneStatus(), null, executionId, null);
		}

		static Result unchanged(JobActions.Job job) {
			return new Result(job.id(), job.name(), Outcome.UNCHANGED, 200, null, null, null);
		}

		/** This result without the job's name, for a caller that may not read jobs. */
		Result unnamed() {
			return new Result(this.id, null, this.outcome, this.status, this.detail, this.executionId, this.errors);
		}

		static Result failed(long id, String name, ApiException problem) {
			return new Result(id, name, Outcome.FAILED, problem.status().value(), problem.getMessage(), null,
					problem.errors().isEmpty() ? null : problem.errors());
		}

	}

}
