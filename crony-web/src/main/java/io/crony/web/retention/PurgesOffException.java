package io.crony.web.retention;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** A purge asked for while {@code crony.web.retention.enabled} is false. */
final class PurgesOffException extends ApiException {

	PurgesOffException() {
		super(HttpStatus.CONFLICT,
				"Purges are switched off on this platform (crony.web.retention.enabled=false): no purge would run");
	}

}
