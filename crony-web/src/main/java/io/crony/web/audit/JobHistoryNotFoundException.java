package io.crony.web.audit;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No job with this id in the request's department, now or before. */
final class JobHistoryNotFoundException extends ApiException {

	JobHistoryNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Job " + id + " does not exist");
	}

}
