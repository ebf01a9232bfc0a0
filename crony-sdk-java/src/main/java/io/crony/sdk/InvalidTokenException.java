package io.crony.sdk;

import java.util.List;

/**
 * crony-web refused the execution token (HTTP 401 or 403): the report was not about the
 * run the token was issued for.
 */
public final class InvalidTokenException extends CronyRefusedException {

	InvalidTokenException(int status, String title, String detail, List<FieldError> fieldErrors) {
		super(status, title, detail, fieldErrors);
	}

}
