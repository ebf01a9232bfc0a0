package io.crony.alert;

import java.util.Optional;

import io.crony.common.target.TargetPolicy;

/**
 * Where a channel sends, against the target policy jobs are held to: a bot's or webhook's
 * URL, or a mail channel's SMTP server. The same check where a channel is saved
 * (crony-web, naming the field) and right before each send (web and agent), so a channel
 * cannot make the platform call its own etcd, database or registry, loopback, or cloud
 * metadata.
 */
public final class ChannelPolicy {

	/** The SMTP port when a mail channel names none. */
	private static final int SMTP_PORT = 25;

	private ChannelPolicy() {
	}

	/**
	 * @return why the channel may not send, naming the field that says where; empty when
	 * it may
	 */
	public static Optional<Refusal> refusal(TargetPolicy policy, ChannelType type, ChannelConfig config) {
		if (type == ChannelType.MAIL) {
			if (config.host() == null || config.host().isBlank()) {
				return Optional.empty();
			}
			int port = (config.port() != null) ? config.port() : SMTP_PORT;
			return policy.refusal(config.host().trim(), port).map((why) -> new Refusal("config.host", smtp(why)));
		}
		if (config.url() == null || config.url().isBlank()) {
			return Optional.empty();
		}
		return policy.refusal(config.url().trim()).map((why) -> new Refusal("config.url", why));
	}

	private static String smtp(String why) {
		return why.replaceFirst("^target address", "SMTP server");
	}

	/**
	 * @param field the channel's field that names the address ({@code config.url},
	 * {@code config.host})
	 * @param reason the rule that refuses it
	 */
	public record Refusal(String field, String reason) {

	}

}
