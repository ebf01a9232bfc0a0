package io.crony.alert;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.json.CronyJson;

/**
 * Feishu custom bot: a text message with {@code timestamp} and {@code sign} in the body.
 * Feishu answers 200 with {@code code} 0 on success and another code on failure.
 */
final class FeishuSender implements ChannelSender {

	private final HttpPoster http;

	private final Clock clock;

	FeishuSender(HttpPoster http, Clock clock) {
		this.http = http;
		this.clock = clock;
	}

	@Override
	public ChannelType type() {
		return ChannelType.FEISHU;
	}

	@Override
	public void send(Channel channel, Alert alert) {
		long timestamp = this.clock.instant().getEpochSecond();
		Map<String, Object> body = new LinkedHashMap<>();
		if (channel.secret() != null) {
			body.put("timestamp", Long.toString(timestamp));
			body.put("sign", Signatures.feishu(channel.secret(), timestamp));
		}
		body.put("msg_type", "text");
		body.put("content", Map.of("text", AlertText.text(alert, channel.language())));
		JsonNode answer = this.http.post(channel.config().url(), CronyJson.toJson(body), Map.of());
		// older bots answer StatusCode, newer ones code
		JsonNode code = answer.has("code") ? answer.get("code") : answer.get("StatusCode");
		if (code != null && code.asInt() != 0) {
			throw new SendFailedException(
					"Feishu refused the message: code " + code.asInt() + " "
							+ answer.path("msg").asText(answer.path("StatusMessage").asText()),
					"the bot answered HTTP 2xx but refused the message");
		}
	}

}
