package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * crony-web and a crony-agent from their packaged jars, real etcd and MariaDB, the
 * agent's default lease (10 s) and crony-web's default reconciler settings but its period
 * (1 s instead of 30 s). The agent holds every-second jobs and is killed with SIGKILL
 * while it holds claims ahead: nobody releases them, so they stay PENDING. They stay so
 * while within the 2-minute grace; past it (set back here instead of waited for) the
 * leader closes them: MISSED naming the dead agent, or CANCELLED for a job deleted
 * meanwhile.
 */
class AbandonedClaimsIT {

	private static final String PASSWORD = "system-test-admin-3";

	private static final String AGENT = "claims-agent";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int WEB_PORT = LocalServices.freePort();

	private static ServiceProcess web;

	private static ServiceProcess agent;

	private static HttpServer target;

	private static Api api;

	@BeforeAll
	static void startTheSystem() {
		web = Platform.web("claims-web", services, WEB_PORT, PASSWORD, Map.of("crony.web.reconciler.interval", "1s"));
		target = okTarget();
		web.awaitHealthy("http://127.0.0.1:" + WEB_PORT + "/actuator/health", Duration.ofMinutes(3));
		int agentPort = LocalServices.freePort();
		// a claim row per fire (records written once off): the rows a killed agent
		// leaves are what this test is about
		agent = Platform.agent(services, AGENT, agentPort, Map.of("crony.agent.records-written-once", "false"));
		agent.awaitHealthy("http://127.0.0.1:" + agentPort + "/actuator/health", Duration.ofMinutes(3));
		api = new Api(WEB_PORT);
		api.login("admin", PASSWORD);
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		for (AutoCloseable process : new AutoCloseable[] { agent, web }) {
			if (process != null) {
				process.close();
			}
		}
		if (target != null) {
			target.stop(0);
		}
	}

	@Test
	void theClaimsOfAKilledAgentAreClosedOncePastTheGrace() throws Exception {
		long kept = createEverySecondJob("kept");
		long deleted = createEverySecondJob("deleted");
		long recent = createEverySecondJob("recent");
		List<Long> jobs = List.of(kept, deleted, recent);
		for (long job : jobs) {
			await("job " + job + " running on " + AGENT).atMost(Duration.ofSeconds(90))
				.until(() -> api.get("/api/v1/executions?status=SUCCEEDED&jobId=" + job).body().path("total").asLong(),
						(runs) -> runs > 0);
		}

		agent.kill();
		await(AGENT + " offline once its lease expired").atMost(Duration.ofSeconds(60))
			.until(() -> "OFFLINE".equals(api.get("/api/v1/agents/" + AGENT).body().path("status").asText()));
		Map<Long, List<Long>> claims = new LinkedHashMap<>();
		for (long job : jobs) {
			claims.put(job, query("SELECT id FROM execution WHERE job_id = ? AND status = 'PENDING' AND agent_id = ?",
					job, AGENT));
			assertThat(claims.get(job)).as("claims of job %s left by the killed agent", job).isNotEmpty();
		}

		// seconds past their instants, within the default grace: a live agent might still
		// start such a fire, so they stay (the reconciler runs every second here)
		await().during(Duration.ofSeconds(4)).atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			for (long job : jobs) {
				assertThat(statuses(claims.get(job))).as("job %s", job).containsOnly("PENDING");
			}
		});

		assertThat(api.delete("/api/v1/jobs/" + deleted).status()).isEqualTo(204);
		// 2.5 minutes and half a second back: past the grace, and off the whole seconds
		// other fires of the job are claimed at
		List<Long> old = new ArrayList<>(claims.get(kept));
		old.addAll(claims.get(deleted));
		update("UPDATE execution SET scheduled_at = TIMESTAMPADD(MICROSECOND, -150500000, scheduled_at), "
				+ "updated_at = TIMESTAMPADD(MICROSECOND, -150500000, updated_at) WHERE id IN (" + marks(old.size())
				+ ")", old.toArray());

		await("the old claims closed").atMost(Duration.ofSeconds(30)).until(() -> !statuses(old).contains("PENDING"));
		for (long id : claims.get(kept)) {
			JsonNode row = api.get("/api/v1/executions/" + id).body();
			assertThat(row.path("status").asText()).as("%s", row).isEqualTo("MISSED");
			assertThat(row.path("error").asText()).as("%s", row)
				.isEqualTo("claimed by agent " + AGENT + ", which never recorded starting it; the agent is gone");
			assertThat(row.path("finishedAt").isTextual()).as("%s", row).isTrue();
		}
		for (long id : claims.get(deleted)) {
			JsonNode row = api.get("/api/v1/executions/" + id).body();
			assertThat(row.path("status").asText()).as("%s", row).isEqualTo("CANCELLED");
			assertThat(row.path("error").asText()).as("%s", row).isEqualTo("job deleted");
		}
		assertThat(statuses(claims.get(recent))).containsOnly("PENDING");
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

	private static List<String> statuses(List<Long> ids) throws SQLException {
		List<String> statuses = new ArrayList<>();
		for (long id : ids) {
			statuses.addAll(query("SELECT status FROM execution WHERE id = ?", id));
		}
		return statuses;
	}

	@SuppressWarnings("unchecked")
	private static <T> List<T> query(String sql, Object... args) throws SQLException {
		try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < args.length; i++) {
				statement.setObject(i + 1, args[i]);
			}
			List<T> values = new ArrayList<>();
			try (ResultSet rows = statement.executeQuery()) {
				while (rows.next()) {
					values.add((T) rows.getObject(1));
				}
			}
			return values;
		}
	}

	private static void update(String sql, Object... args) throws SQLException {
		try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < args.length; i++) {
				statement.setObject(i + 1, args[i]);
			}
			statement.executeUpdate();
		}
	}

	private static Connection connect() throws SQLException {
		return DriverManager.getConnection(services.jdbcUrl(), LocalServices.DB_USER, LocalServices.DB_PASSWORD);
	}

	private static String marks(int n) {
		return String.join(", ", Collections.nCopies(n, "?"));
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
