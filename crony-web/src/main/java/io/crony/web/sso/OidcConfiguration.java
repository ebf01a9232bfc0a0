package io.crony.web.sso;

import io.crony.web.auth.SignInSessions;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.oauth2.client.web.DefaultOAuth2AuthorizationRequestResolver;
import org.springframework.security.oauth2.client.web.OAuth2AuthorizationRequestCustomizers;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;

/**
 * OpenID Connect sign-in, when {@code crony.web.auth.oidc.enabled}: Spring Security's
 * OAuth2 login on its own two paths ({@code /oauth2/authorization/oidc} sends the browser
 * to the provider, {@code /login/oauth2/code/oidc} takes it back), authorization code
 * with PKCE. The HTTP session holds the authorization request (state, nonce, PKCE
 * verifier) between the two and nothing after: the dashboard's session is the usual
 * cookie, opened by {@link OidcSignIn}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "crony.web.auth.oidc.enabled", havingValue = "true")
class OidcConfiguration {

	private static final String AUTHORIZATION_PATH = "/oauth2/authorization";

	@Bean
	OidcClientRegistrations oidcClientRegistrations(OidcProperties properties) {
		return new OidcClientRegistrations(properties);
	}

	@Bean
	OidcSignIn oidcSignIn(OidcProperties properties, OidcClientRegistrations registrations, GroupGrants grants,
			SignInSessions sessions, OidcSessionMapper idTokens) {
		return new OidcSignIn(properties, registrations, grants, sessions, idTokens);
	}

	// before the API's chain, which would answer these paths with problems
	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE + 1)
	SecurityFilterChain oidcSignInChain(HttpSecurity http, OidcClientRegistrations registrations, OidcSignIn signIn)
			throws Exception {
		DefaultOAuth2AuthorizationRequestResolver requests = new DefaultOAuth2AuthorizationRequestResolver(
				registrations, AUTHORIZATION_PATH);
		// PKCE for confidential clients too (public ones get it anyway)
		requests.setAuthorizationRequestCustomizer(OAuth2AuthorizationRequestCustomizers.withPkce());
		return http.securityMatcher(AUTHORIZATION_PATH + "/*", "/login/oauth2/code/*")
			.oauth2Login((login) -> login.clientRegistrationRepository(registrations)
				.authorizationEndpoint((endpoint) -> endpoint.authorizationRequestResolver(requests))
				.successHandler(signIn)
				.failureHandler(signIn))
			// the sign-in is kept nowhere but in the session cookie OidcSignIn writes
			.securityContext(
					(context) -> context.securityContextRepository(new RequestAttributeSecurityContextRepository()))
			.requestCache(AbstractHttpConfigurer::disable)
			.authorizeHttpRequests((authorize) -> authorize.anyRequest().permitAll())
			.build();
	}

}
