package io.crony.web.job;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** Another job has this name. */
public final class DuplicateJobNameException extends ApiException {

	/** The problem on the request's {@code name}. */
	static final FieldProblem PROBLEM = FieldProblem.of("name", "is taken by another job", FieldErrorCode.TAKEN);

	DuplicateJobNameException(String name) {
		super(HttpStatus.CONFLICT, "A job named '" + name + "' exists already", List.of(PROBLEM));
	}

}
