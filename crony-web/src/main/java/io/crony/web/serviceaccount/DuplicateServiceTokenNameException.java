package io.crony.web.serviceaccount;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/** A service-account token of this name exists already (maybe revoked). */
public final class DuplicateServiceTokenNameException extends ApiException {

	DuplicateServiceTokenNameException(String name) {
		super(HttpStatus.CONFLICT, "Service token " + name + " exists already",
				List.of(FieldProblem.of("name", "is taken (revoked tokens keep their names)", FieldErrorCode.TAKEN)));
	}

}
