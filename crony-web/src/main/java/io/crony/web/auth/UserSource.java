package io.crony.web.auth;

/**
 * Who checks a user's password, and who granted a department membership
 * ({@code app_user.source}, {@code department_member.granted_by}).
 */
public enum UserSource {

	/** Crony itself: a password stored here, a membership given through the API. */
	LOCAL,

	/** An LDAP directory or Active Directory, through the group mappings. */
	LDAP,

	/** An OpenID Connect provider, through the group mappings. */
	OIDC

}
