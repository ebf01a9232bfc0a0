package io.crony.system;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import io.crony.test.ServiceProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The Go sample service (examples/go-sample, built here with {@code go build}) as the
 * target of crony-web and crony-agent started from their packaged jars, against real etcd
 * and MariaDB: sync jobs over HTTP and gRPC, an async job reported through the Go SDK, an
 * async job never reported (timed out and retried with its resume payload), a report with
 * a wrong token, and a long run that moves off a draining instance.
 */
class CrossLanguageIT {

	private static final String PASSWORD = "system-test-admin-1";

	private static final String AGENT = "system-agent";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int WEB_PORT = LocalServices.freePort();

	private static final int GO_HTTP = LocalServices.freePort();

	private static final int GO_GRPC = LocalServices.freePort();

	private static ServiceProcess web;

	private static ServiceProcess agent;

	private static ServiceProcess goSample;

	private static Path goBinary;

	private static RecordingTarget silent;

	private static Api api;

	private static Runs runs;

	@BeforeAll
	static void startTheSystem() throws Exception {
		web = Platform.web("system-web", services, WEB_PORT, PASSWORD, Platform.eurekaServer(WEB_PORT));

		goBinary = buildGoSample();
		goSample = startGoSample("system-go-sample", GO_HTTP, GO_GRPC);
		silent = RecordingTarget.accepting();

		web.awaitHealthy("http://127.0.0.1:" + WEB_PORT + "/actuator/health", Duration.ofMinutes(3));
		int agentPort = LocalServices.freePort();
		Map<String, String> agentProperties = Platform.eurekaClient(WEB_PORT);
		agentProperties.put("crony.agent.async.poll-interval", "200ms");
		agent = Platform.agent(services, AGENT, agentPort, agentProperties);
		agent.awaitHealthy("http://127.0.0.1:" + agentPort + "/actuator/health", Duration.ofMinutes(3));
		goSample.awaitHealthy("http://127.0.0.1:" + GO_HTTP + "/healthz", Duration.ofMinutes(1));

		api = new Api(WEB_PORT);
		api.login("admin", PASSWORD);
		runs = new Runs(api, AGENT);
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		for (AutoCloseable process : new AutoCloseable[] { agent, goSample, web, silent }) {
			if (process != null) {
				process.close();
			}
		}
	}

	@Test
	void runsTheGoSamplesSyncJobOverHttp() {
		long job = runs.create("settle-http",
				Runs.target("HTTP", "http://127.0.0.1:" + GO_HTTP + "/crony/jobs/settle-orders", "SYNC"), 10, 1);
		JsonNode execution = runs.toEnd(job, "{\"day\":\"2026-11-21\",\"orders\":[12.5,7]}");
		assertThat(execution.get("status").asText()).as("%s", execution).isEqualTo("SUCCEEDED");
		assertThat(execution.get("output").asText()).contains("total=19.50");
	}

	@Test
	void runsTheGoSamplesSyncJobOverGrpc() {
		long job = runs.create("settle-grpc",
				Runs.target("GRPC", "static://127.0.0.1:" + GO_GRPC + "/settle-orders", "SYNC"), 10, 1);
		JsonNode execution = runs.toEnd(job, "{\"day\":\"2026-11-21\",\"orders\":[1,2]}");
		assertThat(execution.get("status").asText()).as("%s", execution).isEqualTo("SUCCEEDED");
		assertThat(execution.get("output").asText()).contains("total=3.00");

		// the sample answers FAILED for a negative amount: a failure, not a success
		JsonNode failed = runs.toEnd(job, "{\"orders\":[-1]}");
		assertThat(failed.get("status").asText()).as("%s", failed).isEqualTo("FAILED");
		assertThat(failed.get("error").asText()).contains("negative");
	}

	@Test
	void asyncJobReportsItsResultThroughTheGoSdkOverHttpAndGrpc() throws SQLException {
		long overHttp = runs.create("rebuild-http",
				Runs.target("HTTP", "http://127.0.0.1:" + GO_HTTP + "/crony/jobs/rebuild-index", "ASYNC"), 30, 1);
		long overGrpc = runs.create("rebuild-grpc",
				Runs.target("GRPC", "static://127.0.0.1:" + GO_GRPC + "/rebuild-index", "ASYNC"), 30, 1);
		for (long job : new long[] { overHttp, overGrpc }) {
			JsonNode execution = runs.toEnd(job, null);
			assertThat(execution.get("status").asText()).as("%s", execution).isEqualTo("SUCCEEDED");
			assertThat(execution.get("attempt").asInt()).isEqualTo(1);
			Map<String, Object> row = row(execution.get("id").asLong());
			assertThat(row).containsEntry("progress", 100).containsEntry("resume_payload", "5");
		}
	}

