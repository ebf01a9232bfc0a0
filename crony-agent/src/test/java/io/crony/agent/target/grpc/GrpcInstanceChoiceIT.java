package io.crony.agent.target.grpc;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Targets;
import io.crony.agent.target.discovery.ServiceInstances;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.grpc.v1.ExecuteRequest;
import io.crony.common.grpc.v1.ExecuteResponse;
import io.crony.common.grpc.v1.JobTargetGrpc;
import io.crony.common.grpc.v1.Outcome;
import io.crony.common.job.InstanceChoice;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.target.TargetPolicy;
import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.stub.StreamObserver;
import net.devh.boot.grpc.client.channelfactory.ShadedNettyChannelFactory;
import net.devh.boot.grpc.client.config.GrpcChannelsProperties;
import net.devh.boot.grpc.client.config.NegotiationType;
import net.devh.boot.grpc.client.interceptor.GlobalClientInterceptorRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.cloud.client.DefaultServiceInstance;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryClient;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryProperties;
import org.springframework.context.support.StaticApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A {@code discovery:///billing/handler} gRPC target chosen by least active calls or
 * consistent hash, against real local gRPC servers listed by Spring Cloud's simple
 * discovery client with their gRPC port in the instance's metadata, as net.devh's server
 * registers it: least active picks the idle instance while the other is busy, consistent
 * hash keeps a job on one, and an instance that serves no gRPC is never called.
 * Discovered gRPC instances are not held to the target policy, as discovery:/// channels
 * never were: the policy here denies loopback.
 */
class GrpcInstanceChoiceIT {

	private final List<Server> servers = new ArrayList<>();

	/** Each call a server took, as "port handler". */
	private final List<String> calls = new CopyOnWriteArrayList<>();

	private final CountDownLatch releaseSlow = new CountDownLatch(1);

	private final SimpleDiscoveryProperties registry = new SimpleDiscoveryProperties();

	private final StaticApplicationContext context = new StaticApplicationContext();

	private ShadedNettyChannelFactory channels;

	private Targets targets;

	@BeforeEach
	void start() throws IOException {
		this.context.refresh();
		GrpcChannelsProperties properties = new GrpcChannelsProperties();
		properties.getGlobalChannel().setNegotiationType(NegotiationType.PLAINTEXT);
		this.channels = new ShadedNettyChannelFactory(properties, new GlobalClientInterceptorRegistry(this.context),
				List.of());
		ServiceInstances instances = new ServiceInstances(new SimpleDiscoveryClient(this.registry), null);
		TargetPolicy loopbackDenied = TargetPolicy.of(List.of(), List.of(), false, List.of());
		this.targets = new Targets(List.of(new GrpcTarget(this.channels, instances, null, 4096)),
				(executionId, attempt) -> null, null, instances, Clock.systemUTC(), loopbackDenied);
		Server a = server();
		Server b = server();
		List<DefaultServiceInstance> listed = new ArrayList<>();
		listed.add(instance("billing-a", 1, a.getPort()));
		listed.add(instance("billing-b", 2, b.getPort()));
		// an instance of the service with no gRPC server: never called
		listed.add(
				new DefaultServiceInstance("billing-web", "billing", "127.0.0.1", 3, false, Map.of("gRPC_port", "-1")));
		this.registry.setInstances(Map.of("billing", listed));
	}

	@AfterEach
	void stop() {
		this.releaseSlow.countDown();
		this.servers.forEach(Server::shutdownNow);
		this.channels.close();
		this.context.close();
	}

	@Test
	void leastActivePicksTheIdleInstanceWhileTheOtherIsBusy() throws Exception {
		CompletableFuture<AttemptResult> slow = call(1, "slow", InstanceChoice.LEAST_ACTIVE);
		String busy = await("the slow call to arrive").atMost(Duration.ofSeconds(30))
			.until(() -> portThatTook("slow"), (port) -> port != null);

		for (int i = 0; i < 4; i++) {
			AttemptResult quick = call(2, "quick", InstanceChoice.LEAST_ACTIVE).get(30, TimeUnit.SECONDS);
			assertThat(quick.status()).as("%s", quick.error()).isEqualTo(ExecutionStatus.SUCCEEDED);
		}
		assertThat(this.calls).filteredOn((call) -> call.endsWith(" quick"))
			.hasSize(4)
			.noneMatch((call) -> call.startsWith(busy + " "));

		this.releaseSlow.countDown();
		assertThat(slow.get(30, TimeUnit.SECONDS).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
	}

	@Test
	void consistentHashKeepsAJobOnOneInstance() throws Exception {
		for (long job = 1; job <= 6; job++) {
			for (int i = 0; i < 3; i++) {
				AttemptResult outcome = call(job, "job-" + job, InstanceChoice.CONSISTENT_HASH).get(30,
						TimeUnit.SECONDS);
				assertThat(outcome.status()).as("%s", outcome.error()).isEqualTo(ExecutionStatus.SUCCEEDED);
			}
			String handler = "job-" + job;
			assertThat(Set.copyOf(this.calls.stream().filter((call) -> call.endsWith(" " + handler)).toList()))
				.as("job %d's three calls", job)
				.hasSize(1);
		}
	}

	private CompletableFuture<AttemptResult> call(long jobId, String handler, InstanceChoice choice) {
		TargetSpec target = new TargetSpec(TargetType.GRPC, null, "discovery:///billing/" + handler, null, null, null,
				null, null, choice, null);
		JobSpec job = new JobSpec(jobId, "job-" + jobId, null, "* * * * * ?", null, target, 30, null, null, null, null,
				true, 1);
		return this.targets.invoke(new Invocation(job, 0, Instant.now(), null, 1));
	}

	private String portThatTook(String handler) {
		return this.calls.stream()
			.filter((call) -> call.endsWith(" " + handler))
			.map((call) -> call.substring(0, call.indexOf(' ')))
			.findFirst()
			.orElse(null);
	}

	private static DefaultServiceInstance instance(String id, int httpPort, int grpcPort) {
		return new DefaultServiceInstance(id, "billing", "127.0.0.1", httpPort, false,
				Map.of("gRPC_port", String.valueOf(grpcPort)));
	}

	private Server server() throws IOException {
		int[] port = new int[1];
		Server server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addService(new JobTargetGrpc.JobTargetImplBase() {
				@Override
				public void execute(ExecuteRequest request, StreamObserver<ExecuteResponse> response) {
					GrpcInstanceChoiceIT.this.calls.add(port[0] + " " + request.getHandler());
					if (request.getHandler().equals("slow")) {
						awaitRelease();
					}
					response.onNext(ExecuteResponse.newBuilder().setOutcome(Outcome.SUCCEEDED).build());
					response.onCompleted();
				}
			})
			.build()
			.start();
		port[0] = server.getPort();
		this.servers.add(server);
		return server;
	}

	private void awaitRelease() {
		try {
			this.releaseSlow.await(60, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
