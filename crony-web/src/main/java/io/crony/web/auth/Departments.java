package io.crony.web.auth;

import io.crony.web.auth.CronyPrincipal.DepartmentRef;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * The department the current request works in, for the features that keep their data per
 * department: every read and write of jobs, executions, alert channels and service tokens
 * is filtered by it, so another department's object answers 404.
 */
public final class Departments {

	/** Names a request's department; absent, the user's home department is used. */
	public static final String HEADER = "X-Crony-Department";

	/** The authority of global admins (users, departments, agents, the cluster). */
	public static final String GLOBAL_ADMIN = "GLOBAL_ADMIN";

	private Departments() {
	}

	/**
	 * The current request's department id.
	 * @throws IllegalStateException outside a signed-in request
	 */
	public static long current() {
		return principal().departmentId();
	}

	/**
	 * The current request's department.
	 * @throws NoDepartmentException when the request works in none
	 */
	public static DepartmentRef currentDepartment() {
		DepartmentRef department = principal().department();
		if (department == null) {
			throw new NoDepartmentException();
		}
		return department;
	}

	/** The signed-in principal of the current request. */
	public static CronyPrincipal principal() {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.getPrincipal() instanceof CronyPrincipal principal) {
			return principal;
		}
		throw new IllegalStateException("No signed-in request");
	}

}
