package io.crony.common.execution;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.OptionalInt;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Execution tokens: the proof a target passes back when it reports on a run. A token
 * belongs to one attempt of an execution: {@code attempt + "." +
 * base64url(HMAC-SHA256(secret, "crony-execution:" + executionId + ":" + attempt))}
 * without padding, so crony-web can check it without storing it, nobody without the
 * secret can make one from an id, and a report tells which attempt sent it (a superseded
 * attempt's reports then change nothing). Tokens made before tokens were per attempt,
 * {@code base64url(HMAC-SHA256(secret, "crony-execution:" + executionId))}, are still
 * accepted for the runs that started with them ({@link #LEGACY}). The secret is shared by
 * web and agents through etcd ({@code CronyKeys.executionTokenKey()}), base64url-encoded.
 */
public final class ExecutionTokens {

	/** Length of a secret made by {@link #newSecret()}. */
	public static final int SECRET_BYTES = 32;

	private static final String ALGORITHM = "HmacSHA256";

	private static final String PREFIX = "crony-execution:";

	/**
	 * What {@link #verify} answers for a legacy per-execution token: it proves the
	 * execution but no attempt.
	 */
	public static final int LEGACY = 0;

	private static final SecureRandom RANDOM = new SecureRandom();

	private final SecretKeySpec key;

	// a Mac initialised with the key, per thread: doFinal leaves it ready for the next
	// token, and looking up the provider and initialising cost more than the HMAC itself
	// (agents make a token per attempt, thousands a second)
	private final ThreadLocal<Mac> macs = ThreadLocal.withInitial(this::newMac);

	private ExecutionTokens(byte[] secret) {
		if (secret.length < 16) {
			throw new IllegalArgumentException("Execution token secret must have at least 16 bytes");
		}
		this.key = new SecretKeySpec(secret.clone(), ALGORITHM);
	}

	/**
	 * Tokens made with a secret as stored in etcd.
	 * @param encodedSecret the base64url-encoded secret (padding optional)
	 * @return the token maker and checker
	 */
	public static ExecutionTokens fromEncodedSecret(String encodedSecret) {
		if (encodedSecret == null || encodedSecret.isBlank()) {
			throw new IllegalArgumentException("Execution token secret is empty");
		}
		return new ExecutionTokens(Base64.getUrlDecoder().decode(encodedSecret.trim()));
	}

	/** A fresh random secret, base64url-encoded as it is stored in etcd. */
	public static String newSecret() {
		byte[] secret = new byte[SECRET_BYTES];
		RANDOM.nextBytes(secret);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
	}

	/**
	 * The token of one attempt of an execution.
	 * @param executionId the execution row's id
	 * @param attempt the attempt, from 1
	 * @return the token: the attempt, a dot and the HMAC in base64url without padding
	 */
	public String tokenFor(long executionId, int attempt) {
		if (attempt < 1) {
			throw new IllegalArgumentException("Attempts count from 1, not " + attempt);
		}
		return attempt + "." + encode(mac(PREFIX + executionId + ":" + attempt));
	}

	/**
	 * The legacy token of a whole execution, as agents made them before tokens were per
	 * attempt; still accepted by {@link #verify} for the runs that started with one.
	 * @param executionId the execution row's id
	 * @return the token, base64url without padding
	 */
	public String tokenFor(long executionId) {
		return encode(mac(PREFIX + executionId));
	}

	/**
	 * Checks a token, the HMAC in constant time.
	 * @param executionId the execution the report names
	 * @param token what the reporter sent (may be null)
	 * @return the attempt a per-attempt token proves, {@link #LEGACY} for the execution's
	 * legacy token, empty for anything else
	 */
	public OptionalInt verify(long executionId, String token) {
		if (token == null || token.isEmpty()) {
			return OptionalInt.empty();
		}
		int dot = token.indexOf('.');
		if (dot < 0) {
			return matches(tokenFor(executionId), token) ? OptionalInt.of(LEGACY) : OptionalInt.empty();
		}
		int attempt = attemptOf(token.substring(0, dot));
		if (attempt < 1) {
			return OptionalInt.empty();
		}
		return matches(tokenFor(executionId, attempt), token) ? OptionalInt.of(attempt) : OptionalInt.empty();
	}

	// the attempt number a token starts with: digits only, no sign or leading zero (one
	// attempt has one token), or -1
	private static int attemptOf(String digits) {
		if (digits.isEmpty() || digits.length() > 9 || digits.charAt(0) == '0') {
			return -1;
		}
		for (int i = 0; i < digits.length(); i++) {
			if (digits.charAt(i) < '0' || digits.charAt(i) > '9') {
				return -1;
			}
		}
		return Integer.parseInt(digits);
	}

	private static boolean matches(String expected, String token) {
		return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
				token.getBytes(StandardCharsets.UTF_8));
	}

	private static String encode(byte[] mac) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(mac);
	}

	private byte[] mac(String message) {
		return this.macs.get().doFinal(message.getBytes(StandardCharsets.US_ASCII));
	}

	private Mac newMac() {
		try {
			Mac mac = Mac.getInstance(ALGORITHM);
			mac.init(this.key);
			return mac;
		}
		catch (NoSuchAlgorithmException | InvalidKeyException ex) {
			throw new IllegalStateException("HmacSHA256 is part of every Java runtime", ex);
		}
	}

}
