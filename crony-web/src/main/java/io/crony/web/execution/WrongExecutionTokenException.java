package io.crony.web.execution;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** A report whose token is missing or not the execution's own (401). */
public final class WrongExecutionTokenException extends ApiException {

	WrongExecutionTokenException(long id) {
		super(HttpStatus.UNAUTHORIZED, "Wrong or missing execution token for execution " + id);
	}

}
