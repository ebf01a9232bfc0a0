package io.crony.alert;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.json.CronyJson;

/**
 * Posts JSON with the JDK client (one client, connections reused) and reads the answer.
 */
final class HttpPoster {

	private final HttpClient client;

	private final Duration timeout;

	HttpPoster(Duration timeout) {
		this.client = HttpClient.newBuilder().connectTimeout(timeout).build();
		this.timeout = timeout;
	}

	/**
	 * @return the answer's body parsed as JSON (an empty object when it is not JSON)
	 * @throws SendFailedException on a network error or a status other than 2xx
	 */
	JsonNode post(String url, String body, Map<String, String> headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
			.timeout(this.timeout)
			.header("Content-Type", "application/json; charset=utf-8")
			.POST(HttpRequest.BodyPublishers.ofString(body));
		headers.forEach(request::header);
		HttpResponse<String> response;
		try {
			response = this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new SendFailedException(host(url) + " unreachable: " + ex, "the endpoint was unreachable", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SendFailedException("Interrupted while posting to " + host(url), "the send was interrupted", ex);
		}
		if (response.statusCode() / 100 != 2) {
			// the status only: the body is the endpoint's, and this message is kept in
			// the
			// alert history anyone in the department reads
			throw new SendFailedException(host(url) + " answered " + response.statusCode(),
					"the endpoint answered HTTP " + response.statusCode() / 100 + "xx");
		}
		try {
			return CronyJson.mapper().readTree(response.body());
		}
		catch (IOException | RuntimeException ex) {
			return CronyJson.mapper().createObjectNode();
		}
	}

	// the URL of a bot carries its access token: errors name the host only
	private static String host(String url) {
		try {
			URI uri = URI.create(url);
			return uri.getScheme() + "://" + uri.getAuthority();
		}
		catch (IllegalArgumentException ex) {
			return "the endpoint";
		}
	}

}
