package io.crony.web.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;

import org.springframework.stereotype.Service;

/**
 * Opaque bearer tokens: 32 random bytes, URL-safe base64, handed out once; the database
 * keeps only their SHA-256, so a leaked table leaks no usable token.
 */
@Service
class TokenService {

	private final SecureRandom random = new SecureRandom();

	private final AppUserMapper users;

	private final AuthProperties properties;

	private final Clock clock;

	TokenService(AppUserMapper users, AuthProperties properties) {
		this.users = users;
		this.properties = properties;
		this.clock = Clock.systemUTC();
	}

	IssuedToken issue(CronyPrincipal user) {
		byte[] bytes = new byte[32];
		this.random.nextBytes(bytes);
		String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		Instant expiresAt = now.plus(this.properties.tokenTtl());
		this.users.deleteExpiredTokens(now);
		this.users.insertToken(hash(token), user.id(), now, expiresAt);
		return new IssuedToken(token, expiresAt);
	}

	Optional<CronyPrincipal> authenticate(String token) {
		AppUser user = this.users.findByToken(hash(token), this.clock.instant());
		return Optional.ofNullable(user).map(AppUser::principal);
	}

	void revoke(String token) {
		this.users.deleteToken(hash(token));
	}

	static String hash(String token) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JRE", ex);
		}
	}

	record IssuedToken(String token, Instant expiresAt) {
	}

}
