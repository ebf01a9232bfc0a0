package io.crony.common.execution;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Execution tokens: the proof a target passes back when it reports on a run. A token is
 * {@code base64url(HMAC-SHA256(secret, "crony-execution:" + executionId))} without
 * padding, so crony-web can check it without storing it, and nobody without the secret
 * can make one from an id. The secret is shared by web and agents through etcd
 * ({@code CronyKeys.executionTokenKey()}), base64url-encoded.
 */
public final class ExecutionTokens {

	/** Length of a secret made by {@link #newSecret()}. */
	public static final int SECRET_BYTES = 32;

	private static final String ALGORITHM = "HmacSHA256";

	private static final String PREFIX = "crony-execution:";

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
	 * The token of one execution.
	 * @param executionId the execution row's id
	 * @return the token, base64url without padding
	 */
	public String tokenFor(long executionId) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(executionId));
	}

	/**
	 * Checks a token in constant time.
	 * @param executionId the execution the report names
	 * @param token what the reporter sent (may be null)
	 * @return true only for the execution's own token
	 */
	public boolean verify(long executionId, String token) {
		if (token == null || token.isEmpty()) {
			return false;
		}
		byte[] expected = tokenFor(executionId).getBytes(StandardCharsets.US_ASCII);
		return MessageDigest.isEqual(expected, token.getBytes(StandardCharsets.UTF_8));
	}

	private byte[] mac(long executionId) {
		return this.macs.get().doFinal((PREFIX + executionId).getBytes(StandardCharsets.US_ASCII));
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
