package io.crony.web.workflow;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No backfill of that id in the caller's department. */
final class BackfillNotFoundException extends ApiException {

	BackfillNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Backfill " + id + " does not exist");
	}

}
