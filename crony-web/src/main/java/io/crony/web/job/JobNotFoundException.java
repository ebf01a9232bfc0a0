package io.crony.web.job;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No job with this id. */
public final class JobNotFoundException extends ApiException {

	public JobNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Job " + id + " does not exist");
	}

}
