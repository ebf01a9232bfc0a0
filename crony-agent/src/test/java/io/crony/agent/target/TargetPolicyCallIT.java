package io.crony.agent.target;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.target.TargetPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The target policy at call time, against real local HTTP servers: a denied address fails
 * the run with the rule and the server behind it gets no request, whether the check
 * before the call or the client's own name resolution catches it, a status URL is held to
 * the same policy, and a redirect to a denied address is not followed.
 */
class TargetPolicyCallIT {

	private final AtomicInteger denied = new AtomicInteger();

	private final AtomicInteger redirected = new AtomicInteger();

	private HttpServer deniedServer;

	private HttpServer redirectingServer;

	private final List<AutoCloseable> closing = new java.util.ArrayList<>();

	@BeforeEach
	void startServers() throws IOException {
		this.deniedServer = server((exchange) -> {
			this.denied.incrementAndGet();
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		this.redirectingServer = server((exchange) -> {
			this.redirected.incrementAndGet();
			exchange.getResponseHeaders().add("Location", "http://127.0.0.1:" + port(this.deniedServer) + "/secret");
			exchange.sendResponseHeaders(302, -1);
			exchange.close();
		});
	}

	@AfterEach
	void stop() throws Exception {
		this.deniedServer.stop(0);
		this.redirectingServer.stop(0);
		for (AutoCloseable closeable : this.closing) {
			closeable.close();
		}
	}

	@Test
	void failsACallToLoopbackUnderTheDefaultPolicyWithoutReachingIt() {
		TargetPolicy defaults = TargetPolicy.of(List.of(), List.of(), false, List.of());

		AttemptResult outcome = call(targets(defaults), "http://127.0.0.1:" + port(this.deniedServer) + "/ok");

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(outcome.error()).contains("denied by the target policy").contains("loopback");
		assertThat(this.denied).hasValue(0);
	}

	@Test
	void failsACallToAPlatformEndpointWithoutReachingIt() {
		TargetPolicy policy = TargetPolicy.of(List.of(), List.of(), true,
				List.of("localhost:" + port(this.deniedServer)));

		AttemptResult outcome = call(targets(policy), "http://127.0.0.1:" + port(this.deniedServer) + "/v3/kv/range");

		assertThat(outcome.error()).contains("platform's own endpoint");
		assertThat(this.denied).hasValue(0);
	}

	@Test
	void checksTheAddressTheClientResolvesWhenItConnects() {
		// straight to the HTTP target: no check before the call, only the client's
		// resolver
		TargetPolicy defaults = TargetPolicy.of(List.of(), List.of(), false, List.of());
		HttpTarget http = http(defaults);

		AttemptResult outcome = http.invoke(invocation("http://localhost:" + port(this.deniedServer) + "/ok"))
			.orTimeout(10, TimeUnit.SECONDS)
			.join();

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(outcome.error()).contains("resolves to").contains("loopback");
		assertThat(this.denied).hasValue(0);
	}

	@Test
	void doesNotFollowARedirectToADeniedAddress() {
		TargetPolicy policy = TargetPolicy.of(List.of(), List.of("127.0.0.1:" + port(this.deniedServer)), true,
				List.of());

		AttemptResult outcome = call(targets(policy), "http://127.0.0.1:" + port(this.redirectingServer) + "/go");

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(outcome.error()).isEqualTo("HTTP 302");
		assertThat(this.redirected).hasValue(1);
		assertThat(this.denied).hasValue(0);
	}

	@Test
	void refusesAStatusUrlWhoseNameResolvesToAPlatformEndpointWithoutAskingIt() {
		// loopback allowed, as on a single box: only the platform rule, by address and
		// port, stands between the status URL and the server; the client's resolver
		// checks rules without a port only
		TargetPolicy policy = TargetPolicy.of(List.of(), List.of(), true,
				List.of("127.0.0.1:" + port(this.deniedServer)));
		HttpTarget http = http(policy);
		Invocation accepted = invocation(new TargetSpec(TargetType.HTTP, "POST", "http://203.0.113.10/run", Map.of(),
				null, TargetMode.ASYNC, null, null, null, "http://localhost:" + port(this.deniedServer) + "/version"));

		StatusAnswer answer = http.status(accepted, accepted.job().target().statusUrl())
			.orTimeout(10, TimeUnit.SECONDS)
			.join();

		assertThat(answer.problem()).contains("status URL refused").contains("platform's own endpoint");
		assertThat(this.denied).hasValue(0);
	}

	private Targets targets(TargetPolicy policy) {
		return new Targets(List.of(http(policy)), (executionId, attempt) -> null, null, null,
				java.time.Clock.systemUTC(), policy);
	}

	private HttpTarget http(TargetPolicy policy) {
		HttpTarget target = new HttpTarget(
				new HttpTargetProperties(4, 16, Duration.ofSeconds(2), Duration.ofSeconds(30), 1), 4096,
				"agent-policy-it", policy, io.crony.common.secret.SecretBox.of(null, List.of()));
		this.closing.add(target);
		return target;
	}

	private static AttemptResult call(Targets targets, String url) {
		return targets.invoke(invocation(url)).orTimeout(10, TimeUnit.SECONDS).join();
	}

	private static Invocation invocation(String url) {
		return invocation(new TargetSpec(TargetType.HTTP, "GET", url, Map.of(), null, null, null, null));
	}

	private static Invocation invocation(TargetSpec spec) {
		JobSpec job = new JobSpec(7, "job-7", null, "* * * * * ?", null, spec, 5, null, null, null, null, true, 1);
		return new Invocation(job, 0, Instant.now(), null, 1);
	}

	private static HttpServer server(com.sun.net.httpserver.HttpHandler handler) throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
		server.createContext("/", handler);
		server.start();
		return server;
	}

	private static int port(HttpServer server) {
		return server.getAddress().getPort();
	}

}
