package io.crony.example.javasample;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.crony.sdk.Execution;
import io.crony.sdk.Progress;
import io.crony.sdk.Result;
import io.crony.sdk.testing.FakeCronyWeb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * export-ledger, the job that moves its run to another instance when this one drains,
 * over HTTP against {@link FakeCronyWeb}. Each test starts the sample itself, so one can
 * shut it down mid-run as SIGTERM does.
 */
class LedgerJobsIT {

	private final FakeCronyWeb web = FakeCronyWeb.start();

	private final HttpClient http = HttpClient.newHttpClient();

	private ConfigurableApplicationContext sample;

	private int port;

	@AfterEach
	void stop() {
		if (this.sample != null) {
			this.sample.close();
		}
		this.web.close();
	}

	@Test
	void exportsFromTheResumeOffsetAndFinishes() throws Exception {
		start();
		Execution execution = this.web.newExecution();
		HttpResponse<String> response = run(execution, 2, "{\"offset\":100000}", "{\"items\":300000}");
		assertThat(response.statusCode()).isEqualTo(202);
		await().atMost(Duration.ofSeconds(30)).until(() -> this.web.result(execution.id()).isPresent());
		assertThat(this.web.result(execution.id()))
			.contains(Result.succeeded("exported items 100000..300000 on attempt 2"));
		assertThat(this.web.progress(execution.id())).containsExactly(
				new Progress(66, "{\"offset\":200000}", "exported 200000 of 300000"),
				new Progress(100, "{\"offset\":300000}", "exported 300000 of 300000"));
	}

	@Test
	void movesToAnotherInstanceWhenAnAdminDrainsThisOne() throws Exception {
		start();
		Execution execution = this.web.newExecution();
		run(execution, 1, "{\"offset\":5000}", "{\"items\":1000000,\"batch\":1000}");
		await().atMost(Duration.ofSeconds(30)).until(() -> !this.web.progress(execution.id()).isEmpty());

		HttpResponse<String> drained = this.http
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/admin/drain"))
				.POST(HttpRequest.BodyPublishers.noBody())
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(drained.statusCode()).isEqualTo(202);

		await().atMost(Duration.ofSeconds(30)).until(() -> last(this.web.progress(execution.id())).rebalance());
		assertMovedFromWhereItGot(execution);
		// it stopped: nothing more is reported, no result ends the run
		int requests = this.web.requests();
		await().during(Duration.ofMillis(300))
			.atMost(Duration.ofSeconds(5))
			.until(() -> this.web.requests() == requests);
	}

	@Test
	void movesToAnotherInstanceOnShutdown() throws Exception {
		start();
		Execution execution = this.web.newExecution();
		run(execution, 1, null, "{\"items\":1000000,\"batch\":1000}");
		await().atMost(Duration.ofSeconds(30)).until(() -> !this.web.progress(execution.id()).isEmpty());

		this.sample.close(); // as SIGTERM does; returns once async handlers are done
		this.sample = null;
		assertMovedFromWhereItGot(execution);
	}

	private void assertMovedFromWhereItGot(Execution execution) {
		List<Progress> progress = this.web.progress(execution.id());
		Progress moved = last(progress);
		Progress before = progress.get(progress.size() - 2);
		assertThat(moved).isEqualTo(Progress.rebalance(before.percent(), before.resumePayload()));
		assertThat(progress.subList(0, progress.size() - 1)).noneMatch(Progress::rebalance);
		assertThat(this.web.result(execution.id())).isEmpty();
		assertThat(this.web.status(execution.id())).isEqualTo("RUNNING");
	}

	private static Progress last(List<Progress> progress) {
		return progress.isEmpty() ? new Progress(0, null, null) : progress.get(progress.size() - 1);
	}

	private void start() {
		// as arguments, not default properties: application.yml's ports (9070, 9170)
		// would
		// win over those, and make run's java-sample holds them
		this.sample = new SpringApplicationBuilder(JavaSampleApplication.class).run("--eureka.client.enabled=false",
				"--grpc.server.port=0", "--server.port=0", "--sample.step=10ms", "--spring.main.banner-mode=off",
				"--crony.sdk.web-url=" + this.web.url());
		this.port = Integer.parseInt(this.sample.getEnvironment().getProperty("local.server.port"));
	}

	private HttpResponse<String> run(Execution execution, int attempt, String resume, String params) throws Exception {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/crony/jobs/export-ledger"))
			.header("X-Crony-Execution-Id", String.valueOf(execution.id()))
			.header("X-Crony-Token", execution.token())
			.header("X-Crony-Attempt", String.valueOf(attempt))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(params));
		if (resume != null) {
			request.header("X-Crony-Resume-Payload", Base64.getEncoder().encodeToString(resume.getBytes()));
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
