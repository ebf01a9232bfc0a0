package io.crony.alert;

import java.util.List;

/**
 * A channel's settings that are not secret, as stored in {@code alert_channel.config} and
 * shown by the API. Which fields apply depends on the channel type; the secret (SMTP
 * password or signing secret) is kept apart, see {@link Channel}.
 *
 * @param url FEISHU, DINGTALK, WEBHOOK: the endpoint ({@code http(s)://})
 * @param host MAIL: SMTP server host
 * @param port MAIL: SMTP server port
 * @param username MAIL: SMTP user; empty means no authentication
 * @param security MAIL: NONE, STARTTLS or SSL
 * @param from MAIL: sender address
 * @param to MAIL: recipient addresses
 */
public record ChannelConfig(String url, String host, Integer port, String username, MailSecurity security, String from,
		List<String> to) {

	public ChannelConfig {
		to = (to != null) ? List.copyOf(to) : null;
	}

	public static ChannelConfig webhook(String url) {
		return new ChannelConfig(url, null, null, null, null, null, null);
	}

	public static ChannelConfig mail(String host, int port, String username, MailSecurity security, String from,
			List<String> to) {
		return new ChannelConfig(null, host, port, username, security, from, to);
	}

}
