package io.crony.agent.async;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.crony.agent.AgentTestSupport;
import io.crony.common.execution.ExecutionTokens;
import io.crony.common.grpc.v1.ExecuteRequest;
import io.crony.common.grpc.v1.ExecuteResponse;
import io.crony.common.grpc.v1.JobTargetGrpc;
import io.crony.common.grpc.v1.Outcome;
import io.crony.common.grpc.v1.StatusRequest;
import io.crony.common.grpc.v1.StatusResponse;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.test.CronyServicesExtension;
import io.etcd.jetcd.ByteSequence;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An ASYNC gRPC job whose status URL names a status handler ({@code /index-status}),
 * against a real local gRPC JobTarget server that accepts the run: the agent calls
 * {@code JobTarget/Status} with that handler and the call's report token (the secret put
 * in etcd as crony-web does), stores the progress, message and resume payload it answers,
 * and ends the run as it says. A service without the Status method leaves the run running
 * (asked again). Default status interval (5 s).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AsyncGrpcStatusIT {

	static final String AGENT = "agent-grpc-status";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	/** What Status answers next, by execution id. */
	static final Map<Long, StatusResponse> answers = new ConcurrentHashMap<>();

	/** Every Status request, by execution id. */
	static final Map<Long, List<StatusRequest>> asked = new ConcurrentHashMap<>();

	/** The report token of every accepted Execute, by execution id. */
	static final Map<Long, String> tokens = new ConcurrentHashMap<>();

	/** The execution token secret crony-web would have put in etcd. */
	static final String SECRET = ExecutionTokens.newSecret();

	static final Server withStatus = server(true);

	static final Server withoutStatus = server(false);

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
		try {
			support.etcd()
				.getKVClient()
				.put(ByteSequence.from(support.keys().executionTokenKey(), StandardCharsets.UTF_8),
						ByteSequence.from(SECRET, StandardCharsets.US_ASCII))
				.get(10, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	@AfterAll
	static void close() {
		withStatus.shutdownNow();
		withoutStatus.shutdownNow();
		support.close();
	}

	@Test
	void storesTheProgressItAnswersAndEndsTheRunAsItSays() {
		JobSpec job = job(5201, withStatus);
		support.assign(AGENT, job);
		long id = support.runOnce(AGENT, job, null);
		answers.put(id,
				StatusResponse.newBuilder()
					.setOutcome(Outcome.RUNNING)
					.setProgress(40)
					.setMessage("page 4 of 10")
					.setResumePayload("page-4")
					.build());

		await("progress stored").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "RUNNING")
				.containsEntry("progress", 40)
				.containsEntry("message", "page 4 of 10")
				.containsEntry("resume_payload", "page-4"));
		StatusRequest ask = asked.get(id).get(0);
		assertThat(ask.getHandler()).isEqualTo("index-status");
		assertThat(ask.getAttempt()).isEqualTo(1);
		assertThat(ask.getJobId()).isEqualTo(job.id());
		String token = ExecutionTokens.fromEncodedSecret(SECRET).tokenFor(id, 1);
		assertThat(tokens.get(id)).isEqualTo(token);
		assertThat(ask.getReportToken()).isEqualTo(token);

		answers.put(id, StatusResponse.newBuilder().setOutcome(Outcome.SUCCEEDED).setOutput("10 pages").build());
		await("run finished").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "SUCCEEDED")
				.containsEntry("progress", 100)
				.containsEntry("output", "10 pages"));
		support.unassign(AGENT, job.id());
	}

	@Test
	void failsTheRunWithTheMessageOfAFailedAnswer() {
		JobSpec job = job(5202, withStatus);
		support.assign(AGENT, job);
		long id = support.runOnce(AGENT, job, null);
		answers.put(id, StatusResponse.newBuilder().setOutcome(Outcome.FAILED).setMessage("disk full").build());

		await("run failed").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "FAILED")
				.containsEntry("error", "disk full"));
		support.unassign(AGENT, job.id());
	}

	@Test
	void aServiceWithoutStatusLeavesTheRunRunning() {
		JobSpec job = job(5203, withoutStatus);
		support.assign(AGENT, job);
		long id = support.runOnce(AGENT, job, null);

		await("accepted").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "RUNNING"));
		// asked again after an UNIMPLEMENTED answer, which changes nothing
		await("two asks").atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(asked.getOrDefault(id, List.of())).hasSizeGreaterThanOrEqualTo(2));
		Map<String, Object> row = support.row(id);
		assertThat(row).containsEntry("status", "RUNNING");
		assertThat(row.get("progress")).isNull();
		support.unassign(AGENT, job.id());
	}

	private static JobSpec job(long id, Server server) {
		String url = "static://127.0.0.1:" + server.getPort() + "/rebuild-index";
		TargetSpec accepting = new TargetSpec(TargetType.GRPC, null, url, Map.of(), null, TargetMode.ASYNC, null,
				List.of(), null, "/index-status");
		JobSpec base = AgentTestSupport.httpJob(id, AgentTestSupport.NEVER_SOON, url);
		return new JobSpec(base.id(), base.name(), null, base.schedule(), base.timeZone(), accepting, 120,
				RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, base.assignment(), true, 1);
	}

	private static Server server(boolean status) {
		JobTargetGrpc.JobTargetImplBase accepting = new JobTargetGrpc.JobTargetImplBase() {
			@Override
			public void execute(ExecuteRequest request, StreamObserver<ExecuteResponse> response) {
				tokens.put(request.getExecutionId(), request.getReportToken());
				response.onNext(ExecuteResponse.newBuilder().setOutcome(Outcome.ACCEPTED).build());
				response.onCompleted();
			}

			@Override
			public void status(StatusRequest request, StreamObserver<StatusResponse> response) {
				asked.computeIfAbsent(request.getExecutionId(), (key) -> new CopyOnWriteArrayList<>()).add(request);
				if (!status) {
					super.status(request, response);
					return;
				}
				StatusResponse answer = answers.get(request.getExecutionId());
				if (answer == null) {
					response.onError(Status.NOT_FOUND.withDescription("no such run").asRuntimeException());
					return;
				}
				response.onNext(answer);
				response.onCompleted();
			}
		};
		try {
			return Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
				.addService(accepting)
				.build()
				.start();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
