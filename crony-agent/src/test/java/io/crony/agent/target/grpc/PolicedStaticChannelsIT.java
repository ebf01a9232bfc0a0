package io.crony.agent.target.grpc;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.discovery.ServiceInstances;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.grpc.v1.ExecuteRequest;
import io.crony.common.grpc.v1.ExecuteResponse;
import io.crony.common.grpc.v1.JobTargetGrpc;
import io.crony.common.grpc.v1.Outcome;
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

import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryClient;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryProperties;
import org.springframework.context.support.StaticApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code static://} gRPC channel connects only where the target policy allows, checked
 * on the address and port it connects to: the check before the call ({@code Targets}) saw
 * the name resolve elsewhere, as DNS rebinding makes it, so the target is called directly
 * here. Loopback is allowed, as under make run, and the server on it is one of the
 * platform's own endpoints (denied by address and port). A real gRPC server counts the
 * calls it takes. About a second.
 */
class PolicedStaticChannelsIT {

	private final StaticApplicationContext context = new StaticApplicationContext();

	private final AtomicInteger calls = new AtomicInteger();

	private Server server;

	private PolicedStaticChannels policed;

	private ShadedNettyChannelFactory channels;

	@BeforeEach
	void start() throws IOException {
		this.context.refresh();
		this.server = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create())
			.addService(new JobTargetGrpc.JobTargetImplBase() {
				@Override
				public void execute(ExecuteRequest request, StreamObserver<ExecuteResponse> response) {
					PolicedStaticChannelsIT.this.calls.incrementAndGet();
					response.onNext(ExecuteResponse.newBuilder().setOutcome(Outcome.SUCCEEDED).build());
					response.onCompleted();
				}
			})
			.build()
			.start();
	}

	@AfterEach
	void stop() {
		this.server.shutdownNow();
		if (this.channels != null) {
			this.channels.close();
		}
		if (this.policed != null) {
			this.policed.close();
		}
		this.context.close();
	}

	@Test
	void refusesAConnectionToThePlatformsOwnEndpointUnopened() throws Exception {
		TargetPolicy platform = TargetPolicy.of(List.of(), List.of(), true,
				List.of("127.0.0.1:" + this.server.getPort()));

		AttemptResult outcome = call(platform);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(outcome.error()).contains("refused by the target policy").contains("the platform's own endpoint");
		assertThat(this.calls).as("calls the server took").hasValue(0);
	}

	@Test
	void connectsWhereThePolicyAllows() throws Exception {
		AttemptResult outcome = call(TargetPolicy.of(List.of(), List.of(), true, List.of()));

		assertThat(outcome.status()).as("%s", outcome.error()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(this.calls).as("calls the server took").hasValue(1);
	}

	private AttemptResult call(TargetPolicy policy) throws Exception {
		GrpcChannelsProperties properties = new GrpcChannelsProperties();
		properties.getGlobalChannel().setNegotiationType(NegotiationType.PLAINTEXT);
		this.policed = new PolicedStaticChannels(policy);
		this.channels = new ShadedNettyChannelFactory(properties, new GlobalClientInterceptorRegistry(this.context),
				List.of(this.policed));
		GrpcTarget target = new GrpcTarget(this.channels,
				new ServiceInstances(new SimpleDiscoveryClient(new SimpleDiscoveryProperties()), null), null, 4096);
		TargetSpec spec = new TargetSpec(TargetType.GRPC, null,
				"static://localhost:" + this.server.getPort() + "/settle", null, null, null, null, null, null, null);
		JobSpec job = new JobSpec(1, "settle", null, "* * * * * ?", null, spec, 10, null, null, null, null, true, 1);
		return target.invoke(new Invocation(job, 0, Instant.now(), null, 1)).get(30, TimeUnit.SECONDS);
	}

}
