package io.crony.web.auth;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** A user of this name exists already. */
public final class DuplicateUsernameException extends ApiException {

	DuplicateUsernameException(String username) {
		super(HttpStatus.CONFLICT, "User " + username + " exists already",
				List.of(FieldProblem.of("username", "is taken", FieldErrorCode.TAKEN)));
	}

}
