package io.crony.web.serviceaccount;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No service-account token with this id. */
public final class ServiceTokenNotFoundException extends ApiException {

	ServiceTokenNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Service token " + id + " does not exist");
	}

}
