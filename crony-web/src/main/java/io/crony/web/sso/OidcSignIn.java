package io.crony.web.sso;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import io.crony.web.auth.ProviderSignIn;
import io.crony.web.auth.SignInSessions;
import io.crony.web.auth.UserSource;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.util.StringUtils;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The end of the OpenID Connect redirect flow, after Spring Security has exchanged the
 * code and checked the ID token: the user's groups claim goes through the group mappings,
 * and the browser either gets the dashboard's session cookie and goes to the dashboard,
 * or goes back to the sign-in page with the reason ({@code ?sso=} {@value #NO_GROUP},
 * {@value #REFUSED} or {@value #FAILED}), which the page shows.
 */
class OidcSignIn implements AuthenticationSuccessHandler, AuthenticationFailureHandler, ProviderSignIn {

	static final String NO_GROUP = "no-group";

	static final String REFUSED = "refused";

	static final String FAILED = "failed";

	private static final Logger log = LoggerFactory.getLogger(OidcSignIn.class);

	// Crony's user names, and the @ of the e-mail-like names providers often give
	private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9._@-]{1,64}");

	private final OidcProperties properties;

	private final OidcClientRegistrations registrations;

	private final GroupGrants grants;

	private final SignInSessions sessions;

	private final OidcSessionMapper idTokens;

	OidcSignIn(OidcProperties properties, OidcClientRegistrations registrations, GroupGrants grants,
			SignInSessions sessions, OidcSessionMapper idTokens) {
		this.properties = properties;
		this.registrations = registrations;
		this.grants = grants;
		this.sessions = sessions;
		this.idTokens = idTokens;
	}

	@Override
	public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
			Authentication authentication) throws IOException {
		// the HTTP session held only the authorization request; the cookie is the session
		HttpSession held = request.getSession(false);
		if (held != null) {
			held.invalidate();
		}
		OidcUser user = (OidcUser) authentication.getPrincipal();
		String username = user.getClaimAsString(this.properties.usernameClaim());
		if (username == null || !USERNAME.matcher(username).matches()) {
			log.warn("OpenID Connect sign-in refused: the claim {} is {}, not a user name Crony takes",
					this.properties.usernameClaim(), username);
			signInPage(request, response, REFUSED);
			return;
		}
		List<String> groups = groups(user.getClaims().get(this.properties.groupsClaim()));
		long userId;
		try {
			userId = this.grants.apply(username, UserSource.OIDC, groups,
					"None of your groups at the identity provider is mapped to a Crony department");
		}
		catch (GroupGrants.Refused ex) {
			log.info("OpenID Connect sign-in of {} refused: {}", username, ex.getMessage());
			signInPage(request, response, (ex.refusal() == GroupGrants.Refusal.NO_MAPPED_GROUP) ? NO_GROUP : REFUSED);
			return;
		}
		String tokenHash = this.sessions.open(userId, UserSource.OIDC, request, response);
		this.idTokens.insert(tokenHash, user.getIdToken().getTokenValue());
		response.sendRedirect(request.getContextPath() + "/");
	}

	@Override
	public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
			AuthenticationException exception) throws IOException {
		log.warn("OpenID Connect sign-in failed: {}", exception.getMessage());
		signInPage(request, response, FAILED);
	}

	private static void signInPage(HttpServletRequest request, HttpServletResponse response, String reason)
			throws IOException {
		response.sendRedirect(request.getContextPath() + "/login?sso=" + reason);
	}

	// a list of names, or one name (some providers send a single group as a string)
	static List<String> groups(Object claim) {
		if (claim instanceof Collection<?> names) {
			return names.stream().filter((name) -> name != null).map(Object::toString).toList();
		}
		if (claim instanceof String name && StringUtils.hasText(name)) {
			return List.of(name);
		}
		return List.of();
	}

	@Override
	public String displayName() {
		return this.properties.displayName();
	}

	@Override
	public String startPath() {
		return "/oauth2/authorization/" + OidcClientRegistrations.REGISTRATION_ID;
	}

	@Override
	public Optional<String> signOutUrl(String tokenHash, HttpServletRequest request) {
		String idToken = this.idTokens.idToken(tokenHash);
		if (idToken == null) {
			return Optional.empty();
		}
		ClientRegistration registration;
		try {
			registration = this.registrations.registration();
		}
		catch (RuntimeException ex) {
			// signed out here all the same; the provider's session stays
			return Optional.empty();
		}
		Object endSession = registration.getProviderDetails().getConfigurationMetadata().get("end_session_endpoint");
		if (endSession == null) {
			return Optional.empty();
		}
		String back = StringUtils.hasText(this.properties.postLogoutRedirectUri())
				? this.properties.postLogoutRedirectUri()
				: ServletUriComponentsBuilder.fromContextPath(request).path("/login").build().toUriString();
		return Optional.of(UriComponentsBuilder.fromUriString(endSession.toString())
			.queryParam("id_token_hint", idToken)
			.queryParam("client_id", registration.getClientId())
			.queryParam("post_logout_redirect_uri", back)
			.encode()
			.build()
			.toUriString());
	}

}
