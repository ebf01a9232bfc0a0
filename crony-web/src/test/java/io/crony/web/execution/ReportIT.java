package io.crony.web.execution;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.google.protobuf.UnknownFieldSet;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.ExecutionTokens;
import io.crony.common.grpc.v1.ExecutionReportsGrpc;
import io.crony.common.grpc.v1.Outcome;
import io.crony.common.grpc.v1.ReportProgressRequest;
import io.crony.common.grpc.v1.ReportResponse;
import io.crony.common.grpc.v1.ReportResultRequest;
import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.reflection.v1alpha.ServerReflectionGrpc;
import io.grpc.reflection.v1alpha.ServerReflectionRequest;
import io.grpc.reflection.v1alpha.ServerReflectionResponse;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * SDK reports against real MariaDB and etcd, over REST and gRPC: the token decides, only
 * a RUNNING row changes, a refused report changes nothing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "management.tracing.sampling.probability=1.0")
@AutoConfigureObservability
class ReportIT {

	/** Spans crony-web records, as an OTLP exporter would get them. */
	static final InMemorySpanExporter spans = InMemorySpanExporter.create();

	@TestConfiguration
	static class Spans {

		@Bean
		SpanExporter inMemorySpans() {
			return spans;
		}

	}

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int GRPC_PORT = freePort();

	private static ManagedChannel channel;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		registry.add("grpc.server.port", () -> GRPC_PORT);
		registry.add("grpc.server.address", () -> "127.0.0.1");
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private Client etcd;

	private ReportClient rest;

	private ExecutionReportsGrpc.ExecutionReportsBlockingStub grpc;

	private ExecutionTokens tokens;

	// one job per row: (job_id, scheduled_at) is unique and the database keeps whole
	// seconds
	private final AtomicLong nextJobId = new AtomicLong();

	@BeforeAll
	static void openChannel() {
		channel = Grpc.newChannelBuilderForAddress("127.0.0.1", GRPC_PORT, InsecureChannelCredentials.create()).build();
	}

	@AfterAll
	static void closeChannel() throws InterruptedException {
		channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
	}

	@BeforeEach
	void setUp() throws Exception {
		this.rest = new ReportClient(this.port);
		this.grpc = ExecutionReportsGrpc.newBlockingStub(channel).withDeadlineAfter(10, TimeUnit.SECONDS);
		// the secret as an agent reads it: from etcd, where crony-web put it at start
		ByteSequence key = ByteSequence.from(new CronyKeys(services.keyPrefix()).executionTokenKey(),
				StandardCharsets.UTF_8);
		String secret = this.etcd.getKVClient()
			.get(key)
			.get(10, TimeUnit.SECONDS)
			.getKvs()
			.get(0)
			.getValue()
			.toString(StandardCharsets.US_ASCII);
		this.tokens = ExecutionTokens.fromEncodedSecret(secret);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
	}

	// net.devh serves reflection as grpc.reflection.v1alpha (ProtoReflectionService)
	@Test
	void refusesServerReflectionByDefault() throws Exception {
		CompletableFuture<ServerReflectionResponse> answer = new CompletableFuture<>();
		StreamObserver<ServerReflectionRequest> requests = ServerReflectionGrpc.newStub(channel)
			.withDeadlineAfter(10, TimeUnit.SECONDS)
			.serverReflectionInfo(new StreamObserver<>() {
				@Override
				public void onNext(ServerReflectionResponse response) {
					answer.complete(response);
				}

				@Override
				public void onError(Throwable error) {
					answer.completeExceptionally(error);
				}

				@Override
				public void onCompleted() {
				}
			});
		requests.onNext(ServerReflectionRequest.newBuilder().setListServices("*").build());
		requests.onCompleted();

		assertThatThrownBy(() -> answer.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
			.cause()
			.isInstanceOfSatisfying(StatusRuntimeException.class,
					(ex) -> assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.UNIMPLEMENTED));
	}

