package io.crony.web.auth;

import java.util.OptionalLong;

/**
 * Sign-in through a directory (LDAP) for user names that are not local users: the
 * directory checks the password and its groups decide the user's departments. Present
 * only when configured; {@code POST /api/v1/auth/login} asks it after finding no local
 * user of that name.
 */
public interface ExternalSignIn {

	/**
	 * Checks the password with the directory and brings the user's memberships in line
	 * with their groups.
	 * @return the user's id, or empty when the directory does not accept the user name
	 * and password
	 * @throws io.crony.web.error.ApiException (403) when the directory accepts them but
	 * none of the user's groups is mapped to a department
	 */
	OptionalLong signIn(String username, String password);

}
