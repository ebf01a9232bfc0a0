package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
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
 * crony-web and two crony-agent processes from their packaged jars, real etcd and
 * MariaDB, a platform WEBHOOK channel made through the API pointing at a local server
 * that checks the signature, and every-second jobs on both agents. One agent is killed
 * with SIGKILL: exactly one signed AGENT_LOST alert arrives, naming the agent and where
 * its jobs went, its jobs run on the survivor, and no second agent-lost alert follows.
 */
class AgentLostAlertIT {

	private static final String PASSWORD = "system-test-admin-2";

	private static final String SECRET = "whsec-agent-lost";

	private static final String SURVIVOR = "alert-agent-a";

	private static final String DOOMED = "alert-agent-b";

	private static final int JOBS = 6;

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int WEB_PORT = LocalServices.freePort();

	private static ServiceProcess web;

	private static ServiceProcess survivor;

	private static ServiceProcess doomed;

	private static HttpServer target;

	private static BotServer hook;

	private static Api api;

	@BeforeAll
	static void startTheSystem() throws IOException {
		web = Platform.web("alert-web", services, WEB_PORT, PASSWORD, Map.of());
		target = okTarget();
		hook = BotServer.start(Vendor.WEBHOOK, SECRET);
		web.awaitHealthy("http://127.0.0.1:" + WEB_PORT + "/actuator/health", Duration.ofMinutes(3));

		int survivorPort = LocalServices.freePort();
		int doomedPort = LocalServices.freePort();
		// both with the default lease (10 s): the loss is seen when the killed one's
		// expires
		survivor = Platform.agent(services, SURVIVOR, survivorPort, Map.of());
		doomed = Platform.agent(services, DOOMED, doomedPort, Map.of());
		survivor.awaitHealthy("http://127.0.0.1:" + survivorPort + "/actuator/health", Duration.ofMinutes(3));
		doomed.awaitHealthy("http://127.0.0.1:" + doomedPort + "/actuator/health", Duration.ofMinutes(3));

		api = new Api(WEB_PORT);
		api.login("admin", PASSWORD);
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		for (AutoCloseable process : new AutoCloseable[] { doomed, survivor, web, hook }) {
			if (process != null) {
				process.close();
			}
		}
		if (target != null) {
			target.stop(0);
		}
	}

