package io.crony.web.auth;

import java.security.Principal;

/**
 * The signed-in user or service account of a request ({@code @AuthenticationPrincipal
 * CronyPrincipal}).
 *
 * @param id user id, or service-token id
 * @param username login name, or {@code token:<name>} for a service account; recorded as
 * createdBy / requestedBy
 * @param role the user's role; null for a service account, whose scopes are its
 * authorities
 * @param serviceAccount whether a machine's service-account token signed the request in
 */
public record CronyPrincipal(long id, String username, Role role, boolean serviceAccount) implements Principal {

	/** A person signed in with their session token. */
	public CronyPrincipal(long id, String username, Role role) {
		this(id, username, role, false);
	}

	/**
	 * The name {@code Authentication.getName()} answers, recorded as who asked for
	 * something: the user name, not this record's text.
	 */
	@Override
	public String getName() {
		return this.username;
	}

	/** A machine signed in with the service-account token {@code name}. */
	public static CronyPrincipal serviceAccount(long tokenId, String name) {
		return new CronyPrincipal(tokenId, "token:" + name, null, true);
	}

}
