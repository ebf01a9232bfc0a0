package io.crony.web.auth;

import java.util.Optional;

import org.springframework.security.core.Authentication;

/**
 * Turns a bearer token into a signed-in request: people's session tokens here, machines'
 * service-account tokens in their own feature. The first authenticator that knows the
 * token wins; a token none knows leaves the request anonymous.
 */
public interface BearerAuthenticator {

	/**
	 * The authentication for this token, or empty when it is not (or no longer) valid.
	 * @param department the department the request names ({@link Departments#HEADER});
	 * null for the caller's home department
	 * @throws DepartmentNotFoundException when the token is valid but may not work in
	 * that department
	 */
	Optional<Authentication> authenticate(String token, String department);

}
