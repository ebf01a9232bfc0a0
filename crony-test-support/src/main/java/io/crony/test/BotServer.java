package io.crony.test;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A real local HTTP server standing in for a Feishu bot, a DingTalk robot or a webhook
 * receiver. It checks each request's signature the way the vendor documents the check
 * (written here from the vendor's recipe, not with Crony's {@code Signatures}), answers
 * as the vendor does, and keeps what it received.
 */
public final class BotServer implements AutoCloseable {

	/** What the server checks. */
	public enum Vendor {

		FEISHU, DINGTALK, WEBHOOK

	}

	/** One request received: its body, headers, query and whether its signature held. */
	public record Received(JsonNode body, String raw, Map<String, String> headers, String query, boolean verified) {

	}

	private static final ObjectMapper MAPPER = new ObjectMapper();

	private final HttpServer server;

	private final Vendor vendor;

	private final String secret;

	private final List<Received> received = new CopyOnWriteArrayList<>();

	private BotServer(Vendor vendor, String secret) throws IOException {
		this.vendor = vendor;
		this.secret = secret;
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	public static BotServer start(Vendor vendor, String secret) throws IOException {
		return new BotServer(vendor, secret);
	}

	public String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/hook?access_token=t0ken";
	}

	public List<Received> received() {
		return List.copyOf(this.received);
	}

	private void handle(HttpExchange exchange) throws IOException {
		String raw;
		try (InputStream in = exchange.getRequestBody()) {
			raw = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
		Map<String, String> headers = new HashMap<>();
		exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), values.get(0)));
		String query = exchange.getRequestURI().getRawQuery();
		JsonNode body = MAPPER.readTree(raw);
		boolean verified = switch (this.vendor) {
			case FEISHU -> verifyFeishu(body);
			case DINGTALK -> verifyDingTalk(query);
			case WEBHOOK -> verifyWebhook(headers, raw);
		};
		this.received.add(new Received(body, raw, headers, query, verified));
		int status = 200;
		String answer = switch (this.vendor) {
			// Feishu and DingTalk answer 200 with an error code when the signature is bad
			case FEISHU -> verified ? "{\"code\":0,\"msg\":\"success\",\"data\":{}}"
					: "{\"code\":19021,\"msg\":\"sign match fail or timestamp is not within one hour from current time\"}";
			case DINGTALK ->
				verified ? "{\"errcode\":0,\"errmsg\":\"ok\"}" : "{\"errcode\":310000,\"errmsg\":\"sign not match\"}";
			case WEBHOOK -> {
				status = verified ? 200 : 401;
				yield "{}";
			}
		};
		byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, bytes.length);
		exchange.getResponseBody().write(bytes);
		exchange.close();
	}

	// Feishu: string_to_sign = timestamp + "\n" + secret is the HmacSHA256 key, the data
	// is empty; sign = Base64 of the MAC; the timestamp (seconds) within one hour.
	private boolean verifyFeishu(JsonNode body) {
		String timestamp = body.path("timestamp").asText(null);
		String sign = body.path("sign").asText(null);
		if (timestamp == null || sign == null || !recent(Long.parseLong(timestamp) * 1000)) {
			return false;
		}
		String expected = Base64.getEncoder().encodeToString(mac(timestamp + "\n" + this.secret, ""));
		return same(expected, sign);
	}

	// DingTalk: sign = urlEncode(Base64(HmacSHA256(key = secret, data = timestamp + "\n"
	// +
	// secret))); timestamp in milliseconds, within one hour.
	private boolean verifyDingTalk(String query) {
		Map<String, String> params = new HashMap<>();
		if (query != null) {
			for (String pair : query.split("&")) {
				int eq = pair.indexOf('=');
				if (eq > 0) {
					params.put(pair.substring(0, eq), pair.substring(eq + 1));
				}
			}
		}
		String timestamp = params.get("timestamp");
		String sign = params.get("sign");
		if (timestamp == null || sign == null || !recent(Long.parseLong(timestamp))
				|| !"t0ken".equals(params.get("access_token"))) {
			return false;
		}
		String expected = Base64.getEncoder().encodeToString(mac(this.secret, timestamp + "\n" + this.secret));
		return same(expected, URLDecoder.decode(sign, StandardCharsets.UTF_8));
	}

	// Crony's webhook: X-Crony-Signature = "sha256=" + hex(HmacSHA256(secret, timestamp +
	// "." + raw body)).
	private boolean verifyWebhook(Map<String, String> headers, String raw) {
		String timestamp = headers.get("x-crony-timestamp");
		String signature = headers.get("x-crony-signature");
		if (timestamp == null || signature == null || !recent(Long.parseLong(timestamp) * 1000)) {
			return false;
		}
		String expected = "sha256=" + java.util.HexFormat.of().formatHex(mac(this.secret, timestamp + "." + raw));
		return same(expected, signature);
	}

	private static boolean recent(long epochMillis) {
		return Math.abs(System.currentTimeMillis() - epochMillis) < 3_600_000;
	}

	private static boolean same(String a, String b) {
		return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
	}

	private static byte[] mac(String key, String data) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
