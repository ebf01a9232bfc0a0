package io.crony.alert;

import java.util.List;

/**
 * A channel's settings that are not secret, as stored in {@code alert_channel.config} and
 * shown by the API. Which fields apply depends on the channel type; the secret (SMTP
 * password or signing secret) is kept apart, see {@link Channel}.
 *
 * @param url FEISHU, DINGTALK, WEBHOOK: the endpoint ({@code http(s)://}); a bot's URL
 * carries its token, so it is stored sealed and shown masked
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

	public ChannelConfig withUrl(String newUrl) {
		return new ChannelConfig(newUrl, this.host, this.port, this.username, this.security, this.from, this.to);
	}

	/**
	 * The URL as the API shows it: scheme, host and port, the path and query (where bots
	 * carry their tokens) masked.
	 */
	public static String maskedUrl(String url) {
		if (url == null) {
			return null;
		}
		int scheme = url.indexOf("://");
		int path = (scheme < 0) ? -1 : url.indexOf('/', scheme + 3);
		return ((path < 0) ? url : url.substring(0, path)) + "/******";
	}

	public static ChannelConfig webhook(String url) {
		return new ChannelConfig(url, null, null, null, null, null, null);
	}

	public static ChannelConfig mail(String host, int port, String username, MailSecurity security, String from,
			List<String> to) {
		return new ChannelConfig(null, host, port, username, security, from, to);
	}

}
