package io.crony.agent.async;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.crony.agent.AgentTestSupport;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An ASYNC job with a status URL, against a real local HTTP target that accepts the run
 * and answers its status at a path with the execution's id: the agent asks it with the
 * call's headers, stores the progress, message and resume payload it answers, and ends
 * the run as it says, SUCCEEDED with its output or FAILED with its message. Default
 * status interval (5 s).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AsyncStatusUrlIT {

	static final String AGENT = "agent-status-url";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	/** What the status path answers next, by execution id. */
	static final Map<String, String> answers = new ConcurrentHashMap<>();

	/** The headers of every status ask, by execution id. */
	static final Map<String, List<Map<String, String>>> asked = new ConcurrentHashMap<>();

	static final HttpServer target = target();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
	}

	@AfterAll
	static void close() {
		target.stop(0);
		support.close();
	}

	@Test
	void storesTheProgressItAnswersAndEndsTheRunAsItSays() {
		JobSpec job = job(5101);
		support.assign(AGENT, job);
		long id = support.runOnce(AGENT, job, null);
		answers.put(Long.toString(id),
				"{\"outcome\":\"RUNNING\",\"progress\":40,\"message\":\"page 4 of 10\",\"resumePayload\":\"page-4\"}");

		await("progress stored").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "RUNNING")
				.containsEntry("progress", 40)
				.containsEntry("message", "page 4 of 10")
				.containsEntry("resume_payload", "page-4"));
		Map<String, String> ask = asked.get(Long.toString(id)).get(0);
		assertThat(ask).containsEntry("X-Crony-Execution-Id", Long.toString(id)).containsEntry("X-Crony-Attempt", "1");

		answers.put(Long.toString(id), "{\"outcome\":\"SUCCEEDED\",\"output\":\"10 pages\"}");
		await("run finished").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "SUCCEEDED")
				.containsEntry("progress", 100)
				.containsEntry("output", "10 pages"));
		support.unassign(AGENT, job.id());
	}

	@Test
	void failsTheRunWithTheMessageOfAFailedAnswer() {
		JobSpec job = job(5102);
		support.assign(AGENT, job);
		long id = support.runOnce(AGENT, job, null);
		answers.put(Long.toString(id), "{\"outcome\":\"FAILED\",\"message\":\"disk full\"}");

		await("run failed").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "FAILED")
				.containsEntry("error", "disk full"));
		support.unassign(AGENT, job.id());
	}

	private static JobSpec job(long id) {
		String url = "http://127.0.0.1:" + target.getAddress().getPort() + "/accept";
		TargetSpec accepting = new TargetSpec(TargetType.HTTP, "POST", url, Map.of(), null, TargetMode.ASYNC, null,
				List.of(), null, "/status/${executionId}");
		JobSpec base = AgentTestSupport.httpJob(id, AgentTestSupport.NEVER_SOON, url);
		return new JobSpec(base.id(), base.name(), null, base.schedule(), base.timeZone(), accepting, 120,
				RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, base.assignment(), true, 1);
	}

	private static HttpServer target() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.createContext("/accept", (exchange) -> {
				exchange.getRequestBody().readAllBytes();
				answer(exchange, 202, "{\"outcome\":\"ACCEPTED\"}");
			});
			server.createContext("/status/", (exchange) -> {
				String id = exchange.getRequestURI().getPath().substring("/status/".length());
				Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
				exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
				asked.computeIfAbsent(id, (key) -> new CopyOnWriteArrayList<>()).add(headers);
				String answer = answers.get(id);
				answer(exchange, (answer != null) ? 200 : 404, (answer != null) ? answer : "{}");
			});
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void answer(HttpExchange exchange, int status, String body) throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		exchange.sendResponseHeaders(status, bytes.length);
		exchange.getResponseBody().write(bytes);
		exchange.close();
	}

}
