package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
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
 * Agent groups with the packaged jars: crony-web and an unlabelled crony-agent, real etcd
 * and MariaDB. An every-second job selecting {@code dept=pay} is UNASSIGNED with the
 * reason while no agent carries the label; a second crony-agent started with
 * {@code crony.agent.labels=dept=pay,zone=a} (the one-string form
 * {@code CRONY_AGENT_LABELS} takes) announces its labels, takes the job and runs it, and
 * the unlabelled agent never does. A running job disabled leaves no fire its agent
 * claimed ahead open or MISSED: with a claim row per fire (the default) their rows end
 * CANCELLED, with records written once those fires have no row at all.
 */
class AgentGroupsIT {

	private static final String PASSWORD = "system-test-admin-3";

	private static final String PLAIN = "group-plain";

	private static final String PAY = "group-pay";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int WEB_PORT = LocalServices.freePort();

	private static ServiceProcess web;

	private static ServiceProcess plain;

	private static int plainPort;

	private static ServiceProcess pay;

	private static HttpServer target;

	private static Api api;

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@BeforeAll
	static void startTheSystem() {
		web = Platform.web("groups-web", services, WEB_PORT, PASSWORD, Map.of());
		target = okTarget();
		web.awaitHealthy("http://127.0.0.1:" + WEB_PORT + "/actuator/health", Duration.ofMinutes(3));
		plainPort = LocalServices.freePort();
		plain = Platform.agent(services, PLAIN, plainPort, Map.of());
		plain.awaitHealthy("http://127.0.0.1:" + plainPort + "/actuator/health", Duration.ofMinutes(3));
		api = new Api(WEB_PORT);
		api.login("admin", PASSWORD);
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		for (AutoCloseable process : new AutoCloseable[] { pay, plain, web }) {
			if (process != null) {
				process.close();
			}
		}
		if (target != null) {
			target.stop(0);
		}
	}

	@Test
	void aJobSelectingNoLiveAgentWaitsUnassignedAndRunsOnceAMatchingAgentStarts() {
		await("the unlabelled agent online").atMost(Duration.ofSeconds(60)).until(() -> agent(PLAIN) != null);
		long job = createEverySecondJob("payroll", Map.of("dept", "pay"));

		await("the job unassigned with the reason").atMost(Duration.ofSeconds(60))
			.until(() -> "UNASSIGNED".equals(placement(job).path("status").asText()));
		assertThat(placement(job).path("reason").asText()).isEqualTo("no live agent matches dept=pay");
		assertThat(api.get("/api/v1/jobs/" + job).body().path("agentId").isNull()).isTrue();

		int payPort = LocalServices.freePort();
		pay = Platform.agent(services, PAY, payPort, Map.of("crony.agent.labels", "dept=pay,zone=a"));
		pay.awaitHealthy("http://127.0.0.1:" + payPort + "/actuator/health", Duration.ofMinutes(3));

		await("the labelled agent online with its labels").atMost(Duration.ofSeconds(60))
			.until(() -> agent(PAY) != null);
		assertThat(agent(PAY).path("labels").path("dept").asText()).isEqualTo("pay");
		assertThat(agent(PAY).path("labels").path("zone").asText()).isEqualTo("a");
		await("the job on the labelled agent").atMost(Duration.ofSeconds(60))
			.until(() -> PAY.equals(api.get("/api/v1/jobs/" + job).body().path("agentId").asText()));
		assertThat(placement(job).path("status").asText()).isEqualTo("ASSIGNED");
		await("the job running on the labelled agent").atMost(Duration.ofSeconds(60))
			.until(() -> succeeded(job, PAY) > 0);
		assertThat(succeeded(job, PLAIN)).isZero();
	}

