package io.crony.example.javasample;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.crony.sdk.Execution;
import io.crony.sdk.Progress;
import io.crony.sdk.Result;
import io.crony.sdk.testing.FakeCronyWeb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The sample's two jobs over HTTP, reporting to {@link FakeCronyWeb} instead of a real
 * crony-web, the way a service owner tests their own handlers. No Eureka here: the
 * platform's Eureka test runs the sample against the real thing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "eureka.client.enabled=false", "grpc.server.port=0", "sample.step=10ms" })
class JavaSampleIT {

	static final FakeCronyWeb web = FakeCronyWeb.start();

	@LocalServerPort
	int port;

	private final HttpClient http = HttpClient.newHttpClient();

	@DynamicPropertySource
	static void cronyWeb(DynamicPropertyRegistry registry) {
		registry.add("crony.sdk.web-url", web::url);
	}

	@AfterAll
	static void stopWeb() {
		web.close();
	}

	@Test
	void settlesOrdersSynchronously() throws Exception {
		HttpResponse<String> response = run("settle-orders", new Execution(1, "t"), null,
				"{\"day\":\"2026-11-21\",\"orders\":[12.5,7]}");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo(
				"{\"outcome\":\"SUCCEEDED\",\"message\":\"settled 2 orders for 2026-11-21\",\"output\":\"total=19.5\"}");
	}

	@Test
	void settlesOnlyItsShardsOrdersWhenSharded() throws Exception {
		String params = "{\"day\":\"2026-11-21\",\"orders\":[10,1,20,2,30]}";
		assertThat(runShard(0, 2, params).body()).isEqualTo("{\"outcome\":\"SUCCEEDED\","
				+ "\"message\":\"settled 3 of 5 orders for 2026-11-21\",\"output\":\"shard 0/2: total=60\"}");
		assertThat(runShard(1, 2, params).body()).isEqualTo("{\"outcome\":\"SUCCEEDED\","
				+ "\"message\":\"settled 2 of 5 orders for 2026-11-21\",\"output\":\"shard 1/2: total=3\"}");
		// a shard with no orders of its own, such as one of a broadcast to more instances
		assertThat(runShard(3, 4, "{\"day\":\"2026-11-21\",\"orders\":[12.5,7]}").body())
			.isEqualTo("{\"outcome\":\"SUCCEEDED\","
					+ "\"message\":\"settled 0 of 2 orders for 2026-11-21\",\"output\":\"shard 3/4: total=0\"}");
	}

	@Test
	void refusesANegativeOrder() throws Exception {
		HttpResponse<String> response = run("settle-orders", new Execution(2, "t"), null, "{\"orders\":[-1]}");
		assertThat(response.body()).isEqualTo("{\"outcome\":\"FAILED\",\"message\":\"order amount -1 is negative\"}");
	}

	@Test
	void rebuildsTheIndexAsynchronouslyFromWhereTheLastAttemptStopped() throws Exception {
		Execution execution = web.newExecution();
		HttpResponse<String> response = run("rebuild-index", execution, "3", "");
		assertThat(response.statusCode()).isEqualTo(202);
		await().atMost(Duration.ofSeconds(30)).until(() -> web.result(execution.id()).isPresent());
		assertThat(web.result(execution.id())).contains(Result.succeeded("rebuilt shards 4..5"));
		assertThat(web.progress(execution.id())).containsExactly(new Progress(80, "4", "shard 4 of 5 rebuilt"),
				new Progress(100, "5", "shard 5 of 5 rebuilt"));
	}

	@Test
	void stopsWorkingOnceTheRunHasTimedOut() throws Exception {
		Execution execution = web.newExecution();
		web.setStatus(execution.id(), "TIMED_OUT");
		int before = web.requests();
		run("rebuild-index", execution, null, "");
		// the first progress report answers applied=false: the job stops, and its FAILED
		// result (not applied) is the only report after it; a job that went on would
		// report its next shards 10 ms apart
		await().atMost(Duration.ofSeconds(30)).until(() -> web.requests() >= before + 2);
		await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> web.requests() == before + 2);
		assertThat(web.progress(execution.id())).isEmpty();
		assertThat(web.result(execution.id())).isEmpty();
	}

	private HttpResponse<String> runShard(int index, int total, String params) throws Exception {
		return this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/crony/jobs/settle-orders"))
				.header("X-Crony-Execution-Id", "3")
				.header("X-Crony-Shard-Index", String.valueOf(index))
				.header("X-Crony-Shard-Total", String.valueOf(total))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(params))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	private HttpResponse<String> run(String job, Execution execution, String resume, String params) throws Exception {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/crony/jobs/" + job))
			.header("X-Crony-Execution-Id", String.valueOf(execution.id()))
			.header("X-Crony-Token", execution.token())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(params));
		if (resume != null) {
			request.header("X-Crony-Resume-Payload", Base64.getEncoder().encodeToString(resume.getBytes()));
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