	@Test
	void aKilledAgentProcessRaisesExactlyOneSignedAgentLostAlertAndItsJobsRunOnTheSurvivor() throws Exception {
		Api.Answer channel = api.post("/api/v1/alert-channels", Map.of("name", "ops-webhook", "type", "WEBHOOK",
				"platform", true, "config", Map.of("url", hook.url()), "secret", SECRET));
		assertThat(channel.status()).as("%s", channel.body()).isEqualTo(201);
		assertThat(channel.body().path("secretSet").asBoolean()).isTrue();
		await("both agents online").atMost(Duration.ofSeconds(60))
			.until(() -> onlineAgents().containsAll(Set.of(SURVIVOR, DOOMED)));

		List<Long> jobs = new ArrayList<>();
		for (int i = 0; i < JOBS; i++) {
			jobs.add(createEverySecondJob("tick-" + i));
		}
		Map<Long, String> placed = await("every job on an agent, both agents holding some")
			.atMost(Duration.ofSeconds(60))
			.until(() -> placement(jobs),
					(byJob) -> byJob.size() == JOBS && Set.copyOf(byJob.values()).equals(Set.of(SURVIVOR, DOOMED)));
		List<Long> moving = placed.entrySet()
			.stream()
			.filter((entry) -> DOOMED.equals(entry.getValue()))
			.map(Map.Entry::getKey)
			.toList();
		for (String agentId : List.of(SURVIVOR, DOOMED)) {
			await(agentId + " running its jobs").atMost(Duration.ofSeconds(60))
				.until(() -> succeeded(null, agentId, null) > 0);
		}
		assertThat(hook.received()).as("no alert before the kill").isEmpty();

		Instant killedAt = Instant.now();
		doomed.kill();

		await("the lost agent's jobs on the survivor").atMost(Duration.ofSeconds(60))
			.until(() -> placement(jobs).values().stream().allMatch(SURVIVOR::equals));
		for (long job : moving) {
			await("job " + job + " running on " + SURVIVOR).atMost(Duration.ofSeconds(60))
				.until(() -> succeeded(job, SURVIVOR, killedAt) > 0);
		}

		await("one webhook call").atMost(Duration.ofSeconds(60)).until(() -> hook.received().size() >= 1);
		BotServer.Received call = hook.received().get(0);
		assertThat(call.verified()).as("signature of %s", call.raw()).isTrue();
		JsonNode alert = call.body();
		assertThat(alert.path("kind").asText()).isEqualTo("AGENT_LOST");
		assertThat(alert.path("agentId").asText()).isEqualTo(DOOMED);
		assertThat(alert.path("subject").asText()).contains("Agent " + DOOMED + " lost");
		assertThat(alert.path("text").asText())
			.contains(moving.size() + " of its jobs moved (" + moving.size() + " to " + SURVIVOR + ")");

		await("the alert SENT in the history").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			JsonNode history = api.get("/api/v1/alerts?kind=AGENT_LOST").body();
			assertThat(history.path("total").asLong()).as("%s", history).isEqualTo(1);
			JsonNode sent = history.path("items").get(0);
			assertThat(sent.path("status").asText()).isEqualTo("SENT");
			assertThat(sent.path("agentId").asText()).isEqualTo(DOOMED);
			assertThat(sent.path("channelId").asLong()).isEqualTo(channel.id());
		});

		// the lost agent stays lost, the survivor stays alive: nothing more is raised
		await("a quiet period after the alert").during(Duration.ofSeconds(15))
			.atMost(Duration.ofSeconds(30))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> hook.received().size() == 1
					&& api.get("/api/v1/alerts?kind=AGENT_LOST").body().path("total").asLong() == 1);
		assertThat(onlineAgents()).containsExactly(SURVIVOR);
	}

	/** Every second, a SYNC HTTP call to the local target; placed by the leader. */
	private static long createEverySecondJob(String name) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("name", name);
		body.put("schedule", "* * * * * ?");
		body.put("timeZone", "UTC");
		body.put("target", Map.of("type", "HTTP", "url", "http://127.0.0.1:" + target.getAddress().getPort() + "/tick",
				"method", "POST", "mode", "SYNC"));
		body.put("timeoutSeconds", 5);
		body.put("retry", Map.of("maxAttempts", 1, "backoffSeconds", 1));
		Api.Answer created = api.post("/api/v1/jobs", body);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.id();
	}

	/** Which agent holds each job, for the jobs placed. */
	private static Map<Long, String> placement(List<Long> jobs) {
		Map<Long, String> byJob = new LinkedHashMap<>();
		for (long job : jobs) {
			String agentId = api.get("/api/v1/jobs/" + job).body().path("agentId").asText("");
			if (!agentId.isEmpty() && !"null".equals(agentId)) {
				byJob.put(job, agentId);
			}
		}
		return byJob;
	}

	private static Set<String> onlineAgents() {
		JsonNode agents = api.get("/api/v1/agents").body();
		Set<String> online = new java.util.TreeSet<>();
		agents.forEach((agent) -> {
			if ("ONLINE".equals(agent.path("status").asText())) {
				online.add(agent.path("id").asText());
			}
		});
		return online;
	}

	/** How many runs ended SUCCEEDED on the agent (of the job, scheduled since). */
	private static long succeeded(Long job, String agentId, Instant since) {
		Map<String, String> query = new LinkedHashMap<>();
		query.put("agentId", agentId);
		query.put("status", "SUCCEEDED");
		if (job != null) {
			query.put("jobId", job.toString());
		}
		if (since != null) {
			query.put("from", since.toString());
		}
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
