package io.crony.web.auth;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/**
 * Wrong user name or password, or a disabled user: one answer for all, so names stay
 * secret.
 */
public final class LoginFailedException extends ApiException {

	LoginFailedException() {
		super(HttpStatus.UNAUTHORIZED, "Wrong user name or password");
	}

}