	/**
	 * An SDK forwards the traceparent its call came with: crony-web's span of the report
	 * joins the run's trace, a child of the span that called the target.
	 */
	@Test
	void recordsAReportsSpanInTheTraceOfTheCallItForwards() {
		long id = runningExecution();
		String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
		String callSpanId = "00f067aa0ba902b7";

		ReportClient.Answer answer = this.rest.post(id, "progress", this.tokens.tokenFor(id, 1), "{\"progress\":10}",
				"00-" + traceId + "-" + callSpanId + "-01");

		assertThat(answer.status()).as("%s", answer.body()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(spans.getFinishedSpanItems())
				.anySatisfy((span) -> assertThat(span.getTraceId() + "/" + span.getParentSpanId())
					.isEqualTo(traceId + "/" + callSpanId)));
	}

	/**
	 * The same over gRPC (the Go SDK's GRPCReporter): the traceparent comes as the call's
	 * metadata, and crony-web's span of the report joins the run's trace.
	 */
	@Test
	void recordsAGrpcReportsSpanInTheTraceOfTheCallItForwards() {
		long id = runningExecution();
		String traceId = "5bf92f3577b34da6a3ce929d0e0e4737";
		String callSpanId = "10f067aa0ba902b8";
		Metadata metadata = new Metadata();
		metadata.put(Metadata.Key.of("traceparent", Metadata.ASCII_STRING_MARSHALLER),
				"00-" + traceId + "-" + callSpanId + "-01");

		ReportResponse answer = this.grpc.withInterceptors(MetadataUtils.newAttachHeadersInterceptor(metadata))
			.reportProgress(ReportProgressRequest.newBuilder()
				.setExecutionId(id)
				.setToken(this.tokens.tokenFor(id, 1))
				.setProgress(10)
				.build());

		assertThat(answer.getApplied()).isTrue();
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(spans.getFinishedSpanItems())
				.anySatisfy((span) -> assertThat(span.getTraceId() + "/" + span.getParentSpanId())
					.isEqualTo(traceId + "/" + callSpanId)));
	}

	@Test
	void keepsTheHeadOfAnOversizedReportedOutputWithAMarker() {
		long id = runningExecution();
		// 200,000 bytes: three times what the output column holds
		String output = "0123456789".repeat(20_000);

		ReportClient.Answer answer = this.rest.post(id, "result", this.tokens.tokenFor(id, 1),
				"{\"outcome\":\"SUCCEEDED\",\"output\":\"" + output + "\"}");

		assertThat(answer.status()).as("%s", answer.body()).isEqualTo(200);
		String kept = (String) row(id).get("output");
		int head = kept.indexOf("\n… [output truncated: ");
		assertThat(head).isGreaterThan(65_000);
		assertThat(kept).startsWith("0123456789")
			.endsWith("[output truncated: " + (200_000 - head) + " bytes dropped]");
		assertThat(kept.getBytes(java.nio.charset.StandardCharsets.UTF_8).length).isLessThanOrEqualTo(65_535);
	}

	@Test
	void appliesAReportedResultOnceAndSaysSoAfterwards() {
		long id = runningExecution();

		ReportClient.Answer first = this.rest.post(id, "result", this.tokens.tokenFor(id, 1),
				"{\"outcome\":\"SUCCEEDED\",\"message\":\"rebuilt\",\"output\":\"5 shards\"}");
		assertThat(first.status()).as("%s", first.body()).isEqualTo(200);
		assertThat(first.body().get("applied").asBoolean()).isTrue();
		assertThat(first.body().get("status").asText()).isEqualTo("SUCCEEDED");
		Map<String, Object> row = row(id);
		assertThat(row).containsEntry("status", "SUCCEEDED")
			.containsEntry("output", "5 shards")
			.containsEntry("message", "rebuilt")
			.containsEntry("progress", 100);
		assertThat(row.get("finished_at")).isNotNull();

		ReportClient.Answer second = this.rest.post(id, "result", this.tokens.tokenFor(id, 1),
				"{\"outcome\":\"FAILED\",\"message\":\"late\"}");
		assertThat(second.status()).isEqualTo(200);
		assertThat(second.body().get("applied").asBoolean()).isFalse();
		assertThat(second.body().get("status").asText()).isEqualTo("SUCCEEDED");
		assertThat(row(id)).isEqualTo(row);
	}

	@Test
	void storesTheOutputsAResultPublishesAndFailsARunWhoseOutputsAreOverTheLimit() {
		long id = runningExecution();
		ReportClient.Answer published = this.rest.post(id, "result", this.tokens.tokenFor(id, 1),
				"{\"outcome\":\"SUCCEEDED\",\"outputs\":{\"day\": \"20261128\", \"rows\": 42}}");
		assertThat(published.status()).as("%s", published.body()).isEqualTo(200);
		assertThat(row(id)).containsEntry("status", "SUCCEEDED")
			.containsEntry("outputs", "{\"day\":\"20261128\",\"rows\":42}");

		// over gRPC: the same outputs as JSON text; over 4 KiB the run fails, never cut
		long big = runningExecution();
		ReportResponse answer = this.grpc.reportResult(ReportResultRequest.newBuilder()
			.setExecutionId(big)
			.setToken(this.tokens.tokenFor(big, 1))
			.setOutcome(Outcome.SUCCEEDED)
			.setOutputs("{\"rows\": \"" + "x".repeat(5000) + "\"}")
			.build());
		assertThat(answer.getApplied()).isTrue();
		assertThat(answer.getStatus()).isEqualTo("FAILED");
		assertThat(row(big)).containsEntry("status", "FAILED").containsEntry("outputs", null);
		assertThat((String) row(big).get("error"))
			.isEqualTo("outputs not published: outputs are 5011 bytes, over the limit of 4096 bytes (compact JSON): "
					+ "publish small values such as a date, a count or a path, not data");

		long none = runningExecution();
		this.rest.post(none, "result", this.tokens.tokenFor(none, 1), "{\"outcome\":\"SUCCEEDED\",\"outputs\":null}");
		assertThat(row(none)).containsEntry("status", "SUCCEEDED").containsEntry("outputs", null);
	}

	@Test
	void storesProgressAndResumePayloadWhileRunningOnly() {
		long id = runningExecution();
		String token = this.tokens.tokenFor(id, 1);

		ReportClient.Answer progress = this.rest.post(id, "progress", token,
				"{\"progress\":40,\"resumePayload\":\"shard-2\",\"message\":\"2 of 5\"}");
		assertThat(progress.status()).as("%s", progress.body()).isEqualTo(200);
		assertThat(progress.body().get("applied").asBoolean()).isTrue();
		assertThat(progress.body().get("status").asText()).isEqualTo("RUNNING");
		assertThat(row(id)).containsEntry("progress", 40)
			.containsEntry("resume_payload", "shard-2")
			.containsEntry("message", "2 of 5");

		// no payload keeps the last one
		this.rest.post(id, "progress", token, "{\"progress\":60}");
		assertThat(row(id)).containsEntry("progress", 60).containsEntry("resume_payload", "shard-2");

		this.jdbc.update("UPDATE execution SET status = 'TIMED_OUT' WHERE id = ?", id);
		ReportClient.Answer late = this.rest.post(id, "progress", token, "{\"progress\":80,\"resumePayload\":\"x\"}");
		assertThat(late.body().get("applied").asBoolean()).isFalse();
		assertThat(late.body().get("status").asText()).isEqualTo("TIMED_OUT");
		assertThat(row(id)).containsEntry("progress", 60).containsEntry("resume_payload", "shard-2");
	}

	@Test
	void refusesAWrongOrMissingTokenAndChangesNothing() {
		long id = runningExecution();
		long other = runningExecution();
		Map<String, Object> before = row(id);

		for (String token : new String[] { null, "", "not-a-token", this.tokens.tokenFor(other, 1),
				ExecutionTokens.fromEncodedSecret(ExecutionTokens.newSecret()).tokenFor(id, 1) }) {
			ReportClient.Answer answer = this.rest.post(id, "result", token, "{\"outcome\":\"SUCCEEDED\"}");
			assertThat(answer.status()).as("token %s", token).isEqualTo(401);
			assertThat(answer.contentType()).startsWith("application/problem+json");
			assertThat(this.rest.post(id, "progress", token, "{\"progress\":5}").status()).isEqualTo(401);
		}
		assertThat(row(id)).isEqualTo(before);
	}

	@Test
	void refusesAForgedAttemptOrAnotherExecutionsAttemptToken() {
		long id = runningExecution();
		long other = runningExecution();
		this.jdbc.update("UPDATE execution SET attempt = 2 WHERE id = ?", id);
		Map<String, Object> before = row(id);
		String mac = this.tokens.tokenFor(id, 1).substring(2);

		for (String token : new String[] { "2." + mac, "0." + mac, "x." + mac, this.tokens.tokenFor(other, 2),
				"2." + this.tokens.tokenFor(id),
				ExecutionTokens.fromEncodedSecret(ExecutionTokens.newSecret()).tokenFor(id, 2) }) {
			assertThat(this.rest.post(id, "result", token, "{\"outcome\":\"SUCCEEDED\"}").status())
				.as("token %s", token)
				.isEqualTo(401);
			assertThat(this.rest.post(id, "progress", token, "{\"progress\":5}").status()).isEqualTo(401);
		}
		assertThat(row(id)).isEqualTo(before);
	}

	@Test
	void aSupersededAttemptsReportChangesNothingAndSaysWhereTheRunWent() {
		long id = runningExecution();
		this.jdbc.update("UPDATE execution SET attempt = 2 WHERE id = ?", id);
		Map<String, Object> before = row(id);
		String first = this.tokens.tokenFor(id, 1);

		for (String[] report : new String[][] { { "result", "{\"outcome\":\"SUCCEEDED\"}" },
				{ "progress", "{\"progress\":70,\"resumePayload\":\"old\"}" },
				{ "progress", "{\"progress\":70,\"rebalance\":true}" } }) {
			ReportClient.Answer late = this.rest.post(id, report[0], first, report[1]);
			assertThat(late.status()).as("%s", late.body()).isEqualTo(200);
			assertThat(late.body().get("applied").asBoolean()).isFalse();
			assertThat(late.body().get("status").asText()).isEqualTo("RUNNING");
			assertThat(late.body().get("message").asText()).contains("gone on as attempt 2");
		}
		ReportResponse overGrpc = this.grpc.reportResult(
				ReportResultRequest.newBuilder().setExecutionId(id).setToken(first).setOutcome(Outcome.FAILED).build());
		assertThat(overGrpc.getApplied()).isFalse();
		assertThat(overGrpc.getStatus()).isEqualTo("RUNNING");
		assertThat(overGrpc.getMessage()).contains("gone on as attempt 2");
		assertThat(row(id)).isEqualTo(before);

		String second = this.tokens.tokenFor(id, 2);
		ReportClient.Answer progress = this.rest.post(id, "progress", second, "{\"progress\":40}");
		assertThat(progress.body().get("applied").asBoolean()).isTrue();
		ReportResponse result = this.grpc.reportResult(ReportResultRequest.newBuilder()
			.setExecutionId(id)
			.setToken(second)
			.setOutcome(Outcome.SUCCEEDED)
			.build());
		assertThat(result.getApplied()).isTrue();
		assertThat(row(id)).containsEntry("status", "SUCCEEDED").containsEntry("attempt", 2);

		ReportClient.Answer afterwards = this.rest.post(id, "result", first, "{\"outcome\":\"FAILED\"}");
		assertThat(afterwards.body().get("applied").asBoolean()).isFalse();
		assertThat(afterwards.body().get("status").asText()).isEqualTo("SUCCEEDED");
	}

	// agents made one token per execution before tokens were per attempt: the runs they
	// started keep reporting with it, to whichever attempt is running
	@Test
	void acceptsTheLegacyTokenOfTheWholeExecution() {
		long id = runningExecution();
		this.jdbc.update("UPDATE execution SET attempt = 2 WHERE id = ?", id);
		String legacy = this.tokens.tokenFor(id);

		ReportClient.Answer progress = this.rest.post(id, "progress", legacy, "{\"progress\":20}");
		assertThat(progress.body().get("applied").asBoolean()).isTrue();
		ReportResponse result = this.grpc.reportResult(ReportResultRequest.newBuilder()
			.setExecutionId(id)
			.setToken(legacy)
			.setOutcome(Outcome.SUCCEEDED)
			.build());
		assertThat(result.getApplied()).isTrue();
		assertThat(row(id)).containsEntry("status", "SUCCEEDED");
		ReportClient.Answer again = this.rest.post(id, "result", legacy, "{\"outcome\":\"FAILED\"}");
		assertThat(again.body().get("applied").asBoolean()).isFalse();
		assertThat(again.body().get("message").asText()).contains("is SUCCEEDED");
	}

	@Test
	void answersNotFoundForAnUnknownExecution() {
		long unknown = runningExecution() + 1000;
		ReportClient.Answer answer = this.rest.post(unknown, "result", this.tokens.tokenFor(unknown, 1),
				"{\"outcome\":\"SUCCEEDED\"}");
		assertThat(answer.status()).isEqualTo(404);
		assertThat(answer.contentType()).startsWith("application/problem+json");
	}

	@Test
	void refusesBadInputNamingTheField() {
		long id = runningExecution();
		String token = this.tokens.tokenFor(id, 1);
		Map<String, Object> before = row(id);

		assertThat(this.rest.post(id, "result", token, "{\"outcome\":\"ACCEPTED\"}")).satisfies((answer) -> {
			assertThat(answer.status()).isEqualTo(400);
			assertThat(answer.errorField()).isEqualTo("outcome");
		});
		assertThat(this.rest.post(id, "result", token, "{\"message\":\"no outcome\"}").errorField())
			.isEqualTo("outcome");
		assertThat(this.rest.post(id, "progress", token, "{\"progress\":101}").errorField()).isEqualTo("progress");
		assertThat(this.rest.post(id, "progress", token, "{\"progress\":-1}").errorField()).isEqualTo("progress");
		assertThat(this.rest.post(id, "progress", token, "{}").errorField()).isEqualTo("progress");
		assertThat(this.rest
			.post(id, "result", token, "{\"outcome\":\"SUCCEEDED\",\"message\":\"" + "x".repeat(1025) + "\"}")
			.errorField()).isEqualTo("message");
		assertThat(row(id)).isEqualTo(before);
	}

	// a field crony-web does not know is refused, not half applied: the resume state is
	// resumePayload, and a result cannot ask to move
	@Test
	void refusesAnUnknownFieldNamingItAndStoresNothing() {
		long id = runningExecution();
		String token = this.tokens.tokenFor(id, 1);
		Map<String, Object> before = row(id);

		ReportClient.Answer progress = this.rest.post(id, "progress", token,
				"{\"progress\":50,\"rebalance\":true,\"params\":{\"offset\":100000}}");
		assertThat(progress.status()).as("%s", progress.body()).isEqualTo(400);
		assertThat(progress.contentType()).startsWith("application/problem+json");
		assertThat(progress.errorField()).isEqualTo("params");
		assertThat(progress.body().get("detail").asText()).startsWith("params: unknown field");
		ReportClient.Answer result = this.rest.post(id, "result", token,
				"{\"outcome\":\"SUCCEEDED\",\"rebalance\":true}");
		assertThat(result.status()).isEqualTo(400);
		assertThat(result.errorField()).isEqualTo("rebalance");
		assertThat(row(id)).isEqualTo(before);

		// the known fields alone are still taken
		ReportClient.Answer known = this.rest.post(id, "progress", token,
				"{\"progress\":50,\"resumePayload\":\"offset=100000\",\"message\":\"half way\"}");
		assertThat(known.status()).as("%s", known.body()).isEqualTo(200);
		assertThat(known.body().get("applied").asBoolean()).isTrue();
		assertThat(row(id)).containsEntry("progress", 50)
			.containsEntry("resume_payload", "offset=100000")
			.containsEntry("message", "half way");
	}

	@Test
	void storesAMoveRequestWithItsResumePayloadForAnAsyncRunOnly() {
		long id = runningExecution();
		String token = this.tokens.tokenFor(id, 1);

		ReportClient.Answer move = this.rest.post(id, "progress", token,
				"{\"progress\":50,\"resumePayload\":\"{\\\"offset\\\":100000}\",\"rebalance\":true}");
		assertThat(move.status()).as("%s", move.body()).isEqualTo(200);
		assertThat(move.body().get("applied").asBoolean()).isTrue();
		assertThat(move.body().get("status").asText()).isEqualTo("RUNNING");
		Map<String, Object> row = row(id);
		assertThat(row).containsEntry("progress", 50).containsEntry("resume_payload", "{\"offset\":100000}");
		assertThat(row.get("move_requested_at")).isNotNull();

		// over gRPC the same
		long other = runningExecution();
		ReportResponse grpcMove = this.grpc.reportProgress(ReportProgressRequest.newBuilder()
			.setExecutionId(other)
			.setToken(this.tokens.tokenFor(other, 1))
			.setProgress(30)
			.setResumePayload("offset=30")
			.setRebalance(true)
			.build());
		assertThat(grpcMove.getApplied()).isTrue();
		assertThat(row(other).get("move_requested_at")).isNotNull();

		// a SYNC run's agent waits on no report: nobody could move it
		long sync = runningExecution();
		this.jdbc.update("UPDATE execution SET mode = NULL WHERE id = ?", sync);
		Map<String, Object> before = row(sync);
		ReportClient.Answer refused = this.rest.post(sync, "progress", this.tokens.tokenFor(sync, 1),
				"{\"progress\":50,\"rebalance\":true}");
		assertThat(refused.status()).isEqualTo(200);
		assertThat(refused.body().get("applied").asBoolean()).isFalse();
		assertThat(refused.body().get("message").asText()).contains("not an ASYNC run");
		assertThat(row(sync)).isEqualTo(before);
	}

	@Test
	void takesReportsOverGrpcWithTheSameRules() {
		long id = runningExecution();
		String token = this.tokens.tokenFor(id, 1);

		ReportResponse progress = this.grpc.reportProgress(ReportProgressRequest.newBuilder()
			.setExecutionId(id)
			.setToken(token)
			.setProgress(30)
			.setResumePayload("page-3")
			.build());
		assertThat(progress.getApplied()).isTrue();
		assertThat(row(id)).containsEntry("progress", 30).containsEntry("resume_payload", "page-3");

		ReportResponse result = this.grpc.reportResult(ReportResultRequest.newBuilder()
			.setExecutionId(id)
			.setToken(token)
			.setOutcome(Outcome.FAILED)
			.setMessage("disk full")
			.build());
		assertThat(result.getApplied()).isTrue();
		assertThat(result.getStatus()).isEqualTo("FAILED");
		assertThat(row(id)).containsEntry("status", "FAILED").containsEntry("error", "disk full");

		ReportResponse again = this.grpc.reportResult(ReportResultRequest.newBuilder()
			.setExecutionId(id)
			.setToken(token)
			.setOutcome(Outcome.SUCCEEDED)
			.build());
		assertThat(again.getApplied()).isFalse();
		assertThat(again.getStatus()).isEqualTo("FAILED");
		assertThat(row(id)).containsEntry("status", "FAILED");
	}

	@Test
	void refusesOverGrpcWithTheContractsStatusCodes() {
		long id = runningExecution();
		Map<String, Object> before = row(id);

		assertGrpcStatus(ReportResultRequest.newBuilder()
			.setExecutionId(id)
			.setToken(this.tokens.tokenFor(id + 1, 1))
			.setOutcome(Outcome.SUCCEEDED)
			.build(), Status.Code.PERMISSION_DENIED);
		assertGrpcStatus(ReportResultRequest.newBuilder()
			.setExecutionId(id + 1000)
			.setToken(this.tokens.tokenFor(id + 1000, 1))
			.setOutcome(Outcome.SUCCEEDED)
			.build(), Status.Code.NOT_FOUND);
		assertGrpcStatus(ReportResultRequest.newBuilder()
			.setExecutionId(id)
			.setToken(this.tokens.tokenFor(id, 1))
			.setOutcome(Outcome.ACCEPTED)
			.build(), Status.Code.INVALID_ARGUMENT);
		assertThatThrownBy(() -> this.grpc.reportProgress(ReportProgressRequest.newBuilder()
			.setExecutionId(id)
			.setToken(this.tokens.tokenFor(id, 1))
			.setProgress(150)
			.build())).isInstanceOfSatisfying(StatusRuntimeException.class, (ex) -> {
				assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
				assertThat(ex.getStatus().getDescription()).contains("progress");
			});
		assertThat(row(id)).isEqualTo(before);
	}

	// a client built from another proto: protobuf would keep field 6 aside and drop it
	@Test
	void refusesAFieldNumberTheGrpcContractDoesNotHave() {
		long id = runningExecution();
		Map<String, Object> before = row(id);
		UnknownFieldSet unknown = UnknownFieldSet.newBuilder()
			.addField(7, UnknownFieldSet.Field.newBuilder().addVarint(1).build())
			.build();

		assertThatThrownBy(() -> this.grpc.reportProgress(ReportProgressRequest.newBuilder()
			.setExecutionId(id)
			.setToken(this.tokens.tokenFor(id, 1))
			.setProgress(50)
			.setUnknownFields(unknown)
			.build())).isInstanceOfSatisfying(StatusRuntimeException.class, (ex) -> {
				assertThat(ex.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
				assertThat(ex.getStatus().getDescription()).contains("unknown field number 7");
			});
		assertGrpcStatus(ReportResultRequest.newBuilder()
			.setExecutionId(id)
			.setToken(this.tokens.tokenFor(id, 1))
			.setOutcome(Outcome.SUCCEEDED)
			.setUnknownFields(unknown)
			.build(), Status.Code.INVALID_ARGUMENT);
		assertThat(row(id)).isEqualTo(before);
	}

	private void assertGrpcStatus(ReportResultRequest request, Status.Code code) {
		assertThatThrownBy(() -> this.grpc.reportResult(request)).isInstanceOfSatisfying(StatusRuntimeException.class,
				(ex) -> assertThat(ex.getStatus().getCode()).isEqualTo(code));
	}

	private long runningExecution() {
		Timestamp now = Timestamp.from(Instant.now());
		this.jdbc
			.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, started_at,"
					+ " attempt, mode, deadline_at, updated_at) VALUES (?, 'async-job', 'agent-1', 'CRON', 'RUNNING',"
					+ " ?, ?, 1, 'ASYNC', ?, ?)", this.nextJobId.incrementAndGet(), now, now,
					Timestamp.from(Instant.now().plusSeconds(60)), now);
		return this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
	}

	private Map<String, Object> row(long id) {
		return this.jdbc.queryForMap("SELECT * FROM execution WHERE id = ?", id);
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
