package io.crony.sdk;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The default transport: the JDK {@code HttpClient} against a fixed base URL. */
final class JdkHttpTransport implements CronyTransport {

	private final String baseUrl;

	private final Duration requestTimeout;

	private final String userAgent;

	private final HttpClient http;

	JdkHttpTransport(URI baseUrl, Duration connectTimeout, Duration requestTimeout, String userAgent) {
		String url = baseUrl.toString();
		this.baseUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
		this.requestTimeout = requestTimeout;
		this.userAgent = userAgent;
		this.http = HttpClient.newBuilder().connectTimeout(connectTimeout).build();
	}

	@Override
	public Answer post(long executionId, String report, String token, byte[] json)
			throws IOException, InterruptedException {
		return post(executionId, report, token, null, json);
	}

	@Override
	public Answer post(long executionId, String report, String token, String traceparent, byte[] json)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create(this.baseUrl + "/api/v1/executions/" + executionId + "/" + report))
			.timeout(this.requestTimeout)
			.header("Content-Type", "application/json")
			.header("Accept", "application/json, application/problem+json")
			.header("User-Agent", this.userAgent)
			.header(TOKEN_HEADER, token)
			.POST(HttpRequest.BodyPublishers.ofByteArray(json));
		if (traceparent != null) {
			request.header(TRACEPARENT_HEADER, traceparent);
		}
		HttpResponse<byte[]> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
		return new Answer(response.statusCode(), response.body());
	}

}
