package io.crony.system;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
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
 */
class JavaSampleEurekaIT {

	private static final String PASSWORD = "eureka-it-admin-1";

	private static final String AGENT = "eureka-it-agent";

	private static final String SETTLEMENT = "{\"day\":\"2026-11-21\",\"orders\":[12.5,7]}";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int WEB_PORT = LocalServices.freePort();

	private static final int SAMPLE_HTTP = LocalServices.freePort();

	private static final int SAMPLE_GRPC = LocalServices.freePort();

	private static ServiceProcess web;

	private static ServiceProcess agent;

	private static ServiceProcess sample;

	private static Runs runs;

	@BeforeAll
	static void startTheSystem() {
		Map<String, String> webProperties = Platform.eurekaServer(WEB_PORT);
		webProperties.put("eureka.instance.lease-renewal-interval-in-seconds", "1");
		web = Platform.web("eureka-it-web", services, WEB_PORT, PASSWORD, webProperties);
		web.awaitHealthy("http://127.0.0.1:" + WEB_PORT + "/actuator/health", Duration.ofMinutes(3));

		int agentPort = LocalServices.freePort();
		Map<String, String> agentProperties = Platform.eurekaClient(WEB_PORT);
		agentProperties.put("crony.agent.async.poll-interval", "200ms");
		agent = Platform.agent(services, AGENT, agentPort, agentProperties);
		sample = startSample("eureka-it-java-sample");
		agent.awaitHealthy("http://127.0.0.1:" + agentPort + "/actuator/health", Duration.ofMinutes(3));
		sample.awaitHealthy("http://127.0.0.1:" + SAMPLE_HTTP + "/actuator/health", Duration.ofMinutes(3));

		Api api = new Api(WEB_PORT);
		api.login("admin", PASSWORD);
		runs = new Runs(api, AGENT);
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		for (AutoCloseable process : new AutoCloseable[] { agent, sample, web }) {
			if (process != null) {
				process.close();
			}
		}
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
		return ServiceProcess.java(name, "crony.java-sample.jar", properties);
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
