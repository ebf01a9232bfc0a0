package io.crony.web.execution;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No execution with this id. */
public final class ExecutionNotFoundException extends ApiException {

	public ExecutionNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Execution " + id + " does not exist");
	}

}
