package io.crony.web.department;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** No such user, or the user is not a member of the department. */
final class MemberMissingException extends ApiException {

	MemberMissingException(String message) {
		super(HttpStatus.NOT_FOUND, message);
	}

}
