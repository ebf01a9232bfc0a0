package io.crony.web.execution;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** A run request for a job that is disabled or that no live agent holds. */
public final class JobNotRunnableException extends ApiException {

	JobNotRunnableException(String message) {
		super(HttpStatus.CONFLICT, message);
	}

}
