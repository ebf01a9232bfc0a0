package io.crony.web.auth;

import java.security.Principal;

/**
 * The signed-in user or service account of a request ({@code @AuthenticationPrincipal
 * CronyPrincipal}), and the department the request works in.
 *
 * @param id user id, or service-token id
 * @param username login name, or {@code token:<name>} for a service account; recorded as
 * createdBy / requestedBy
 * @param role the user's role in the request's department (ADMIN for a global admin);
 * null for a service account, whose scopes are its authorities, and for a user who is a
 * member of no department
 * @param serviceAccount whether a machine's service-account token signed the request in
 * @param globalAdmin whether the user manages users, departments, agents and the cluster,
 * and is ADMIN in every department
 * @param department the department the request works in ({@code X-Crony-Department}, or
 * the user's home department); null for a user who is a member of none
 */
public record CronyPrincipal(long id, String username, Role role, boolean serviceAccount, boolean globalAdmin,
		DepartmentRef department) implements Principal {

	/**
	 * The name {@code Authentication.getName()} answers, recorded as who asked for
	 * something: the user name, not this record's text.
	 */
	@Override
	public String getName() {
		return this.username;
	}

	/** The request's department id; a request without one reaches no department data. */
	public long departmentId() {
		if (this.department == null) {
			throw new NoDepartmentException();
		}
		return this.department.id();
	}

	/**
	 * A machine signed in with the service-account token {@code name} of a department.
	 */
	public static CronyPrincipal serviceAccount(long tokenId, String name, DepartmentRef department) {
		return new CronyPrincipal(tokenId, "token:" + name, null, true, false, department);
	}

	/** A department's id and name. */
	public record DepartmentRef(long id, String name) {
	}

}
