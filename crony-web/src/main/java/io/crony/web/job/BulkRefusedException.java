package io.crony.web.job;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/**
 * A bulk request with problems, nothing of it saved: 400 when a job is invalid, 409 when
 * each problem is a conflict with the stored jobs.
 */
public final class BulkRefusedException extends ApiException {

	BulkRefusedException(boolean invalid, List<FieldProblem> errors, String detail) {
		super(invalid ? HttpStatus.BAD_REQUEST : HttpStatus.CONFLICT, detail, errors);
	}

}
