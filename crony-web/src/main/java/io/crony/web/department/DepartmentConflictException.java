package io.crony.web.department;

import java.util.List;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldProblem;

import org.springframework.http.HttpStatus;

/**
 * A change the department's state refuses: a name taken, a department that still owns
 * jobs, a member who is already one. (The last admin leaving is refused by
 * {@link io.crony.web.auth.Memberships}, for the users API too.)
 */
final class DepartmentConflictException extends ApiException {

	DepartmentConflictException(String message) {
		super(HttpStatus.CONFLICT, message);
	}

	DepartmentConflictException(String message, FieldProblem problem) {
		super(HttpStatus.CONFLICT, message, List.of(problem));
	}

}
