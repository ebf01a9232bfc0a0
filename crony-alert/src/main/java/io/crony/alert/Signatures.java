package io.crony.alert;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The signatures each vendor documents for its bot webhooks, and Crony's own. */
public final class Signatures {

	private Signatures() {
	}

	/**
	 * Feishu custom bot: HMAC-SHA256 keyed with {@code timestamp + "\n" + secret} over an
	 * empty message, Base64. Goes into the body as {@code sign} beside {@code timestamp}.
	 * @param secret the bot's signing secret
	 * @param epochSeconds the timestamp sent with it, in seconds
	 */
	public static String feishu(String secret, long epochSeconds) {
		byte[] mac = hmac((epochSeconds + "\n" + secret).getBytes(StandardCharsets.UTF_8), new byte[0]);
		return Base64.getEncoder().encodeToString(mac);
	}

	/**
	 * DingTalk custom robot: HMAC-SHA256 keyed with the secret over
	 * {@code timestamp + "\n" + secret}, Base64 (then URL-encoded on the query string as
	 * {@code &timestamp=...&sign=...}).
	 * @param secret the robot's signing secret
	 * @param epochMillis the timestamp sent with it, in milliseconds
	 * @return the Base64 signature, not yet URL-encoded
	 */
	public static String dingTalk(String secret, long epochMillis) {
		byte[] mac = hmac(secret.getBytes(StandardCharsets.UTF_8),
				(epochMillis + "\n" + secret).getBytes(StandardCharsets.UTF_8));
		return Base64.getEncoder().encodeToString(mac);
	}

	/** The query string DingTalk expects after the webhook URL. */
	public static String dingTalkQuery(String secret, long epochMillis) {
		return "timestamp=" + epochMillis + "&sign="
				+ URLEncoder.encode(dingTalk(secret, epochMillis), StandardCharsets.UTF_8);
	}

	/**
	 * Crony's webhook: {@code sha256=} and the hex HMAC-SHA256, keyed with the secret, of
	 * {@code timestamp + "." + body}; sent as {@code X-Crony-Signature} beside
	 * {@code X-Crony-Timestamp} (seconds). Binding the timestamp lets a receiver refuse
	 * replays.
	 */
	public static String webhook(String secret, long epochSeconds, String body) {
		byte[] mac = hmac(secret.getBytes(StandardCharsets.UTF_8),
				(epochSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
		return "sha256=" + HexFormat.of().formatHex(mac);
	}

	static byte[] hmac(byte[] key, byte[] message) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key, "HmacSHA256"));
			return mac.doFinal(message);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available", ex);
		}
	}

}
