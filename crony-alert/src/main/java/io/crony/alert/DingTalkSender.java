package io.crony.alert;

import java.time.Clock;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.json.CronyJson;

/**
 * DingTalk custom robot: a text message, {@code timestamp} and {@code sign} on the query
 * string. DingTalk answers 200 with {@code errcode} 0 on success.
 */
final class DingTalkSender implements ChannelSender {

	private final HttpPoster http;

	private final Clock clock;

	DingTalkSender(HttpPoster http, Clock clock) {
		this.http = http;
		this.clock = clock;
	}

	@Override
	public ChannelType type() {
		return ChannelType.DINGTALK;
	}

	@Override
	public void send(Channel channel, Alert alert) {
		String url = channel.config().url();
		if (channel.secret() != null) {
			url += ((url.indexOf('?') >= 0) ? "&" : "?")
					+ Signatures.dingTalkQuery(channel.secret(), this.clock.millis());
		}
		String body = CronyJson
			.toJson(Map.of("msgtype", "text", "text", Map.of("content", AlertText.text(alert, channel.language()))));
		JsonNode answer = this.http.post(url, body, Map.of());
		JsonNode code = answer.get("errcode");
		if (code != null && code.asInt() != 0) {
			throw new SendFailedException(
					"DingTalk refused the message: errcode " + code.asInt() + " " + answer.path("errmsg").asText(),
					"the bot answered HTTP 2xx but refused the message");
		}
	}

}
