package io.crony.web.department;

import io.crony.web.error.ApiException;

import org.springframework.http.HttpStatus;

/** The caller is a member of the department, but their role there does not allow this. */
final class DepartmentRoleException extends ApiException {

	DepartmentRoleException(String department) {
		super(HttpStatus.FORBIDDEN, "Your role in department " + department + " does not allow this");
	}

}
