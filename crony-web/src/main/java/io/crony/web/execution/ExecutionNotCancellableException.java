package io.crony.web.execution;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** A cancel request for an execution that has ended or that no agent holds. */
public final class ExecutionNotCancellableException extends ApiException {

	ExecutionNotCancellableException(String message) {
		super(HttpStatus.CONFLICT, message);
	}

}
