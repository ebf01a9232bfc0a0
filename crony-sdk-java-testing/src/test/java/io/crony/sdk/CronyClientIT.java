package io.crony.sdk;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.crony.sdk.testing.FakeCronyWeb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The JDK transport against a real local HTTP server that behaves like crony-web's
 * intake.
 */
class CronyClientIT {

	private final FakeCronyWeb web = FakeCronyWeb.start();

	private final CronyClient client = CronyClient
		.create(CronyClientOptions.builder(this.web.url()).retry(3, Duration.ofMillis(10)).build());

	@AfterEach
	void close() {
		this.client.close();
		this.web.close();
	}

	@Test
	void reportsProgressThenTheResultOfARun() {
		Execution execution = this.web.newExecution();
		ReportResponse progress = this.client.reportProgress(execution, Progress.of(40, "shard-4"));
		ReportResponse result = this.client.reportResult(execution, Result.succeeded("rebuilt").withOutput("5 shards"));
		assertThat(progress).isEqualTo(new ReportResponse(true, "RUNNING", null));
		assertThat(result).isEqualTo(new ReportResponse(true, "SUCCEEDED", null));
		assertThat(this.web.progress(execution.id())).containsExactly(new Progress(40, "shard-4", null));
		assertThat(this.web.result(execution.id())).contains(Result.succeeded("rebuilt").withOutput("5 shards"));
	}

	@Test
	void reportsTheOutputsARunPublishesForItsDownstreamJobs() {
		Execution execution = this.web.newExecution();
		Result loaded = Result.succeeded("loaded")
			.withOutputs(Map.of("day", "20261128", "rows", 42, "file", Map.of("path", "/in/a.csv")));
		ReportResponse result = this.client.reportResult(execution, loaded);
		assertThat(result).isEqualTo(new ReportResponse(true, "SUCCEEDED", null));
		assertThat(this.web.result(execution.id())).hasValueSatisfying((reported) -> {
			assertThat(reported.outputs()).containsEntry("day", "20261128").containsEntry("rows", 42);
			assertThat(reported.outputs().get("file")).isEqualTo(Map.of("path", "/in/a.csv"));
		});
	}

	@Test
	void refusesAWrongTokenAndLeavesTheRunUnchanged() {
		Execution execution = this.web.newExecution();
		Execution forged = new Execution(execution.id(), "not-the-token");
		assertThatExceptionOfType(InvalidTokenException.class)
			.isThrownBy(() -> this.client.reportResult(forged, Result.succeeded("forged")))
			.satisfies((ex) -> assertThat(ex.status()).isEqualTo(401));
		assertThat(this.web.status(execution.id())).isEqualTo("RUNNING");
		assertThat(this.web.result(execution.id())).isEmpty();
		assertThat(this.web.requests()).isEqualTo(1);
	}

	@Test
	void saysWhenTheExecutionIsUnknown() {
		assertThatExceptionOfType(ExecutionNotFoundException.class)
			.isThrownBy(() -> this.client.reportProgress(new Execution(999_999, "x"), Progress.of(1)));
	}

	@Test
	void answersNotAppliedOnceTheRunHasEnded() {
		Execution execution = this.web.newExecution();
		this.web.setStatus(execution.id(), "TIMED_OUT");
		ReportResponse response = this.client.reportResult(execution, Result.succeeded("late"));
		assertThat(response).isEqualTo(new ReportResponse(false, "TIMED_OUT",
				"Execution " + execution.id() + " is TIMED_OUT; the report changed nothing"));
		assertThat(this.web.result(execution.id())).isEmpty();
	}

