package io.crony.common.secret;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Secrets at rest (alert channel passwords and signing secrets, secret target headers):
 * AES-256-GCM under the installation's key, stored as
 * {@code enc:v1:<key id>:<base64 of nonce, ciphertext and tag>}. The key id (the first 8
 * hex digits of the key's SHA-256) says which key sealed a value, so values sealed under
 * a previous key still open while they are sealed again under the current one (key
 * rotation). A value without the prefix is a clear value from before encryption and opens
 * as itself.
 */
public final class SecretBox {

	/**
	 * What reads return in place of a secret; an update that sends it keeps the secret.
	 */
	public static final String MASK = "******";

	private static final String PREFIX = "enc:v1:";

	private static final int NONCE_BYTES = 12;

	private static final int TAG_BITS = 128;

	private final SecureRandom random = new SecureRandom();

	private final String currentId;

	private final Map<String, SecretKeySpec> keys;

	private SecretBox(String currentId, Map<String, SecretKeySpec> keys) {
		this.currentId = currentId;
		this.keys = keys;
	}

	/**
	 * @param current the key new values are sealed with (base64 of 32 bytes), or null
	 * when none is configured
	 * @param previous keys that sealed stored values before (base64 of 32 bytes each)
	 * @throws IllegalArgumentException when a key is not base64 of 32 bytes
	 */
	public static SecretBox of(String current, List<String> previous) {
		Map<String, SecretKeySpec> keys = new LinkedHashMap<>();
		String currentId = null;
		if (current != null && !current.isBlank()) {
			SecretKeySpec key = key(current, "the secret key");
			currentId = id(key);
			keys.put(currentId, key);
		}
		for (String old : previous) {
			SecretKeySpec key = key(old, "a previous secret key");
			keys.putIfAbsent(id(key), key);
		}
		return new SecretBox(currentId, keys);
	}

	public boolean hasKey() {
		return this.currentId != null;
	}

	public static boolean isSealed(String stored) {
		return stored != null && stored.startsWith(PREFIX);
	}

	/** Whether a stored value is sealed, but not under the current key. */
	public boolean needsResealing(String stored) {
		return isSealed(stored) && !keyId(stored).equals(this.currentId);
	}

	/**
	 * Whether this box can open a stored value (a clear one, or one sealed under a key it
	 * has).
	 */
	public boolean canOpen(String stored) {
		return !isSealed(stored) || this.keys.containsKey(keyId(stored));
	}

	/**
	 * @throws MissingSecretKeyException when no key is configured
	 */
	public String seal(String plain) {
		if (plain == null || isSealed(plain)) {
			return plain;
		}
		if (this.currentId == null) {
			throw new MissingSecretKeyException();
		}
		byte[] nonce = new byte[NONCE_BYTES];
		this.random.nextBytes(nonce);
		try {
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.ENCRYPT_MODE, this.keys.get(this.currentId), new GCMParameterSpec(TAG_BITS, nonce));
			byte[] sealed = cipher.doFinal(plain.getBytes(StandardCharsets.UTF_8));
			byte[] out = ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array();
			return PREFIX + this.currentId + ":" + Base64.getEncoder().encodeToString(out);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("Cannot seal a secret: " + ex.getMessage(), ex);
		}
	}

	/**
	 * @throws IllegalStateException when the value was sealed under a key this box does
	 * not have, or does not open under it (tampered)
	 */
	public String open(String stored) {
		if (!isSealed(stored)) {
			return stored;
		}
		String id = keyId(stored);
		SecretKeySpec key = this.keys.get(id);
		if (key == null) {
			throw new IllegalStateException("A secret is sealed under key " + id
					+ ", which is neither crony.secrets.key nor one of crony.secrets.previous-keys");
		}
		byte[] in = Base64.getDecoder().decode(stored.substring(PREFIX.length() + id.length() + 1));
		try {
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
			return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("A secret sealed under key " + id + " does not open: " + ex.getMessage(),
					ex);
		}
	}

	private static String keyId(String stored) {
		int end = stored.indexOf(':', PREFIX.length());
		return (end < 0) ? "" : stored.substring(PREFIX.length(), end);
	}

	private static SecretKeySpec key(String base64, String what) {
		byte[] bytes;
		try {
			bytes = Base64.getDecoder().decode(base64.trim());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException(what + " is not base64");
		}
		if (bytes.length != 32) {
			throw new IllegalArgumentException(
					what + " must be 32 bytes (base64 of 32 random bytes: head -c 32 /dev/urandom | base64), not "
							+ bytes.length);
		}
		return new SecretKeySpec(bytes, "AES");
	}

	private static String id(SecretKeySpec key) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
			return HexFormat.of().formatHex(digest, 0, 4);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