	/**
	 * Disabling a running every-second job: the leader takes it off its agent, which
	 * gives up the fires it claimed ahead; none ends MISSED and none is left PENDING.
	 * With a claim row per fire (the agents' default) the released rows end CANCELLED
	 * with the reason within a reconciler round (30 s); before, they stayed PENDING and
	 * were closed MISSED after the 2-minute grace. With records written once
	 * (CRONY_AGENT_RECORDSWRITTENONCE=true) a fire claimed ahead is claimed by its
	 * agent's window alone and has no row: the job leaves only the records of the runs it
	 * made. The agent's own log says which mode it is in. Default settings; 10 to 40 s,
	 * most of it waiting for the round.
	 */
	@Test
	void disablingARunningJobLeavesNoFireItsAgentClaimedAheadOpenOrMissed() throws IOException {
		await("an agent online").atMost(Duration.ofSeconds(60)).until(() -> agent(PLAIN) != null);
		long job = createEverySecondJob("ticking", Map.of());
		await("the job running").atMost(Duration.ofSeconds(60)).until(() -> runs(job, "SUCCEEDED") >= 3);

		Api.Answer disabled = api.post("/api/v1/jobs/" + job + "/disable", Map.of());
		assertThat(disabled.status()).as("%s", disabled.body()).isEqualTo(200);

		if (recordsWrittenOnce(plain)) {
			// the unlabelled agent holds no other job: the other test's selects dept=pay
			await("the job off its agent").atMost(Duration.ofSeconds(60)).until(() -> jobsHeld(plainPort) == 0);
			await("its last runs recorded").atMost(Duration.ofSeconds(30))
				.until(() -> runs(job, "PENDING") == 0 && runs(job, "RUNNING") == 0);
			assertThat(runs(job, "CANCELLED")).as("rows of fires claimed ahead").isZero();
		}
		else {
			// shorter than the 2-minute grace after which the reconciler closes what is
			// left
			await("its claims ahead cancelled").atMost(Duration.ofSeconds(100))
				.until(() -> runs(job, "PENDING") == 0 && runs(job, "CANCELLED") >= 1);
			for (JsonNode run : api.get("/api/v1/executions?status=CANCELLED&jobId=" + job).body().path("items")) {
				assertThat(run.path("error").asText()).isEqualTo("Not run: its job was disabled");
			}
		}
		assertThat(runs(job, "MISSED")).isZero();
		assertThat(api.get("/api/v1/jobs/" + job).body().path("lastExecution").path("status").asText())
			.isNotEqualTo("MISSED");
	}

	// the mode the agent itself says it is in (RecordsWrittenOnce logs each turn), not a
	// copy of its default or of the environment it was started with
	private static boolean recordsWrittenOnce(ServiceProcess agent) throws IOException {
		boolean on = false;
		for (String line : Files.readAllLines(agent.log())) {
			if (line.contains("Records written once: ")) {
				on = true;
			}
			else if (line.contains("Records written once paused")) {
				on = false;
			}
		}
		return on;
	}

	// the agent's own gauge crony.agent.jobs, read off its Prometheus endpoint
	private static int jobsHeld(int agentPort) throws IOException, InterruptedException {
		HttpResponse<String> metrics = HTTP
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + agentPort + "/actuator/prometheus"))
				.timeout(Duration.ofSeconds(5))
				.build(), HttpResponse.BodyHandlers.ofString());
		return metrics.body()
			.lines()
			.filter((line) -> line.startsWith("crony_agent_jobs ") || line.startsWith("crony_agent_jobs{"))
			.mapToInt((line) -> (int) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
			.findFirst()
			.orElseThrow(() -> new IllegalStateException("no crony_agent_jobs in " + metrics.body()));
	}

	private static JsonNode placement(long job) {
		return api.get("/api/v1/jobs/" + job).body().path("placement");
	}

	/** The agent as the agents API shows it while ONLINE, else null. */
	private static JsonNode agent(String id) {
		for (JsonNode agent : api.get("/api/v1/agents").body()) {
			if (id.equals(agent.path("id").asText()) && "ONLINE".equals(agent.path("status").asText())) {
				return agent;
			}
		}
		return null;
	}

	private static long createEverySecondJob(String name, Map<String, String> selector) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("name", name);
		body.put("schedule", "* * * * * ?");
		body.put("timeZone", "UTC");
		body.put("target", Map.of("type", "HTTP", "url", "http://127.0.0.1:" + target.getAddress().getPort() + "/tick",
				"method", "POST", "mode", "SYNC"));
		body.put("timeoutSeconds", 5);
		body.put("assignment", Map.of("labels", selector));
		Api.Answer created = api.post("/api/v1/jobs", body);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.id();
	}

	private static long runs(long job, String status) {
		return api.get("/api/v1/executions?status=" + status + "&jobId=" + job).body().path("total").asLong();
	}

	private static long succeeded(long job, String agentId) {
		Map<String, String> query = Map.of("agentId", agentId, "status", "SUCCEEDED", "jobId", Long.toString(job));
		String path = "/api/v1/executions?" + query.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + "=" + entry.getValue())
			.collect(Collectors.joining("&"));
		return api.get(path).body().path("total").asLong();
	}

	/** A target answering every call 200 at once. */
	private static HttpServer okTarget() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.createContext("/tick", (exchange) -> {
				exchange.getRequestBody().readAllBytes();
				byte[] answer = "ok".getBytes(StandardCharsets.UTF_8);
				exchange.sendResponseHeaders(200, answer.length);
				exchange.getResponseBody().write(answer);
				exchange.close();
			});
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
