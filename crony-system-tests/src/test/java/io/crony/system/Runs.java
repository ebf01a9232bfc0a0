package io.crony.system;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.awaitility.core.ConditionTimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Jobs created and run on demand through crony-web's REST API, as a user does from the
 * dashboard, with the waits a loaded machine needs.
 */
final class Runs {

	private final Api api;

	private final String agent;

	Runs(Api api, String agent) {
		this.api = api;
		this.agent = agent;
	}

	static Map<String, Object> target(String type, String url, String mode) {
		Map<String, Object> target = new LinkedHashMap<>();
		target.put("type", type);
		target.put("url", url);
		target.put("mode", mode);
		if ("HTTP".equals(type)) {
			target.put("method", "POST");
			target.put("body", "${params}");
		}
		return target;
	}

	/** Creates a job that never fires by itself and waits until the agent holds it. */
	long create(String name, Map<String, Object> target, int timeoutSeconds, int maxAttempts) {
		return create(name, target, timeoutSeconds, maxAttempts, Map.of());
	}

	/**
	 * Creates a job that never fires by itself, with more of the job's fields
	 * ({@code alerts}, ...), and waits until the agent holds it.
	 */
	long create(String name, Map<String, Object> target, int timeoutSeconds, int maxAttempts,
			Map<String, Object> fields) {
		Map<String, Object> body = new LinkedHashMap<>(fields);
		body.put("name", name);
		body.put("schedule", "0 0 0 1 1 ?");
		body.put("timeZone", "UTC");
		body.put("target", target);
		body.put("timeoutSeconds", timeoutSeconds);
		body.put("retry", Map.of("maxAttempts", maxAttempts, "backoffSeconds", 1));
		Api.Answer created = this.api.post("/api/v1/jobs", body);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		long id = created.id();
		await("job " + name + " on the agent").atMost(Duration.ofSeconds(60))
			.until(() -> this.agent.equals(this.api.get("/api/v1/jobs/" + id).body().path("agentId").asText()));
		return id;
	}

	/**
	 * Runs the job until a run ends with the status: the agent sees Eureka changes at its
	 * next registry fetch, not at once.
	 */
	JsonNode untilEnding(long job, String params, String status) {
		return await("a run of job " + job + " ending " + status).atMost(Duration.ofSeconds(120))
			.pollInterval(Duration.ofMillis(1500))
			.until(() -> toEnd(job, params), (execution) -> status.equals(execution.path("status").asText()));
	}

	/**
	 * Runs the job once and waits for the run's end. A run still PENDING after 20 s was
	 * dropped by a fenced agent (its lease unconfirmed on a loaded machine: the agent
	 * starts no run then, by design); the job is run again.
	 */
	JsonNode toEnd(long job, String params) {
		return awaitEnd(start(job, params));
	}

	/** Runs the job once; the execution id once the run started (see {@link #toEnd}). */
	long start(long job, String params) {
		return await("a run of job " + job + " that started").atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> started(request(job, params)), (id) -> id != 0);
	}

	JsonNode awaitEnd(long executionId) {
		return await("execution " + executionId + " ended").atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> this.api.get("/api/v1/executions/" + executionId).body(), (execution) -> {
				String status = execution.path("status").asText();
				return !status.equals("PENDING") && !status.equals("RUNNING");
			});
	}

	/**
	 * Asks for a run; 0 when crony-web answered 500 (a run request and the agent's
	 * records can meet in a database deadlock on a loaded machine).
	 */
	private long request(long job, String params) {
		Map<String, Object> body = new LinkedHashMap<>();
		if (params != null) {
			body.put("params", params);
		}
		Api.Answer run = this.api.post("/api/v1/jobs/" + job + "/run", body);
		if (run.status() == 500) {
			return 0;
		}
		assertThat(run.status()).as("%s", run.body()).isEqualTo(202);
		return run.body().get("executionId").asLong();
	}

	/** The execution id once the run left PENDING, or 0 when it did not within 20 s. */
	private long started(long executionId) {
		if (executionId == 0) {
			return 0;
		}
		try {
			await().atMost(Duration.ofSeconds(20))
				.pollInterval(Duration.ofMillis(200))
				.until(() -> !"PENDING"
					.equals(this.api.get("/api/v1/executions/" + executionId).body().path("status").asText()));
			return executionId;
		}
		catch (ConditionTimeoutException ex) {
			return 0;
		}
	}

}
