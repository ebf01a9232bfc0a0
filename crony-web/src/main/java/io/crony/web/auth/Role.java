package io.crony.web.auth;

/**
 * What a user may do, each role including the ones below it: VIEWER reads; OPERATOR also
 * writes jobs, runs and cancels; ADMIN also manages users and the cluster.
 */
public enum Role {

	VIEWER, OPERATOR, ADMIN;

	/** The Spring Security authority, {@code ROLE_ADMIN} for ADMIN. */
	public String authority() {
		return "ROLE_" + name();
	}

}
