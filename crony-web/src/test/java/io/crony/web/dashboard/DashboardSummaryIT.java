package io.crony.web.dashboard;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.EtcdProbe;
import io.crony.web.support.Jobs;
import io.crony.web.support.Users;
import io.etcd.jetcd.Client;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

/**
 * {@code GET /api/v1/dashboard/summary} against real MariaDB and etcd: execution rows
 * written with known times, statuses and start delays give known counts, rates and
 * percentiles.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.web.admin.initial-password=" + DashboardSummaryIT.ADMIN_PASSWORD,
				// every request counts every bucket again, so each test sees its own rows
				"crony.web.dashboard.hour-series-refresh=0s", "crony.web.dashboard.day-series-refresh=0s" })
class DashboardSummaryIT {

	static final String ADMIN_PASSWORD = "admin-password-6";

	private static final DateTimeFormatter SQL_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
		.withZone(ZoneOffset.UTC);

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private Client etcd;

	private final CronyKeys keys = new CronyKeys(services.keyPrefix());

	private ApiClient admin;

	private long nextJob = 1;

	@BeforeEach
	void signIn() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
		new EtcdProbe(this.etcd).deleteUnder(this.keys.nodes());
	}

	@Test
	void countsRunsPerBucketAndStatusWithRateLatenessAndFailures() {
		// ten minutes back, in the middle of a minute, so no boundary passes during the
		// test
		Instant base = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(10)).plusSeconds(20);
		for (int i = 1; i <= 100; i++) {
			// cron fires started 1 ms, 2 ms, ... 100 ms late
			insert("SUCCEEDED", "CRON", base, base.plusMillis(i));
		}
		insert("FAILED", "CRON", base, base.plusMillis(100));
		// manual runs do not count towards trigger lateness, however late they started
		insert("RUNNING", "MANUAL", base.plusSeconds(5), base.plusSeconds(65));
		insert("RUNNING", "MANUAL", base.plusSeconds(5), base.plusSeconds(65));
		Instant threeHoursAgo = base.minus(Duration.ofHours(3));
		insert("FAILED", "CRON", threeHoursAgo, null);
		insert("FAILED", "CRON", threeHoursAgo, null);
		Instant fiveDaysAgo = base.minus(Duration.ofDays(5));
		long timedOut = insert("TIMED_OUT", "CRON", fiveDaysAgo, null);
		insert("SUCCEEDED", "CRON", base.minus(Duration.ofDays(40)), null);

		Response response = this.admin.get("/api/v1/dashboard/summary");
		assertThat(response.status()).as("%s", response.body()).isEqualTo(200);
		JsonNode summary = response.body();

		JsonNode minutes = summary.get("perMinute");
		assertThat(minutes).hasSize(60);
		assertThat(bucket(minutes, base, ChronoUnit.MINUTES))
			.isEqualTo(Map.of("SUCCEEDED", 100L, "FAILED", 1L, "RUNNING", 2L));
		assertThat(total(minutes)).isEqualTo(103);
		assertThat(Instant.parse(minutes.get(59).get("start").asText()))
			.isEqualTo(Instant.parse(summary.get("generatedAt").asText()).truncatedTo(ChronoUnit.MINUTES));

		JsonNode hours = summary.get("perHour");
		assertThat(hours).hasSize(24);
		assertThat(bucket(hours, threeHoursAgo, ChronoUnit.HOURS)).containsEntry("FAILED", 2L);
		assertThat(total(hours)).isEqualTo(105);

		JsonNode days = summary.get("perDay");
		assertThat(days).hasSize(30);
		assertThat(bucket(days, fiveDaysAgo, ChronoUnit.DAYS)).isEqualTo(Map.of("TIMED_OUT", 1L));
		assertThat(total(days)).as("the run 40 days ago is outside").isEqualTo(106);

		assertThat(counts(summary.get("last24h"))).isEqualTo(Map.of("SUCCEEDED", 100L, "FAILED", 3L, "RUNNING", 2L));
		assertThat(summary.get("successRate").asDouble()).isCloseTo(100.0 / 103, within(1e-9));
		assertThat(summary.get("runningNow").asLong()).isEqualTo(2);

		JsonNode lateness = summary.get("lateness");
		assertThat(lateness.get("samples").asInt()).as("cron fires of the last hour that started").isEqualTo(101);
		assertThat(lateness.get("p50Ms").asLong()).isEqualTo(51);
		assertThat(lateness.get("p95Ms").asLong()).isEqualTo(96);
		assertThat(lateness.get("p99Ms").asLong()).isEqualTo(100);
		assertThat(lateness.get("capped").asBoolean()).isFalse();

		JsonNode failures = summary.get("recentFailures");
		assertThat(failures).hasSize(4);
		assertThat(failures.get(0).get("status").asText()).isEqualTo("TIMED_OUT");
		assertThat(failures.get(0).get("id").asLong()).isEqualTo(timedOut);
		assertThat(failures.get(1).get("status").asText()).isEqualTo("FAILED");
		assertThat(failures.get(1).get("jobName").asText()).startsWith("job-");
		assertThat(failures.get(3).get("scheduledAt").asText()).isEqualTo(base.toString());
	}

	@Test
	void answersAnEmptyPictureWhenNothingRan() {
		JsonNode summary = this.admin.get("/api/v1/dashboard/summary").body();
		assertThat(total(summary.get("perMinute"))).isZero();
		assertThat(total(summary.get("perDay"))).isZero();
		assertThat(summary.get("successRate")).as("no rate without finished runs").isNull();
		assertThat(summary.get("lateness").get("samples").asInt()).isZero();
		assertThat(summary.get("lateness").get("p50Ms")).isNull();
		assertThat(summary.get("recentFailures")).isEmpty();
	}

	@Test
	void countsAgentsWhoseKeyIsAlive() {
		assertThat(this.admin.get("/api/v1/dashboard/summary").body().get("agentsAlive").asInt()).isZero();
		AgentInfo agent = new AgentInfo("agent-dash", "127.0.0.1", 9100, 1, Map.of(), "test", Instant.now());
		new EtcdProbe(this.etcd).put(this.keys.node(agent.id()),
				new String(CronyJson.toBytes(agent), StandardCharsets.UTF_8));
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(
					() -> assertThat(this.admin.get("/api/v1/dashboard/summary").body().get("agentsAlive").asInt())
						.isEqualTo(1));
	}

	@Test
	void viewersMayReadTheSummaryAndStrangersMayNot() {
		ApiClient viewer = Users.create(this.admin, "dash-viewer", "VIEWER");
		assertThat(viewer.get("/api/v1/dashboard/summary").status()).isEqualTo(200);
		assertThat(ApiClient.anonymous(this.port).get("/api/v1/dashboard/summary").status()).isEqualTo(401);
	}

	/** One execution row of a job of its own; times with their milliseconds. */
	private long insert(String status, String trigger, Instant scheduledAt, Instant startedAt) {
		long job = this.nextJob++;
		Jobs.ensureRow(this.jdbc, job);
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, trigger_type, status, scheduled_at, started_at, updated_at)"
						+ " VALUES (?, ?, ?, ?, ?, ?, ?)",
				job, "job-" + job, trigger, status, SQL_TIME.format(scheduledAt),
				(startedAt != null) ? SQL_TIME.format(startedAt) : null, SQL_TIME.format(Instant.now()));
		return this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
	}

	private static Map<String, Long> bucket(JsonNode series, Instant at, ChronoUnit unit) {
		String start = at.truncatedTo(unit).toString();
		for (JsonNode bucket : series) {
			if (Instant.parse(bucket.get("start").asText()).toString().equals(start)) {
				return counts(bucket.get("counts"));
			}
		}
		throw new AssertionError("no bucket starting at " + start + " in " + series);
	}

	private static Map<String, Long> counts(JsonNode counts) {
		Map<String, Long> map = new HashMap<>();
		counts.fields().forEachRemaining((e) -> map.put(e.getKey(), e.getValue().asLong()));
		return map;
	}

	private static long total(JsonNode series) {
		List<Long> all = new ArrayList<>();
		series.forEach((bucket) -> all.addAll(counts(bucket.get("counts")).values()));
		return all.stream().mapToLong(Long::longValue).sum();
	}

}
