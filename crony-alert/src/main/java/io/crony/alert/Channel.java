package io.crony.alert;

/**
 * An alert channel ready to send through.
 *
 * @param id row id
 * @param name unique name
 * @param type where it delivers
 * @param config its settings
 * @param secret MAIL: the SMTP password; FEISHU, DINGTALK, WEBHOOK: the signing secret;
 * null when none is set
 * @param language the language its messages are written in (EN when null)
 */
public record Channel(long id, String name, ChannelType type, ChannelConfig config, String secret,
		AlertLanguage language) {

	public Channel {
		language = (language != null) ? language : AlertLanguage.EN;
	}

	/** A channel writing in English. */
	public Channel(long id, String name, ChannelType type, ChannelConfig config, String secret) {
		this(id, name, type, config, secret, AlertLanguage.EN);
	}

	@Override
	public String toString() {
		// never the secret, not even in a log line
		return "Channel[" + this.id + " " + this.name + " " + this.type + " " + this.language + "]";
	}

}
