package io.crony.web.workflow;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** A clear of a run that is still live, or of a job that cannot run now. */
final class ClearRefusedException extends ApiException {

	private ClearRefusedException(FieldProblem problem) {
		super(HttpStatus.CONFLICT, problem.message(), List.of(problem));
	}

	/** The job is disabled: enabling it comes first. */
	static ClearRefusedException jobDisabled(String job, String message) {
		return new ClearRefusedException(FieldProblem.of("jobId", message, FieldErrorCode.JOB_DISABLED, job));
	}

	/** The run has not ended. */
	static ClearRefusedException notEnded(Object status, String message) {
		return new ClearRefusedException(FieldProblem.of("status", message, FieldErrorCode.RUN_NOT_ENDED, status));
	}

	/** The run has no failed shard to re-run. */
	static ClearRefusedException noFailedShard(String message) {
		return new ClearRefusedException(FieldProblem.of("shards", message, FieldErrorCode.NO_FAILED_SHARD));
	}

}
