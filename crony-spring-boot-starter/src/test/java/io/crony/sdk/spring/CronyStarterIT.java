package io.crony.sdk.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicInteger;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.google.protobuf.Timestamp;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.MetadataUtils;
import net.devh.boot.grpc.server.event.GrpcServerStartedEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.crony.common.grpc.v1.ExecuteRequest;
import io.crony.common.grpc.v1.ExecuteResponse;
import io.crony.common.grpc.v1.JobTargetGrpc;
import io.crony.common.grpc.v1.Outcome;
import io.crony.common.grpc.v1.StatusRequest;
import io.crony.common.grpc.v1.StatusResponse;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A Spring Boot service with the starter, on random ports: agents' HTTP and gRPC calls
 * reach the {@code @CronyJob} handlers, and async results and progress arrive at a real
 * local HTTP server standing in for crony-web, with the token.
 */
@SpringBootTest(classes = CronyStarterIT.App.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "grpc.server.port=0", "grpc.server.address=127.0.0.1", "crony.sdk.retry.backoff=10ms" })
class CronyStarterIT {

	static final WireMockServer web = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());

	static final AtomicInteger grpcPort = new AtomicInteger();

	/**
	 * A W3C trace context as the agent's call hands it over (docs/operations.md,
	 * "Tracing").
	 */
	static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	static {
		web.start();
	}

	@LocalServerPort
	int httpPort;

	@Autowired
	CronyJobRegistry registry;

	private final HttpClient http = HttpClient.newHttpClient();

	private ManagedChannel channel;

	@DynamicPropertySource
	static void cronyWeb(DynamicPropertyRegistry registry) {
		registry.add("crony.sdk.web-url", web::baseUrl);
	}

	@BeforeEach
	void answerReports() {
		web.resetAll();
		web.stubFor(post(urlPathMatching("/api/v1/executions/\\d+/(result|progress)"))
			.willReturn(aResponse().withHeader("Content-Type", "application/json")
				.withBody("{\"applied\":true,\"status\":\"RUNNING\"}")));
		this.channel = ManagedChannelBuilder.forAddress("127.0.0.1", grpcPort.get()).usePlaintext().build();
	}

	@AfterEach
	void closeChannel() {
		this.channel.shutdownNow();
	}

	@AfterAll
	static void stopWeb() {
		web.stop();
	}

	@Test
	void findsEveryAnnotatedHandler() {
		assertThat(this.registry.names()).containsExactly("async-explode", "async-future", "describe", "describe-shard",
				"explode", "finish-by-context", "rebuild-index", "settle-orders");
	}

	@Test
	void answersASyncRunOverHttpWithTheHandlersValue() throws Exception {
		HttpResponse<String> response = postJob("settle-orders", "{\"day\":\"2026-11-21\",\"orders\":12}");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body())
			.isEqualTo("{\"outcome\":\"SUCCEEDED\",\"message\":\"settled 12 orders of 2026-11-21\"}");
	}

	@Test
	void answersFailedWithTheMessageOfWhatTheHandlerThrew() throws Exception {
		HttpResponse<String> response = postJob("explode", "");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).isEqualTo("{\"outcome\":\"FAILED\",\"message\":\"disk full\"}");
	}

	@Test
	void answersWhatASyncHandlerSetThroughItsContext() throws Exception {
		assertThat(postJob("finish-by-context", "").body())
			.isEqualTo("{\"outcome\":\"FAILED\",\"message\":\"nothing to settle\"}");
		web.verify(0, postRequestedFor(urlPathMatching(".*")));
	}

	@Test
	void handsTheAgentsHeadersToTheHandler() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(jobUri("describe"))
			.header("X-Crony-Execution-Id", "41")
			.header("X-Crony-Job-Id", "7")
			.header("X-Crony-Job-Name", "nightly")
			.header("X-Crony-Attempt", "2")
			.header("X-Crony-Trigger", "RETRY")
			.header("X-Crony-Token", "tok")
			.header("X-Crony-Scheduled-At", "2026-11-21T01:00:00+08:00")
			.header("X-Crony-Deadline", "2026-11-20T17:00:30Z")
			.header("X-Crony-Resume-Payload", Base64.getEncoder().encodeToString("shard-3".getBytes()))
			.POST(HttpRequest.BodyPublishers.ofString("{\"day\":\"x\"}"))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body())
			.isEqualTo("{\"outcome\":\"SUCCEEDED\",\"message\":\"attempt 2 of job 7 (nightly) by RETRY, "
					+ "resume shard-3, deadline 2026-11-20T17:00:30Z, params {\\\"day\\\":\\\"x\\\"}\","
					+ "\"output\":\"scheduled 2026-11-20T17:00:00Z\"}");
	}

	@Test
	void answersNotFoundNamingTheHandlersForAnUnknownOne() throws Exception {
		HttpResponse<String> response = postJob("no-such-job", "");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(response.body()).contains("\"outcome\":\"FAILED\"")
			.contains("no handler \\\"no-such-job\\\"")
			.contains("settle-orders");
	}

	@Test
	void refusesAMalformedHeader() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(jobUri("settle-orders"))
			.header("X-Crony-Execution-Id", "forty-one")
			.POST(HttpRequest.BodyPublishers.noBody())
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("X-Crony-Execution-Id").contains("FAILED");
	}

	@Test
	void handsTheShardHeadersToTheHandler() throws Exception {
		HttpResponse<String> sharded = this.http.send(HttpRequest.newBuilder(jobUri("describe-shard"))
			.header("X-Crony-Shard-Index", "1")
			.header("X-Crony-Shard-Total", "4")
			.header("X-Crony-Shard-Params", Base64.getEncoder().encodeToString("{\"region\":\"east\"}".getBytes()))
			.POST(HttpRequest.BodyPublishers.noBody())
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(sharded.statusCode()).isEqualTo(200);
		assertThat(sharded.body()).isEqualTo(
				"{\"outcome\":\"SUCCEEDED\",\"message\":\"shard 1/4, params {\\\"region\\\":\\\"east\\\"}, owns item 5: true\"}");

		assertThat(postJob("describe-shard", "").body())
			.isEqualTo("{\"outcome\":\"SUCCEEDED\",\"message\":\"not sharded, owns item 5: true\"}");
	}

	@Test
	void refusesMalformedShardHeaders() throws Exception {
		for (String[] headers : new String[][] { { "X-Crony-Shard-Index", "one", "X-Crony-Shard-Total", "4" },
				{ "X-Crony-Shard-Index", "0", "X-Crony-Shard-Total", "0" },
				{ "X-Crony-Shard-Index", "4", "X-Crony-Shard-Total", "4" },
				{ "X-Crony-Shard-Index", "-1", "X-Crony-Shard-Total", "4" },
				{ "X-Crony-Shard-Index", "2", "X-Crony-Trigger", "CRON" },
				{ "X-Crony-Shard-Index", "0", "X-Crony-Shard-Total", "99999999999" },
				{ "X-Crony-Shard-Total", "2", "X-Crony-Shard-Params", "{not base64}" } }) {
			HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(jobUri("describe-shard"))
				.headers(headers)
				.POST(HttpRequest.BodyPublishers.noBody())
				.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).as(String.join(" ", headers)).isEqualTo(400);
			assertThat(response.body()).as(String.join(" ", headers)).contains("X-Crony-Shard-").contains("FAILED");
		}
	}

	@Test
	void acceptsAnAsyncRunAndReportsItsProgressAndResultWithTheToken() throws Exception {
		HttpResponse<String> response = this.http.send(HttpRequest.newBuilder(jobUri("rebuild-index"))
			.header("X-Crony-Execution-Id", "77")
			.header("X-Crony-Token", "token-77")
			.header("X-Crony-Resume-Payload", Base64.getEncoder().encodeToString("20".getBytes()))
			.POST(HttpRequest.BodyPublishers.noBody())
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(202);
		assertThat(response.body()).isEqualTo("{\"outcome\":\"ACCEPTED\"}");
		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/77/result"))
				.withHeader("X-Crony-Token", equalTo("token-77"))
				.withRequestBody(equalToJson("{\"outcome\":\"SUCCEEDED\",\"message\":\"rebuilt shards 20 to 30\"}"))));
		web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/77/progress"))
			.withHeader("X-Crony-Token", equalTo("token-77"))
			.withRequestBody(equalToJson("{\"progress\":50,\"resumePayload\":\"25\"}")));
	}

	@Test
	void servesHandlersOverGrpcByHandlerOrJobName() {
		ExecuteResponse byHandler = stub().execute(ExecuteRequest.newBuilder()
			.setExecutionId(5)
			.setJobName("nightly")
			.setHandler("settle-orders")
			.setParams("{\"day\":\"2026-11-22\",\"orders\":3}")
			.build());
		assertThat(byHandler.getOutcome()).isEqualTo(Outcome.SUCCEEDED);
		assertThat(byHandler.getMessage()).isEqualTo("settled 3 orders of 2026-11-22");

		ExecuteResponse byJobName = stub().execute(ExecuteRequest.newBuilder()
			.setExecutionId(6)
			.setJobName("describe")
			.setAttempt(3)
			.setReportToken("t")
			.setResumePayload("shard-9")
			.setScheduledAt(Timestamp.newBuilder().setSeconds(1_800_000_000))
			.build());
		assertThat(byJobName.getOutcome()).isEqualTo(Outcome.SUCCEEDED);
		assertThat(byJobName.getMessage()).startsWith("attempt 3 of job 0 (describe) by , resume shard-9");
		assertThat(byJobName.getOutput()).isEqualTo("scheduled 2027-01-15T08:00:00Z");

		ExecuteResponse failed = stub().execute(ExecuteRequest.newBuilder().setHandler("explode").build());
		assertThat(failed.getOutcome()).isEqualTo(Outcome.FAILED);
		assertThat(failed.getMessage()).isEqualTo("disk full");
	}

	@Test
	void handsTheShardFieldsOverGrpcToTheHandler() {
		ExecuteResponse sharded = stub().execute(ExecuteRequest.newBuilder()
			.setHandler("describe-shard")
			.setShardIndex(2)
			.setShardTotal(3)
			.setShardParams("east")
			.build());
		assertThat(sharded.getMessage()).isEqualTo("shard 2/3, params east, owns item 5: true");
		assertThat(stub().execute(ExecuteRequest.newBuilder().setHandler("describe-shard").setShardTotal(5).build())
			.getMessage()).isEqualTo("shard 0/5, params none, owns item 5: true");
	}

	@Test
	void answersInvalidArgumentOverGrpcForShardFieldsOutOfBounds() {
		for (ExecuteRequest request : new ExecuteRequest[] {
				ExecuteRequest.newBuilder().setHandler("describe-shard").setShardIndex(3).setShardTotal(3).build(),
				ExecuteRequest.newBuilder().setHandler("describe-shard").setShardIndex(-1).setShardTotal(3).build(),
				ExecuteRequest.newBuilder().setHandler("describe-shard").setShardTotal(-2).build(),
				ExecuteRequest.newBuilder().setHandler("describe-shard").setShardIndex(1).build() }) {
			assertThatExceptionOfType(StatusRuntimeException.class).isThrownBy(() -> stub().execute(request))
				.satisfies((ex) -> {
					assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
					assertThat(ex.getStatus().getDescription()).contains("shard");
				});
		}
	}

	@Test
	void answersNotFoundOverGrpcForAnUnknownHandler() {
		assertThatExceptionOfType(StatusRuntimeException.class)
			.isThrownBy(() -> stub().execute(ExecuteRequest.newBuilder().setHandler("no-such-job").build()))
			.satisfies((ex) -> {
				assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
				assertThat(ex.getStatus().getDescription()).contains("no-such-job").contains("settle-orders");
			});
	}

	@Test
	void reportsAnAsyncHandlersFailureAndAFuturesValueOverGrpc() {
		ExecuteResponse accepted = stub().execute(ExecuteRequest.newBuilder()
			.setExecutionId(90)
			.setReportToken("t90")
			.setHandler("async-explode")
			.build());
		stub().execute(ExecuteRequest.newBuilder()
			.setExecutionId(91)
			.setReportToken("t91")
			.setHandler("async-future")
			.build());
		assertThat(accepted.getOutcome()).isEqualTo(Outcome.ACCEPTED);
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/90/result"))
				.withHeader("X-Crony-Token", equalTo("t90"))
				.withRequestBody(equalToJson("{\"outcome\":\"FAILED\",\"message\":\"index corrupt\"}")));
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/91/result"))
				.withHeader("X-Crony-Token", equalTo("t91"))
				.withRequestBody(equalToJson("{\"outcome\":\"SUCCEEDED\",\"message\":\"computed later\"}")));
		});
	}

	@Test
	void retriesAReportCronyWebCouldNotTake() {
		web.stubFor(post(urlPathEqualTo("/api/v1/executions/95/result")).inScenario("busy")
			.whenScenarioStateIs(com.github.tomakehurst.wiremock.stubbing.Scenario.STARTED)
			.willReturn(aResponse().withStatus(503))
			.willSetStateTo("recovered"));
		web.stubFor(post(urlPathEqualTo("/api/v1/executions/95/result")).inScenario("busy")
			.whenScenarioStateIs("recovered")
			.willReturn(aResponse().withHeader("Content-Type", "application/json")
				.withBody("{\"applied\":true,\"status\":\"SUCCEEDED\"}"))
			.willSetStateTo("done"));
		stub().execute(ExecuteRequest.newBuilder()
			.setExecutionId(95)
			.setReportToken("t95")
			.setHandler("async-future")
			.build());
		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> web.verify(2, postRequestedFor(urlPathEqualTo("/api/v1/executions/95/result"))));
		assertThat(web.getAllScenarios().getScenarios().get(0).getState()).isEqualTo("done");
	}

	@Test
	void answersStatusAsksThroughTheStatusMethodOfTheirHandler() {
		StatusResponse running = stub().status(StatusRequest.newBuilder()
			.setExecutionId(7)
			.setJobId(3)
			.setJobName("nightly-index")
			.setHandler("index-status")
			.setAttempt(2)
			.setReportToken("tok")
			.build());
		assertThat(running.getOutcome()).isEqualTo(Outcome.RUNNING);
		assertThat(running.hasProgress()).isTrue();
		assertThat(running.getProgress()).isEqualTo(40);
		assertThat(running.getMessage()).isEqualTo("attempt 2 of nightly-index (3), token tok, handler index-status");
		assertThat(running.getResumePayload()).isEqualTo("page-4");

		StatusResponse done = stub()
			.status(StatusRequest.newBuilder().setHandler("index-status").setParams("done").build());
		assertThat(done.getOutcome()).isEqualTo(Outcome.SUCCEEDED);
		assertThat(done.getOutput()).isEqualTo("10 pages");
		assertThat(done.hasProgress()).isFalse();
		assertThat(done.hasResumePayload()).isFalse();
		StatusResponse broken = stub()
			.status(StatusRequest.newBuilder().setHandler("index-status").setParams("broken").build());
		assertThat(broken.getOutcome()).isEqualTo(Outcome.FAILED);
		assertThat(broken.getMessage()).isEqualTo("disk full");

		assertThatExceptionOfType(StatusRuntimeException.class).isThrownBy(
				() -> stub().status(StatusRequest.newBuilder().setHandler("index-status").setParams("unknown").build()))
			.withMessageContaining("no run 0 here")
			.satisfies((ex) -> assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.UNKNOWN));
		assertThatExceptionOfType(StatusRuntimeException.class)
			.isThrownBy(() -> stub().status(StatusRequest.newBuilder().setHandler("rebuild-index").build()))
			.withMessageContaining("no status method \"rebuild-index\" in this service (it has: index-status)")
			.satisfies((ex) -> assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
	}

	@Test
	void reportsAnAsyncRunWithTheTraceparentItsHttpCallCameWithAndNoneWithoutOne() throws Exception {
		for (long id : new long[] { 130, 131 }) {
			HttpRequest.Builder call = HttpRequest.newBuilder(jobUri("rebuild-index"))
				.header("X-Crony-Execution-Id", String.valueOf(id))
				.header("X-Crony-Token", "t" + id)
				.POST(HttpRequest.BodyPublishers.noBody());
			if (id == 130) {
				call.header("traceparent", TRACEPARENT);
			}
			assertThat(this.http.send(call.build(), HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(202);
		}
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/130/progress")).withHeader("traceparent",
					equalTo(TRACEPARENT)));
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/130/result")).withHeader("traceparent",
					equalTo(TRACEPARENT)));
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/131/result")).withoutHeader("traceparent"));
		});
	}

	@Test
	void reportsAnAsyncRunWithTheTraceparentItsGrpcCallCameWithAndDropsAMalformedOne() {
		for (long id : new long[] { 120, 121 }) {
			Metadata metadata = new Metadata();
			metadata.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER),
					(id == 120) ? TRACEPARENT : "00-not-a-trace-01");
			ExecuteResponse accepted = stub().withInterceptors(MetadataUtils.newAttachHeadersInterceptor(metadata))
				.execute(ExecuteRequest.newBuilder()
					.setExecutionId(id)
					.setReportToken("t" + id)
					.setHandler("rebuild-index")
					.build());
			assertThat(accepted.getOutcome()).isEqualTo(Outcome.ACCEPTED);
		}
		await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/120/progress")).withHeader("traceparent",
					equalTo(TRACEPARENT)));
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/120/result")).withHeader("traceparent",
					equalTo(TRACEPARENT)));
			web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/121/result")).withoutHeader("traceparent"));
		});
	}

	/**
	 * The OpenFeign transport itself, built as the starter builds it (crony-web by URL).
	 */
	@Test
	void theFeignTransportSendsTheTraceparentAndNoHeaderWithoutOne(@Autowired ApplicationContext context,
			@Autowired CronySdkProperties properties) throws Exception {
		FeignCronyTransport transport = FeignCronyTransport.create(context, properties);
		byte[] progress = "{\"progress\":10}".getBytes();
		assertThat(transport.post(140, "progress", "t140", TRACEPARENT, progress).status()).isEqualTo(200);
		assertThat(transport.post(141, "progress", "t141", null, progress).status()).isEqualTo(200);
		web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/140/progress"))
			.withHeader("X-Crony-Token", equalTo("t140"))
			.withHeader("traceparent", equalTo(TRACEPARENT)));
		web.verify(postRequestedFor(urlPathEqualTo("/api/v1/executions/141/progress"))
			.withHeader("X-Crony-Token", equalTo("t141"))
			.withoutHeader("traceparent"));
	}

	private JobTargetGrpc.JobTargetBlockingStub stub() {
		return JobTargetGrpc.newBlockingStub(this.channel).withDeadlineAfter(Duration.ofSeconds(20));
	}

	private HttpResponse<String> postJob(String name, String body) throws Exception {
		return this.http.send(HttpRequest.newBuilder(jobUri(name))
			.header("X-Crony-Execution-Id", "1")
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	private URI jobUri(String name) {
		return URI.create("http://127.0.0.1:" + this.httpPort + "/crony/jobs/" + name);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class App {

		@Bean
		TestJobs testJobs() {
			return new TestJobs();
		}

		@Bean
		ApplicationListener<GrpcServerStartedEvent> grpcPortListener() {
			return (event) -> grpcPort.set(event.getPort());
		}

	}

}
