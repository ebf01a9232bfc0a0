package io.crony.web.department;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/**
 * No department with this id, or the caller is not a member of it: one answer for both,
 * so departments don't leak.
 */
final class DepartmentMissingException extends ApiException {

	DepartmentMissingException(long id) {
		super(HttpStatus.NOT_FOUND, "Department " + id + " does not exist or you are not a member of it");
	}

}
