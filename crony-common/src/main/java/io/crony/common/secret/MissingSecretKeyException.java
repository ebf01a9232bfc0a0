package io.crony.common.secret;

/** A secret is to be stored, and no key to seal it with is configured. */
public final class MissingSecretKeyException extends IllegalStateException {

	public MissingSecretKeyException() {
		super("Secrets are stored encrypted: set crony.secrets.key (env CRONY_SECRET_KEY, base64 of 32 random "
				+ "bytes) or crony.secrets.key-file on crony-web and every agent");
	}

}
