package io.crony.system;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import io.crony.test.ServiceProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Java SDK in a Spring Cloud setup, end to end: crony-web with its embedded Eureka
 * server, a crony-agent and the Java sample service (examples/java-sample, registered in
 * Eureka as {@code java-sample} by its own Eureka client) started from their packaged
 * jars, against real etcd and MariaDB. An {@code lb://} HTTP target and a
 * {@code discovery:///} gRPC target both succeed; with the only instance stopped, runs
 * fail with "no instance of java-sample"; they succeed again when it is back; async runs
 * are finished by the sample's reports through the Java SDK (crony-web found in Eureka).
 * With make run's settings (crony-web listening on loopback only, the registry password
 * in every Eureka URL) and all three started at once, the hardest start for their logs:
 * every Eureka client fails until crony-web's registry answers, and the agent waits for
 * the schema crony-web's migrations create. No log of the run holds a secret any of them
 * was given.
 */
class JavaSampleEurekaIT {

	private static final String PASSWORD = "eureka-it-admin-1";

	private static final String AGENT = "eureka-it-agent";

	private static final String SETTLEMENT = "{\"day\":\"2026-11-21\",\"orders\":[12.5,7]}";

	// a database user of this class's own, so that its password is one no log line has
	// for another reason
	private static final String DB_PASSWORD = "eureka-it-db-secret-1";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int WEB_PORT = LocalServices.freePort();

	private static final int SAMPLE_HTTP = LocalServices.freePort();

	private static final int SAMPLE_GRPC = LocalServices.freePort();

	private static ServiceProcess web;

	private static ServiceProcess agent;

	private static ServiceProcess sample;

	private static Runs runs;

	private static final List<Path> logs = new ArrayList<>();

	private static String dbUser;

	@BeforeAll
	static void startTheSystem() throws SQLException {
		dbUser = createDatabaseUser();
		Map<String, String> webProperties = Platform.eurekaServer(WEB_PORT);
		webProperties.put("eureka.instance.lease-renewal-interval-in-seconds", "1");
		webProperties.putAll(databaseUser());
		web = started(Platform.web("eureka-it-web", services, WEB_PORT, PASSWORD, webProperties));
		// crony-web listening first: a client that connects to a loopback port nobody
		// listens on yet may be given that same port as its own (a TCP self-connect),
		// which then keeps crony-web from binding it. SchemaWaitIT starts an agent before
		// the schema exists.
		web.awaitHealthy("http://127.0.0.1:" + WEB_PORT + "/actuator/health", Duration.ofMinutes(3));

		int agentPort = LocalServices.freePort();
		Map<String, String> agentProperties = Platform.eurekaClient(WEB_PORT);
		agentProperties.put("crony.agent.async.poll-interval", "200ms");
		agentProperties.put("server.address", "127.0.0.1");
		agentProperties.putAll(databaseUser());
		agent = started(Platform.agent(services, AGENT, agentPort, agentProperties));
		sample = startSample("eureka-it-java-sample");
		agent.awaitHealthy("http://127.0.0.1:" + agentPort + "/actuator/health", Duration.ofMinutes(3));
		sample.awaitHealthy("http://127.0.0.1:" + SAMPLE_HTTP + "/actuator/health", Duration.ofMinutes(3));

		Api api = new Api(WEB_PORT);
		api.login("admin", PASSWORD);
		runs = new Runs(api, AGENT);
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		String executionTokenSecret = executionTokenSecret();
		for (AutoCloseable process : new AutoCloseable[] { agent, sample, web }) {
			if (process != null) {
				process.close();
			}
		}
		dropDatabaseUser();
		// every line, the shutdown's too: a Eureka client that cannot deregister from a
		// crony-web already gone prints its service URL
		LogSecrets secrets = new LogSecrets().add("registry password", Platform.REGISTRY_PASSWORD)
			.add("database password", DB_PASSWORD)
			.add("admin password", PASSWORD)
			.add("secret key", CronyServicesExtension.TEST_SECRET_KEY)
			.add("execution token secret", executionTokenSecret);
		assertThat(secrets.foundIn(logs)).as("secrets in the logs of %s", logs).isEmpty();
	}

	@Test
	void lbAndDiscoveryTargetsReachTheSampleAndSayNoInstanceWhileItIsDown() throws InterruptedException {
		long overHttp = runs.create("settle-lb",
				Runs.target("HTTP", "lb://java-sample/crony/jobs/settle-orders", "SYNC"), 10, 1);
		long overGrpc = runs.create("settle-discovery",
				Runs.target("GRPC", "discovery:///java-sample/settle-orders", "SYNC"), 10, 1);
		for (long job : new long[] { overHttp, overGrpc }) {
			// the output of settle-orders: the agent's call reached the handler with the
			// run's params
			JsonNode settled = runs.untilEnding(job, SETTLEMENT, "SUCCEEDED");
			assertThat(settled.get("output").asText()).isEqualTo("total=19.5");
		}

		// SIGTERM: the sample leaves Eureka as it shuts down
		sample.close();
		for (long job : new long[] { overHttp, overGrpc }) {
			JsonNode none = runs.untilEnding(job, SETTLEMENT, "FAILED");
			assertThat(none.get("error").asText()).isEqualTo("no instance of java-sample");
		}

		sample = startSample("eureka-it-java-sample-back");
		sample.awaitHealthy("http://127.0.0.1:" + SAMPLE_HTTP + "/actuator/health", Duration.ofMinutes(3));
		for (long job : new long[] { overHttp, overGrpc }) {
			JsonNode back = runs.untilEnding(job, SETTLEMENT, "SUCCEEDED");
			assertThat(back.get("output").asText()).isEqualTo("total=19.5");
		}
	}

	@Test
	void asyncRunsSucceedByTheSamplesReportsThroughTheJavaSdk() throws SQLException {
		long overHttp = runs.create("rebuild-lb",
				Runs.target("HTTP", "lb://java-sample/crony/jobs/rebuild-index", "ASYNC"), 60, 1);
		long overGrpc = runs.create("rebuild-discovery",
				Runs.target("GRPC", "discovery:///java-sample/rebuild-index", "ASYNC"), 60, 1);
		for (long job : new long[] { overHttp, overGrpc }) {
			// ACCEPTED by the sample, then finished only by its result report
			JsonNode execution = runs.untilEnding(job, null, "SUCCEEDED");
			assertThat(execution.get("attempt").asInt()).isEqualTo(1);
			assertThat(execution.get("progress").asInt()).isEqualTo(100);
			// the resume payload only a progress report sets: the next shard after the
			// last of five
			assertThat(resumePayload(execution.get("id").asLong())).isEqualTo("5");
		}
	}

	private static ServiceProcess startSample(String name) {
		Map<String, String> properties = Platform.eurekaClient(WEB_PORT);
		properties.put("server.port", Integer.toString(SAMPLE_HTTP));
		properties.put("grpc.server.port", Integer.toString(SAMPLE_GRPC));
		properties.put("sample.step", "50ms");
		properties.put("eureka.instance.lease-renewal-interval-in-seconds", "1");
		return started(ServiceProcess.java(name, "crony.java-sample.jar", properties));
	}

	private static ServiceProcess started(ServiceProcess process) {
		logs.add(process.log());
		return process;
	}

	private static Map<String, String> databaseUser() {
		return Map.of("spring.datasource.username", dbUser, "spring.datasource.password", DB_PASSWORD);
	}

	private static String createDatabaseUser() throws SQLException {
		String user = "it_" + services.schema();
		try (Connection connection = DriverManager.getConnection(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD); Statement statement = connection.createStatement()) {
			for (String host : new String[] { "127.0.0.1", "localhost" }) {
				statement.execute(
						"CREATE OR REPLACE USER '" + user + "'@'" + host + "' IDENTIFIED BY '" + DB_PASSWORD + "'");
				statement
					.execute("GRANT ALL PRIVILEGES ON `" + services.schema() + "`.* TO '" + user + "'@'" + host + "'");
			}
		}
		return user;
	}

	private static void dropDatabaseUser() throws SQLException {
		try (Connection connection = DriverManager.getConnection(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD); Statement statement = connection.createStatement()) {
			for (String host : new String[] { "127.0.0.1", "localhost" }) {
				statement.execute("DROP USER IF EXISTS '" + dbUser + "'@'" + host + "'");
			}
		}
	}

	/** The secret crony-web made for the execution tokens, read from etcd's JSON API. */
	private static String executionTokenSecret() throws IOException, InterruptedException {
		String key = services.keyPrefix() + "/config/execution-token-key";
		String body = "{\"key\":\"" + Base64.getEncoder().encodeToString(key.getBytes(StandardCharsets.UTF_8)) + "\"}";
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create(services.etcdEndpoint() + "/v3/kv/range"))
				.POST(HttpRequest.BodyPublishers.ofString(body))
				.build(), HttpResponse.BodyHandlers.ofString());
		JsonNode value = new ObjectMapper().readTree(response.body()).path("kvs").path(0).path("value");
		assertThat(value.isTextual()).as("%s in etcd: %s", key, response.body()).isTrue();
		return new String(Base64.getDecoder().decode(value.asText()), StandardCharsets.UTF_8);
	}

	private static String resumePayload(long executionId) throws SQLException {
		try (Connection connection = DriverManager.getConnection(services.jdbcUrl(), LocalServices.DB_USER,
				LocalServices.DB_PASSWORD);
				PreparedStatement query = connection
					.prepareStatement("SELECT resume_payload FROM execution WHERE id = ?")) {
			query.setLong(1, executionId);
			try (ResultSet rs = query.executeQuery()) {
				assertThat(rs.next()).as("execution %d", executionId).isTrue();
				return rs.getString(1);
			}
		}
	}

}
