package io.crony.alert;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import io.crony.common.json.CronyJson;

/**
 * A generic JSON webhook: the alert as JSON ({@link AlertText#json}, its human text in
 * the channel's language), signed in {@code X-Crony-Signature} over
 * {@code X-Crony-Timestamp + "." + body}. Any 2xx is success.
 */
final class WebhookSender implements ChannelSender {

	static final String SIGNATURE = "X-Crony-Signature";

	static final String TIMESTAMP = "X-Crony-Timestamp";

	private final HttpPoster http;

	private final Clock clock;

	WebhookSender(HttpPoster http, Clock clock) {
		this.http = http;
		this.clock = clock;
	}

	@Override
	public ChannelType type() {
		return ChannelType.WEBHOOK;
	}

	@Override
	public void send(Channel channel, Alert alert) {
		String body = CronyJson.toJson(AlertText.json(alert, channel.language()));
		Map<String, String> headers = new LinkedHashMap<>();
		if (channel.secret() != null) {
			long timestamp = this.clock.instant().getEpochSecond();
			headers.put(TIMESTAMP, Long.toString(timestamp));
			headers.put(SIGNATURE, Signatures.webhook(channel.secret(), timestamp, body));
		}
		this.http.post(channel.config().url(), body, headers);
	}

}
