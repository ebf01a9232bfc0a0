package io.crony.web.auth;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/**
 * The department a request names (by the {@code X-Crony-Department} header or by id in
 * the departments API) does not exist, or the caller is not a member of it: the same
 * answer for both, so departments don't leak.
 */
public final class DepartmentNotFoundException extends ApiException {

	public DepartmentNotFoundException(String name) {
		// no department has a longer name: the header is not echoed at any length
		super(HttpStatus.NOT_FOUND, "Department '" + ((name.length() <= 63) ? name : name.substring(0, 63) + "...")
				+ "' does not exist or you are not a member of it");
	}

	public DepartmentNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Department " + id + " does not exist or you are not a member of it");
	}

}
