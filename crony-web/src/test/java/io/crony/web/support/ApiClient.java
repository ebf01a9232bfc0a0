package io.crony.web.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.TextNode;

import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real HTTP client for the API of a running crony-web: never throws on an error status,
 * returns the status, content type and JSON body.
 */
public final class ApiClient {

	private static final ObjectMapper MAPPER = new ObjectMapper();

	private final RestClient rest;

	private final String token;

	private final String department;

	private ApiClient(RestClient rest, String token, String department) {
		this.rest = rest;
		this.token = token;
		this.department = department;
	}

	public static ApiClient anonymous(int port) {
		RestClient rest = RestClient.builder()
			.baseUrl("http://127.0.0.1:" + port)
			.requestFactory(new JdkClientHttpRequestFactory())
			.build();
		return new ApiClient(rest, null, null);
	}

	/** Signs in and returns a client that sends the token. */
	public ApiClient login(String username, String password) {
		Response response = post("/api/v1/auth/login", Map.of("username", username, "password", password));
		assertThat(response.status()).as("login of %s: %s", username, response.body()).isEqualTo(200);
		return withToken(response.body().get("token").asText());
	}

	public ApiClient withToken(String newToken) {
		return new ApiClient(this.rest, newToken, this.department);
	}

	/** A client whose requests work in this department (X-Crony-Department). */
	public ApiClient inDepartment(String name) {
		return new ApiClient(this.rest, this.token, name);
	}

	public String token() {
		return this.token;
	}

	public Response get(String path) {
		return send(HttpMethod.GET, path, null);
	}

	public Response post(String path, Object body) {
		return send(HttpMethod.POST, path, body);
	}

	public Response put(String path, Object body) {
		return send(HttpMethod.PUT, path, body);
	}

	public Response delete(String path) {
		return send(HttpMethod.DELETE, path, null);
	}

	/**
	 * Sends a request.
	 * @param body a String is sent as raw JSON text, anything else is written as JSON
	 */
	public Response send(HttpMethod method, String path, Object body) {
		RestClient.RequestBodySpec request = this.rest.method(method).uri(path).headers((headers) -> {
			if (this.token != null) {
				headers.setBearerAuth(this.token);
			}
			if (this.department != null) {
				headers.set("X-Crony-Department", this.department);
			}
		});
		if (body != null) {
			request.contentType(MediaType.APPLICATION_JSON).body((body instanceof String text) ? text : json(body));
		}
		return request.exchange((req, res) -> {
			byte[] bytes = res.getBody().readAllBytes();
			MediaType type = res.getHeaders().getContentType();
			boolean json = type != null && (type.isCompatibleWith(MediaType.APPLICATION_JSON)
					|| type.isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON));
			JsonNode node = (bytes.length == 0) ? null
					: json ? MAPPER.readTree(bytes) : TextNode.valueOf(new String(bytes, StandardCharsets.UTF_8));
			return new Response(res.getStatusCode().value(), type, node);
		});
	}

	private static String json(Object body) {
		try {
			return MAPPER.writeValueAsString(body);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** An answer: status, content type and body (null when empty). */
	public record Response(int status, MediaType contentType, JsonNode body) {

		/** The {@code field} of each entry of a problem detail's {@code errors}. */
		public List<String> errorFields() {
			List<String> fields = new ArrayList<>();
			body().path("errors").forEach((error) -> fields.add(error.path("field").asText()));
			return fields;
		}

		/** The message of the problem's error on one field. */
		public String errorMessage(String field) {
			for (JsonNode error : body().path("errors")) {
				if (field.equals(error.path("field").asText())) {
					return error.path("message").asText();
				}
			}
			return null;
		}

		public boolean isProblem() {
			return MediaType.APPLICATION_PROBLEM_JSON.isCompatibleWith(contentType()) && body() != null
					&& body().has("title") && body().has("status") && body().has("detail");
		}

		public long id() {
			return body().get("id").asLong();
		}

	}

}
