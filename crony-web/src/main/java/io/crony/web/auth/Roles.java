package io.crony.web.auth;

/**
 * Role checks for {@code @PreAuthorize}, against the user's role in the request's
 * department ({@link Departments}); the hierarchy ADMIN &gt; OPERATOR &gt; VIEWER
 * applies, so {@code @PreAuthorize(Roles.OPERATOR)} lets admins in too. Without an
 * annotation, GET under {@code /api/**} needs VIEWER and any other method OPERATOR.
 */
public final class Roles {

	public static final String ADMIN = "hasRole('ADMIN')";

	public static final String OPERATOR = "hasRole('OPERATOR')";

	public static final String VIEWER = "hasRole('VIEWER')";

	/** Users, departments, agents and the cluster: shared by every department. */
	public static final String GLOBAL_ADMIN = "hasAuthority('" + Departments.GLOBAL_ADMIN + "')";

	private Roles() {
	}

}
