package io.crony.web.alert;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** Another alert channel has this name. */
final class DuplicateChannelNameException extends ApiException {

	DuplicateChannelNameException(String name) {
		super(HttpStatus.CONFLICT, "An alert channel named '" + name + "' exists already",
				List.of(FieldProblem.of("name", "is taken by another alert channel", FieldErrorCode.TAKEN)));
	}

}
