package io.crony.web.sso;

import java.util.HashSet;
import java.util.Set;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.client.registration.ClientRegistrations;
import org.springframework.security.oauth2.core.ClientAuthenticationMethod;
import org.springframework.util.StringUtils;

/**
 * The one provider's registration, read from its discovery document at the first sign-in
 * rather than at startup: crony-web starts, and signs local users in, while the provider
 * cannot be reached; a failed read is tried again at the next sign-in.
 */
final class OidcClientRegistrations implements ClientRegistrationRepository {

	static final String REGISTRATION_ID = "oidc";

	private static final Logger log = LoggerFactory.getLogger(OidcClientRegistrations.class);

	private final OidcProperties properties;

	private volatile ClientRegistration registration;

	OidcClientRegistrations(OidcProperties properties) {
		if (!StringUtils.hasText(properties.issuer()) || !StringUtils.hasText(properties.clientId())) {
			throw new IllegalStateException(
					"OpenID Connect sign-in needs crony.web.auth.oidc.issuer and crony.web.auth.oidc.client-id");
		}
		this.properties = properties;
	}

	@Override
	public ClientRegistration findByRegistrationId(String registrationId) {
		return REGISTRATION_ID.equals(registrationId) ? registration() : null;
	}

	ClientRegistration registration() {
		ClientRegistration known = this.registration;
		if (known != null) {
			return known;
		}
		synchronized (this) {
			if (this.registration == null) {
				this.registration = read();
			}
			return this.registration;
		}
	}

	private ClientRegistration read() {
		Set<String> scopes = new HashSet<>(this.properties.scopes());
		scopes.add("openid");
		ClientRegistration.Builder builder;
		try {
			builder = ClientRegistrations.fromIssuerLocation(this.properties.issuer());
		}
		catch (RuntimeException ex) {
			// the message quotes the provider's whole answer, an error page as often as
			// not
			String message = String.valueOf(ex.getMessage());
			log.error("The OpenID Connect provider {} could not be read: {}", this.properties.issuer(),
					(message.length() > 300) ? message.substring(0, 300) + "..." : message);
			throw ex;
		}
		builder.registrationId(REGISTRATION_ID)
			.clientId(this.properties.clientId())
			.scope(scopes)
			.redirectUri("{baseUrl}/login/oauth2/code/{registrationId}")
			.userNameAttributeName(this.properties.usernameClaim())
			.clientName(this.properties.displayName());
		if (StringUtils.hasText(this.properties.clientSecret())) {
			builder.clientSecret(this.properties.clientSecret());
		}
		else {
			// a public client: PKCE alone binds the code to this browser
			builder.clientAuthenticationMethod(ClientAuthenticationMethod.NONE);
		}
		return builder.build();
	}

}
