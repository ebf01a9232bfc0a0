package io.crony.web.sso;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/**
 * The directory accepted the password, but Crony gives the user no access: none of their
 * groups is mapped to a department (or the user is disabled here).
 */
final class NoMappedGroupException extends ApiException {

	NoMappedGroupException(String message) {
		super(HttpStatus.FORBIDDEN, message);
	}

}
