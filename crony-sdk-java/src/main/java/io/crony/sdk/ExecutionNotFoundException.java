package io.crony.sdk;

import java.util.List;

/** crony-web knows no such execution (HTTP 404). */
public final class ExecutionNotFoundException extends CronyRefusedException {

	ExecutionNotFoundException(int status, String title, String detail, List<FieldError> fieldErrors) {
		super(status, title, detail, fieldErrors);
	}

}
