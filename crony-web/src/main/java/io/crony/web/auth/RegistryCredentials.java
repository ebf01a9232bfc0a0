package io.crony.web.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;

import io.crony.web.discovery.EurekaServerProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * The one user of the embedded Eureka server: services, agents and crony-web itself
 * register, renew, remove and read instances as this user (HTTP Basic, credentials in the
 * Eureka URL). Compared in constant time rather than hashed: every instance renews every
 * 30 s and every client fetches every few seconds, a bcrypt check each time would cost
 * more than the registry itself.
 */
final class RegistryCredentials {

	static final String ROLE = "REGISTRY";

	private static final Logger log = LoggerFactory.getLogger(RegistryCredentials.class);

	private final String username;

	private final byte[] password;

	private RegistryCredentials(String username, String password) {
		this.username = username;
		this.password = password.getBytes(StandardCharsets.UTF_8);
	}

	/** The configured credentials, or the user with a random password logged once. */
	static RegistryCredentials of(EurekaServerProperties properties) {
		String configured = properties.password();
		if (configured != null && !configured.isBlank()) {
			return new RegistryCredentials(properties.username(), configured);
		}
		byte[] bytes = new byte[18];
		new SecureRandom().nextBytes(bytes);
		String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		log.warn(
				"Crony registry password (user {}): {} -- set crony.web.eureka-server.password "
						+ "(CRONY_REGISTRY_PASSWORD) so that services can keep registering across restarts",
				properties.username(), password);
		return new RegistryCredentials(properties.username(), password);
	}

	/** Signs in the registry user only; any other name or password is refused. */
	AuthenticationManager authenticationManager() {
		return (authentication) -> {
			byte[] given = String.valueOf(authentication.getCredentials()).getBytes(StandardCharsets.UTF_8);
			boolean nameMatches = this.username.equals(authentication.getName());
			if (!(MessageDigest.isEqual(this.password, given) & nameMatches)) {
				throw new BadCredentialsException("Wrong registry user or password");
			}
			return UsernamePasswordAuthenticationToken.authenticated(this.username, null,
					List.of(new SimpleGrantedAuthority("ROLE_" + ROLE)));
		};
	}

}
