package io.crony.web.auth;

import java.util.Optional;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Sign-in through a provider the browser is sent to (OpenID Connect): present only when
 * configured. The dashboard learns its button from
 * {@code GET /api/v1/auth/sign-in-options}, and sign-out asks it where the provider ends
 * its own session.
 */
public interface ProviderSignIn {

	/** The button's name on the sign-in page, for example {@code Okta}. */
	String displayName();

	/** Where the browser goes to start the sign-in. */
	String startPath();

	/**
	 * The provider's sign-out address for the session whose token has this hash, when the
	 * provider signed it in and has one (RP-initiated logout).
	 * @param request the sign-out request: the address the provider sends the browser
	 * back to is made from it
	 */
	Optional<String> signOutUrl(String tokenHash, HttpServletRequest request);

}