	@Test
	void asyncJobNeverReportedTimesOutAndIsRetriedWithItsResumePayload() throws SQLException {
		long job = runs.create("never-reports", Runs.target("HTTP", silent.url(), "ASYNC"), 6, 2);
		long executionId = runs.start(job, null);
		await("first call").atMost(Duration.ofSeconds(30)).until(() -> silent.calls().size() >= 1);
		Map<String, String> first = silent.calls().get(0);
		String token = first.get("X-Crony-Token");
		assertThat(first).containsEntry("X-Crony-Execution-Id", Long.toString(executionId))
			.containsEntry("X-Crony-Attempt", "1")
			.containsEntry("X-Crony-Job-Name", "never-reports")
			.containsEntry("X-Crony-Trigger", "MANUAL")
			.containsKey("X-Crony-Deadline");
		assertThat(token).isNotBlank();

		// a wrong token is refused and changes nothing
		Map<String, Object> before = row(executionId);
		assertThat(before).containsEntry("status", "RUNNING");
		assertThat(api.report(executionId, "result", token + "x", Map.of("outcome", "SUCCEEDED")).status())
			.isEqualTo(401);
		assertThat(row(executionId)).isEqualTo(before);

		// progress with the right token is kept and handed to the retry
		assertThat(api.report(executionId, "progress", token, Map.of("progress", 40, "resumePayload", "page-7"))
			.body()
			.get("applied")
			.asBoolean()).isTrue();

		await("retry").atMost(Duration.ofSeconds(30)).until(() -> silent.calls().size() >= 2);
		Map<String, String> second = silent.calls().get(1);
		assertThat(second).containsEntry("X-Crony-Execution-Id", Long.toString(executionId))
			.containsEntry("X-Crony-Attempt", "2");
		// each attempt reports with a token of its own
		String retried = second.get("X-Crony-Token");
		assertThat(retried).isNotBlank().isNotEqualTo(token);
		assertThat(new String(Base64.getDecoder().decode(second.get("X-Crony-Resume-Payload")), StandardCharsets.UTF_8))
			.isEqualTo("page-7");

		JsonNode ended = runs.awaitEnd(executionId);
		assertThat(ended.get("status").asText()).as("%s", ended).isEqualTo("TIMED_OUT");
		assertThat(ended.get("attempt").asInt()).isEqualTo(2);
		assertThat(silent.calls()).hasSize(2);
		// a report after the end changes nothing and says so
		JsonNode late = api.report(executionId, "result", retried, Map.of("outcome", "SUCCEEDED")).body();
		assertThat(late.get("applied").asBoolean()).isFalse();
		assertThat(late.get("status").asText()).isEqualTo("TIMED_OUT");
	}

	@Test
	void lbAndDiscoveryTargetsFollowTheInstancesInEureka() {
		long overHttp = runs.create("settle-lb", Runs.target("HTTP", "lb://go-sample/crony/jobs/settle-orders", "SYNC"),
				10, 1);
		long overGrpc = runs.create("settle-discovery",
				Runs.target("GRPC", "discovery:///go-sample/settle-orders", "SYNC"), 10, 1);
		String params = "{\"orders\":[2,3]}";
		for (long job : new long[] { overHttp, overGrpc }) {
			JsonNode none = runs.toEnd(job, params);
			assertThat(none.get("status").asText()).as("%s", none).isEqualTo("FAILED");
			assertThat(none.get("error").asText()).isEqualTo("no instance of go-sample");
		}

		Eureka eureka = new Eureka(WEB_PORT);
		eureka.register("go-sample", "go-sample-1", GO_HTTP, GO_GRPC);
		for (long job : new long[] { overHttp, overGrpc }) {
			runs.untilEnding(job, params, "SUCCEEDED");
		}

		eureka.deregister("go-sample", "go-sample-1");
		for (long job : new long[] { overHttp, overGrpc }) {
			JsonNode gone = runs.untilEnding(job, params, "FAILED");
			assertThat(gone.get("error").asText()).isEqualTo("no instance of go-sample");
		}

		eureka.register("go-sample", "go-sample-1", GO_HTTP, GO_GRPC);
		for (long job : new long[] { overHttp, overGrpc }) {
			JsonNode back = runs.untilEnding(job, params, "SUCCEEDED");
			assertThat(back.get("output").asText()).contains("total=5.00");
		}
	}

