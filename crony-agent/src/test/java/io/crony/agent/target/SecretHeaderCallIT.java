package io.crony.agent.target;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpServer;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A secret header reaches the agent sealed (as crony-web stored and published it) and the
 * target gets its clear value: the agent opens it right before the call.
 */
class SecretHeaderCallIT {

	private static final String KEY = "Y3JvbnktdGVzdC1rZXktMzItYnl0ZXMtbG9uZy4uLi4=";

	private final AtomicReference<String> received = new AtomicReference<>();

	private final AtomicReference<String> day = new AtomicReference<>();

	private final AtomicReference<String> query = new AtomicReference<>();

	private HttpServer server;

	private HttpTarget target;

	@BeforeEach
	void start() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
		this.server.createContext("/", (exchange) -> {
			this.received.set(exchange.getRequestHeaders().getFirst("Authorization"));
			this.day.set(exchange.getRequestHeaders().getFirst("X-Day"));
			this.query.set(exchange.getRequestURI().getRawQuery());
			exchange.sendResponseHeaders(200, -1);
			exchange.close();
		});
		this.server.start();
		this.target = new HttpTarget(new HttpTargetProperties(4, 16, Duration.ofSeconds(2), Duration.ofSeconds(30), 1),
				4096, "agent-secret-it", TargetPolicy.of(List.of(), List.of(), true, List.of()),
				SecretBox.of(KEY, List.of()));
	}

	@AfterEach
	void stop() {
		this.target.close();
		this.server.stop(0);
	}

	@Test
	void sendsTheClearValueOfASealedHeader() {
		String sealed = SecretBox.of(KEY, List.of()).seal("Bearer upstream-token");
		String url = "http://127.0.0.1:" + this.server.getAddress().getPort() + "/run";
		TargetSpec spec = new TargetSpec(TargetType.HTTP, "GET", url, Map.of("Authorization", sealed), null, null, null,
				null);
		JobSpec job = new JobSpec(9, "job-9", null, "* * * * * ?", null, spec, 5, null, null, null, null, true, 1);

		AttemptResult outcome = this.target.invoke(new Invocation(job, 0, Instant.now(), null, 1))
			.orTimeout(10, TimeUnit.SECONDS)
			.join();

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(this.received.get()).isEqualTo("Bearer upstream-token");
	}

	/**
	 * Placeholders are filled in the address and plain headers, never in a secret: its
	 * value, {@code ${} and all, goes as stored, and is not refused as a template.
	 */
	@Test
	void fillsPlaceholdersInPlainHeadersAndTheAddressButSendsASecretAsStored() {
		String secret = "Bearer ${yyyyMMdd}-$${x-${nope";
		String sealed = SecretBox.of(KEY, List.of()).seal(secret);
		String url = "http://127.0.0.1:" + this.server.getAddress().getPort() + "/run?day=${yyyyMMdd,-1d}";
		TargetSpec spec = new TargetSpec(TargetType.HTTP, "GET", url,
				Map.of("Authorization", sealed, "X-Day", "${yyyy-MM-dd}"), null, null, null, null);
		JobSpec job = new JobSpec(9, "job-9", null, "* * * * * ?", "Europe/Berlin", spec, 5, null, null, null, null,
				true, 1);
		Targets targets = new Targets(List.of(this.target));

		AttemptResult outcome = targets.invoke(new Invocation(job, 0, Instant.parse("2026-11-28T23:30:00Z"), null, 1))
			.orTimeout(10, TimeUnit.SECONDS)
			.join();

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(this.received.get()).isEqualTo(secret);
		assertThat(this.day.get()).isEqualTo("2026-11-29");
		assertThat(this.query.get()).isEqualTo("day=20261128");
	}

}
