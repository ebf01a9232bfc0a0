package com.example.billing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import io.crony.sdk.Execution;
import io.crony.sdk.Result;
import io.crony.sdk.testing.FakeCronyWeb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The released starter's auto-configuration in a service of its own, and the released
 * crony-sdk-java-testing's fake crony-web receiving the async job's report.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class InvoiceJobsTest {

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
	void answersASyncJobWithItsResult() throws Exception {
		HttpResponse<String> response = run("send-invoices", new Execution(7, "t"));
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(response.body()).contains("\"outcome\":\"SUCCEEDED\"").contains("sent invoices of run 7");
	}

	@Test
	void reportsAnAsyncJobsResultToCronyWeb() throws Exception {
		Execution execution = web.newExecution();
		assertThat(run("archive-invoices", execution).statusCode()).isEqualTo(202);
		await().atMost(Duration.ofSeconds(30)).until(() -> web.result(execution.id()).isPresent());
		assertThat(web.result(execution.id()))
			.contains(Result.succeeded("archived").withOutput("run " + execution.id()));
	}

	private HttpResponse<String> run(String job, Execution execution) throws Exception {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/crony/jobs/" + job))
			.header("X-Crony-Execution-Id", String.valueOf(execution.id()))
			.header("X-Crony-Token", execution.token())
			.POST(HttpRequest.BodyPublishers.noBody())
			.build(), HttpResponse.BodyHandlers.ofString());
	}

}
