package io.crony.web.workflow;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** A clear of a run that is still live, or of a job that cannot run now. */
final class ClearRefusedException extends ApiException {

	ClearRefusedException(String field, String message) {
		super(HttpStatus.CONFLICT, message, List.of(new FieldProblem(field, message)));
	}

}
