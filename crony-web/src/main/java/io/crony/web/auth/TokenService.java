package io.crony.web.auth;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Service;

/**
 * People's session tokens ({@link OpaqueTokens}), issued at login and valid for
 * {@code crony.web.auth.token-ttl}; the user's role in the request's department is its
 * authority.
 */
@Service
class TokenService implements BearerAuthenticator {

	private final AppUserMapper users;

	private final AuthProperties properties;

	private final Clock clock;

	private final DepartmentResolver departments;

	TokenService(AppUserMapper users, AuthProperties properties, DepartmentResolver departments) {
		this.users = users;
		this.departments = departments;
		this.properties = properties;
		this.clock = Clock.systemUTC();
	}

	IssuedToken issue(CronyPrincipal user) {
		String token = OpaqueTokens.generate();
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		Instant expiresAt = now.plus(this.properties.tokenTtl());
		this.users.deleteExpiredTokens(now);
		this.users.insertToken(hash(token), user.id(), now, expiresAt);
		return new IssuedToken(token, expiresAt, this.properties.tokenTtl());
	}

	@Override
	public Optional<Authentication> authenticate(String token, String department) {
		if (!OpaqueTokens.isWellFormed(token)) {
			return Optional.empty();
		}
		AppUser user = this.users.findByToken(hash(token), this.clock.instant());
		if (user == null) {
			return Optional.empty();
		}
		CronyPrincipal principal = this.departments.principal(user, department);
		return Optional.of(UsernamePasswordAuthenticationToken.authenticated(principal, token,
				DepartmentResolver.authorities(principal)));
	}

	void revoke(String token) {
		this.users.deleteToken(hash(token));
	}

	static String hash(String token) {
		return OpaqueTokens.hash(token);
	}

	/**
	 * @param lifetime how long from now the token is valid: the session cookie's max age
	 */
	record IssuedToken(String token, Instant expiresAt, Duration lifetime) {
	}

}
