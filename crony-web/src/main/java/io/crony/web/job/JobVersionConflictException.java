package io.crony.web.job;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** The job changed since the client read it (optimistic lock). */
public final class JobVersionConflictException extends ApiException {

	JobVersionConflictException(long id, Long expected, long actual) {
		super(HttpStatus.CONFLICT, "Job " + id + " is at version " + actual + ", not " + expected
				+ "; reload it and apply the change again", List.of(problem(actual)));
	}

	/** The problem on the request's {@code version}. */
	static FieldProblem problem(long actual) {
		return FieldProblem.of("version", "is " + actual + " now", FieldErrorCode.VERSION_STALE, actual);
	}

}
