package io.crony.web.auth;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/**
 * A request of a user who is a member of no department reached department data: there is
 * nothing for them to see until an admin adds them to one.
 */
final class NoDepartmentException extends ApiException {

	NoDepartmentException() {
		super(HttpStatus.FORBIDDEN, "You are a member of no department; ask an admin to add you to one");
	}

}
