package io.crony.web.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Opaque bearer tokens: 32 random bytes, URL-safe base64, handed out once; the database
 * keeps only their SHA-256, so a leaked table leaks no usable token.
 */
public final class OpaqueTokens {

	private static final SecureRandom RANDOM = new SecureRandom();

	private OpaqueTokens() {
	}

	/** A new random token, 43 characters of URL-safe base64. */
	public static String generate() {
		byte[] bytes = new byte[32];
		RANDOM.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	/**
	 * Whether {@code token} could be one {@link #generate()} made; anything else is not
	 * looked up.
	 */
	public static boolean isWellFormed(String token) {
		return token.length() == 43 && token.chars()
			.allMatch((c) -> (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'
					|| c == '_');
	}

	/** The token's SHA-256 as 64 hex digits, as stored. */
	public static String hash(String token) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JRE", ex);
		}
	}

}
