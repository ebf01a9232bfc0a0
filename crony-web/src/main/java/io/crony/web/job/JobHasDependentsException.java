package io.crony.web.job;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** A job others wait for, deleted without cutting the edges. */
public final class JobHasDependentsException extends ApiException {

	JobHasDependentsException(long id, List<String> dependents) {
		super(HttpStatus.CONFLICT,
				"Job " + id + " has dependents (" + String.join(", ", dependents)
						+ "); delete it with ?cutEdges=true to delete it and have them stop waiting for it",
				List.of(FieldProblem.of("cutEdges", "dependents: " + String.join(", ", dependents),
						FieldErrorCode.HAS_DEPENDENTS, String.join(", ", dependents))));
	}

}
