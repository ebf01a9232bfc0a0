package io.crony.web.db;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/**
 * MariaDB kept choosing this request's statement as a deadlock victim (or its lock wait
 * timed out) through every retry; the request left nothing behind.
 */
public final class DatabaseBusyException extends ApiException {

	DatabaseBusyException(String what, Throwable cause) {
		super(HttpStatus.SERVICE_UNAVAILABLE,
				"the database stayed busy (lock contention) while " + what + "; try again");
		initCause(cause);
	}

}
