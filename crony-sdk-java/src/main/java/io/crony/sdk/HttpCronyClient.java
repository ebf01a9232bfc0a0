package io.crony.sdk;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The client over the REST contract of docs/targets.md, retrying what got no answer. */
final class HttpCronyClient implements CronyClient {

	static final ObjectMapper JSON = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.build();

	private final CronyClientOptions options;

	private final CronyTransport transport;

	HttpCronyClient(CronyClientOptions options) {
		this.options = options;
		this.transport = (options.transport() != null) ? options.transport() : new JdkHttpTransport(options.baseUrl(),
				options.connectTimeout(), options.requestTimeout(), options.userAgent());
	}

	@Override
	public ReportResponse reportResult(Execution execution, Result result) {
		if (result.outcome() != Outcome.SUCCEEDED && result.outcome() != Outcome.FAILED) {
			throw new InvalidReportException(0, "Invalid report",
					"a result's outcome must be SUCCEEDED or FAILED, not " + result.outcome(), List.of());
		}
		return post("report result", execution, "result", result);
	}

	@Override
	public ReportResponse reportProgress(Execution execution, Progress progress) {
		if (progress.percent() < 0 || progress.percent() > 100) {
			throw new InvalidReportException(0, "Invalid report",
					"progress " + progress.percent() + " is outside 0..100", List.of());
		}
		return post("report progress", execution, "progress", progress);
	}

	@Override
	public void close() {
		this.transport.close();
	}

	private ReportResponse post(String operation, Execution execution, String what, Object body) {
		byte[] json = toJson(body);
		for (int attempt = 1;; attempt++) {
			Exception failure;
			try {
				CronyTransport.Answer answer = this.transport.post(execution.id(), what, execution.token(),
						execution.traceparent(), json);
				if (!isRetryable(answer.status())) {
					return decode(operation, execution, attempt, answer);
				}
				failure = new IOException("HTTP " + answer.status() + " " + snippet(answer.body()));
			}
			catch (IOException ex) {
				failure = ex;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new CronyRequestException(operation, execution.id(), attempt, ex);
			}
			if (attempt >= this.options.maxAttempts()) {
				throw new CronyRequestException(operation, execution.id(), attempt, failure);
			}
			try {
				Thread.sleep(this.options.backoffAfter(attempt).toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new CronyRequestException(operation, execution.id(), attempt, failure);
			}
		}
	}

	private static boolean isRetryable(int status) {
		return status == 502 || status == 503 || status == 504;
	}

	private static ReportResponse decode(String operation, Execution execution, int attempts,
			CronyTransport.Answer answer) {
		if (answer.status() / 100 != 2) {
			throw refusal(answer);
		}
		try {
			return JSON.readValue(answer.body(), ReportResponse.class);
		}
		catch (IOException ex) {
			// A 2xx that is not the contract's answer: a proxy's page, say. Not retried.
			throw new CronyRequestException(operation, execution.id(), attempts,
					new IOException("undecodable answer " + snippet(answer.body()), ex));
		}
	}

	/**
	 * A body that is not problem details (a proxy's HTML page, say) becomes the detail.
	 */
	static CronyRefusedException refusal(CronyTransport.Answer answer) {
		try {
			JsonNode problem = JSON.readTree(answer.body());
			String title = text(problem, "title");
			String detail = text(problem, "detail");
			List<FieldError> errors = problem.has("errors")
					? List.of(JSON.treeToValue(problem.get("errors"), FieldError[].class)) : List.of();
			if (title != null || detail != null || !errors.isEmpty()) {
				return CronyRefusedException.of(answer.status(), title, detail, errors);
			}
		}
		catch (IOException | RuntimeException ex) {
			// not problem details: fall through
		}
		return CronyRefusedException.of(answer.status(), null, snippet(answer.body()), List.of());
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = (node != null) ? node.get(field) : null;
		return (value != null && value.isTextual()) ? value.asText() : null;
	}

	private static byte[] toJson(Object body) {
		try {
			return JSON.writeValueAsBytes(body);
		}
		catch (JsonProcessingException ex) {
			throw new IllegalStateException("crony: cannot encode " + body, ex);
		}
	}

	static String snippet(byte[] body) {
		String text = (body != null) ? new String(body, StandardCharsets.UTF_8).strip() : "";
		return (text.length() > 200) ? text.substring(0, 200) + "..." : text;
	}

}
