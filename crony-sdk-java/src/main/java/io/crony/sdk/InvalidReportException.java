package io.crony.sdk;

import java.util.List;

/**
 * The report was refused as malformed (HTTP 400 or 422), or caught before it was sent
 * (status 0): progress outside 0..100, or a result that is neither SUCCEEDED nor FAILED.
 */
public final class InvalidReportException extends CronyRefusedException {

	InvalidReportException(int status, String title, String detail, List<FieldError> fieldErrors) {
		super(status, title, detail, fieldErrors);
	}

}
