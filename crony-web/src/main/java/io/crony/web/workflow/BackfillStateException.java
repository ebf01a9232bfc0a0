package io.crony.web.workflow;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** A pause, resume or cancel of a backfill in a state that does not allow it. */
final class BackfillStateException extends ApiException {

	BackfillStateException(long id, String status, String wanted) {
		super(HttpStatus.CONFLICT, "Backfill " + id + " is " + status + " and cannot become " + wanted);
	}

}
