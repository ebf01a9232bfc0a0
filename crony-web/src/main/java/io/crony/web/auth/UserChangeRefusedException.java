package io.crony.web.auth;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** A change that would lock everyone out: deleting yourself, removing the last admin. */
public final class UserChangeRefusedException extends ApiException {

	UserChangeRefusedException(String message) {
		super(HttpStatus.CONFLICT, message);
	}

}
