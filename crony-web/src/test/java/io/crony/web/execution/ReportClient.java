package io.crony.web.execution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** Posts SDK reports as an SDK does: no bearer token, the execution token in a header. */
final class ReportClient {

	private static final ObjectMapper MAPPER = new ObjectMapper();

	private final HttpClient http = HttpClient.newHttpClient();

	private final int port;

	ReportClient(int port) {
		this.port = port;
	}

	Answer post(long executionId, String kind, String token, String json) {
		return post(executionId, kind, token, json, null);
	}

	/**
	 * @param traceparent the W3C trace context an SDK forwards from the call, or null
	 */
	Answer post(long executionId, String kind, String token, String json, String traceparent) {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/v1/executions/" + executionId + "/" + kind))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json));
		if (token != null) {
			request.header("X-Crony-Token", token);
		}
		if (traceparent != null) {
			request.header("traceparent", traceparent);
		}
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			String type = response.headers().firstValue("Content-Type").orElse("");
			return new Answer(response.statusCode(), type, MAPPER.readTree(response.body()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	record Answer(int status, String contentType, JsonNode body) {

		String errorField() {
			return this.body.path("errors").path(0).path("field").asText();
		}

	}

}
