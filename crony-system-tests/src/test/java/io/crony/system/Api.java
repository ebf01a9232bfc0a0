package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** crony-web's REST API as a user (bearer token) or an SDK (execution token) calls it. */
public final class Api {

	private static final ObjectMapper MAPPER = new ObjectMapper();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String base;

	private String bearer;

	public Api(int port) {
		this.base = "http://127.0.0.1:" + port;
	}

	public void login(String user, String password) {
		this.bearer = send("POST", "/api/v1/auth/login", Map.of("username", user, "password", password), Map.of())
			.body()
			.get("token")
			.asText();
	}

	public Answer get(String path) {
		return send("GET", path, null, Map.of("Authorization", "Bearer " + this.bearer));
	}

	public Answer post(String path, Object body) {
		return send("POST", path, body, Map.of("Authorization", "Bearer " + this.bearer));
	}

	public Answer put(String path, Object body) {
		return send("PUT", path, body, Map.of("Authorization", "Bearer " + this.bearer));
	}

	public Answer delete(String path) {
		return send("DELETE", path, null, Map.of("Authorization", "Bearer " + this.bearer));
	}

	/** A report as an SDK sends it: no bearer token, the execution token in a header. */
	public Answer report(long executionId, String kind, String token, Object body) {
		return send("POST", "/api/v1/executions/" + executionId + "/" + kind, body, Map.of("X-Crony-Token", token));
	}

	private Answer send(String method, String path, Object body, Map<String, String> headers) {
		try {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
				.timeout(Duration.ofSeconds(20))
				.header("Content-Type", "application/json")
				.method(method, (body != null) ? HttpRequest.BodyPublishers.ofString(MAPPER.writeValueAsString(body))
						: HttpRequest.BodyPublishers.noBody());
			headers.forEach(request::header);
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			JsonNode json = response.body().isEmpty() ? null : MAPPER.readTree(response.body());
			return new Answer(response.statusCode(), json);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	public record Answer(int status, JsonNode body) {

		public long id() {
			return this.body.get("id").asLong();
		}

	}

}
