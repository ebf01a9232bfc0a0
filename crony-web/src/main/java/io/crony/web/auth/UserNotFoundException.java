package io.crony.web.auth;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No user with this id. */
public final class UserNotFoundException extends ApiException {

	UserNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "User " + id + " does not exist");
	}

}