	@Test
	void refusesAnInvalidReportEvenOnceTheRunHasEnded() throws Exception {
		Execution execution = this.web.newExecution();
		this.web.setStatus(execution.id(), "TIMED_OUT");
		// the client checks the range itself: the fake is asked directly, as crony-web is
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest
				.newBuilder(URI.create(this.web.url() + "/api/v1/executions/" + execution.id() + "/progress"))
				.header("X-Crony-Token", execution.token())
				.POST(HttpRequest.BodyPublishers.ofString("{\"progress\":150}"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(response.body()).contains("\"field\":\"progress\"");
	}

	@Test
	void refusesAFieldCronyWebDoesNotKnowNamingItAndRecordsNothing() throws Exception {
		Execution execution = this.web.newExecution();
		// the resume state goes in resumePayload, not a params field; a result cannot ask
		// to move the run
		for (String[] report : new String[][] {
				{ "progress", "{\"progress\":50,\"rebalance\":true,\"params\":{\"offset\":100000}}", "params",
						"params: unknown field" },
				{ "result", "{\"outcome\":\"SUCCEEDED\",\"rebalance\":true}", "rebalance", "rebalance: unknown field" },
				{ "progress", "{\"progress\":50,\"rebalance\":\"yes\"}", "rebalance",
						"rebalance: must be a boolean" } }) {
			HttpResponse<String> response = post(execution, report[0], report[1]);
			assertThat(response.statusCode()).isEqualTo(400);
			assertThat(response.body()).contains("\"field\":\"" + report[2] + "\"").contains(report[3]);
		}
		assertThat(this.web.progress(execution.id())).isEmpty();
		assertThat(this.web.result(execution.id())).isEmpty();
		assertThat(this.web.status(execution.id())).isEqualTo("RUNNING");
		// what the client sends is known
		assertThat(this.client.reportProgress(execution, new Progress(50, "offset=100000", "half way")).applied())
			.isTrue();
		assertThat(this.client.reportResult(execution, new Result(Outcome.SUCCEEDED, "done", "ok")).applied()).isTrue();
	}

	@Test
	void recordsARebalanceAndKeepsTheRunRunning() {
		Execution execution = this.web.newExecution();
		this.client.reportProgress(execution, Progress.of(20, "{\"offset\":200000}"));
		ReportResponse response = this.client.requestRebalance(execution, 30, "{\"offset\":300000}");
		assertThat(response).isEqualTo(new ReportResponse(true, "RUNNING", null));
		assertThat(this.web.progress(execution.id())).containsExactly(new Progress(20, "{\"offset\":200000}", null),
				Progress.rebalance(30, "{\"offset\":300000}"));
		assertThat(this.web.status(execution.id())).isEqualTo("RUNNING");
		this.web.setStatus(execution.id(), "CANCELLED");
		assertThat(this.client.requestRebalance(execution, 40, "{\"offset\":400000}").applied()).isFalse();
		assertThat(this.web.progress(execution.id())).hasSize(2);
	}

	@Test
	void retriesAnUnavailableCronyWebUntilTheReportIsApplied() {
		Execution execution = this.web.newExecution();
		this.web.failNext(2, 503);
		assertThat(this.client.reportResult(execution, Result.failed("disk full")).applied()).isTrue();
		assertThat(this.web.requests()).isEqualTo(3);
		assertThat(this.web.status(execution.id())).isEqualTo("FAILED");
	}

	private HttpResponse<String> post(Execution execution, String report, String body) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest
				.newBuilder(URI.create(this.web.url() + "/api/v1/executions/" + execution.id() + "/" + report))
				.header("X-Crony-Token", execution.token())
				.POST(HttpRequest.BodyPublishers.ofString(body))
				.build(), HttpResponse.BodyHandlers.ofString());
	}

	@Test
	void failsWithTheCauseWhenNothingListens() throws IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = socket.getLocalPort();
		}
		try (CronyClient unreachable = CronyClient.create(CronyClientOptions.builder("http://127.0.0.1:" + port)
			.retry(2, Duration.ofMillis(10))
			.connectTimeout(Duration.ofSeconds(2))
			.build())) {
			assertThatExceptionOfType(CronyRequestException.class)
				.isThrownBy(() -> unreachable.reportResult(new Execution(1, "t"), Result.succeeded("done")))
				.satisfies((ex) -> {
					assertThat(ex.attempts()).isEqualTo(2);
					assertThat(ex.getCause()).isInstanceOf(IOException.class);
				});
		}
	}

}