	/**
	 * The Go sample's export-ledger on one of two instances of its service in Eureka: the
	 * instance that has the run drains mid-run, the Go SDK asks Crony to move the run
	 * with its offset, and the other instance finishes it from there as attempt 2.
	 */
	@Test
	void aDrainingGoInstanceMovesItsRunToTheOtherThroughTheGoSdk() throws Exception {
		int otherHttp = LocalServices.freePort();
		int otherGrpc = LocalServices.freePort();
		try (ServiceProcess other = startGoSample("system-go-sample-2", otherHttp, otherGrpc)) {
			other.awaitHealthy("http://127.0.0.1:" + otherHttp + "/healthz", Duration.ofMinutes(1));
			Eureka eureka = new Eureka(WEB_PORT);
			eureka.register("go-ledger", "go-ledger-1", GO_HTTP, GO_GRPC);
			eureka.register("go-ledger", "go-ledger-2", otherHttp, otherGrpc);
			long job = runs.create("export-ledger",
					Runs.target("HTTP", "lb://go-ledger/crony/jobs/export-ledger", "ASYNC"), 120, 1);

			// 200 batches of 100 ms: long enough to drain the instance mid-run
			String params = "{\"items\":200,\"batch\":1}";
			long id = await("a run of export-ledger under way").atMost(Duration.ofMinutes(2))
				.pollInterval(Duration.ofSeconds(1))
				.until(() -> {
					long run = runs.start(job, params);
					await().atMost(Duration.ofSeconds(30)).until(() -> {
						JsonNode execution = api.get("/api/v1/executions/" + run).body();
						return execution.path("progress").asInt(0) > 0
								|| !"RUNNING".equals(execution.path("status").asText());
					});
					return (api.get("/api/v1/executions/" + run).body().path("progress").asInt(0) > 0) ? run : 0;
				}, (run) -> run != 0);
			String first = api.get("/api/v1/executions/" + id).body().get("attempts").get(0).get("instance").asText();
			int drained = first.endsWith(":" + GO_HTTP) ? GO_HTTP : otherHttp;
			assertThat(first).isEqualTo("127.0.0.1:" + drained);
			HttpResponse<String> drain = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + drained + "/admin/drain"))
					.POST(HttpRequest.BodyPublishers.noBody())
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(drain.statusCode()).isEqualTo(202);

			JsonNode execution = runs.awaitEnd(id);
			assertThat(execution.get("status").asText()).as("%s", execution).isEqualTo("SUCCEEDED");
			assertThat(execution.get("attempt").asInt()).isEqualTo(2);
			// the other instance went on from where the drained one stopped, not from 0
			assertThat(execution.get("message").asText()).matches("exported items ([1-9][0-9]*)\\.\\.200 on attempt 2");
			JsonNode chain = await("the run's chain complete").atMost(Duration.ofSeconds(30))
				.until(() -> api.get("/api/v1/executions/" + id).body().get("attempts"),
						(attempts) -> attempts.size() == 2 && attempts.get(1).hasNonNull("status"));
			assertThat(chain.get(0).get("status").asText()).isEqualTo("MOVED");
			assertThat(chain.get(1).get("instance").asText()).isNotEqualTo(first);
			assertThat(chain.get(1).get("status").asText()).isEqualTo("SUCCEEDED");
		}
	}

	private static ServiceProcess startGoSample(String name, int httpPort, int grpcPort) {
		return ServiceProcess.start(name,
				List.of(goBinary.toString(), "-http-addr", "127.0.0.1:" + httpPort, "-grpc-addr",
						"127.0.0.1:" + grpcPort, "-crony-url", "http://127.0.0.1:" + WEB_PORT, "-step", "100ms"),
				Path.of(".").toAbsolutePath());
	}

	private static Map<String, Object> row(long executionId) throws SQLException {
		try (Connection connection = DriverManager.getConnection(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD);
				ResultSet rs = connection.createStatement()
					.executeQuery("SELECT * FROM execution WHERE id = " + executionId)) {
			Map<String, Object> row = new LinkedHashMap<>();
			if (rs.next()) {
				for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
					row.put(rs.getMetaData().getColumnLabel(i), rs.getObject(i));
				}
			}
			return row;
		}
	}

	private static Path buildGoSample() throws Exception {
		Path dir = Path.of(System.getProperty("crony.go-sample.dir")).toAbsolutePath();
		Path binary = Path.of("target", "go-sample").toAbsolutePath();
		String go = Files.isExecutable(Path.of("/usr/local/go/bin/go")) ? "/usr/local/go/bin/go" : "go";
		Process build = new ProcessBuilder(go, "build", "-o", binary.toString(), ".").directory(dir.toFile())
			.redirectErrorStream(true)
			.redirectOutput(Path.of("target", "go-build.log").toAbsolutePath().toFile())
			.start();
		assertThat(build.waitFor(5, TimeUnit.MINUTES)).as("go build finished").isTrue();
		assertThat(build.exitValue()).as("go build (see target/go-build.log)").isZero();
		return binary;
	}

}
