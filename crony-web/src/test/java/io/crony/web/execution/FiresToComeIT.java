package io.crony.web.execution;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.schedule.Schedules;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.Jobs;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs are fires whose instant has come: a CRON fire an agent claimed ahead (PENDING,
 * scheduled in the future) is neither in the run history nor a job's last run until its
 * instant, while a manual run is listed at once; the jobs list says when each job fires
 * next instead.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + FiresToComeIT.ADMIN_PASSWORD)
@ExtendWith(OutputCaptureExtension.class)
class FiresToComeIT {

	static final String ADMIN_PASSWORD = "admin-password-fires-1";

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

	private ApiClient api;

	private Instant now;

	@BeforeEach
	void setUp() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		this.now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
	}

	@Test
	void aFireClaimedAheadIsNoRunUntilItsInstant(CapturedOutput log) {
		long jobId = this.api.post("/api/v1/jobs", Jobs.http("claimed-ahead")).id();
		long past = row(jobId, "CRON", "SUCCEEDED", this.now.minusSeconds(60));
		long soon = row(jobId, "CRON", "PENDING", this.now.plusSeconds(4));
		long later = row(jobId, "CRON", "PENDING", this.now.plusSeconds(3600));

		assertThat(ids("/api/v1/executions")).containsExactly(past);
		assertThat(ids("/api/v1/executions?jobId=" + jobId)).containsExactly(past);
		assertThat(ids("/api/v1/executions?status=PENDING")).isEmpty();
		assertThat(this.api.get("/api/v1/executions?jobId=" + jobId).body().path("total").asLong()).isEqualTo(1);
		assertThat(lastRun(this.api.get("/api/v1/jobs/" + jobId).body())).isEqualTo(past);
		assertThat(lastRun(listed(jobId))).isEqualTo(past);
		assertThat(this.api.get("/api/v1/jobs?status=SUCCEEDED").body().path("total").asLong()).isEqualTo(1);
		assertThat(this.api.get("/api/v1/jobs?status=PENDING").body().path("total").asLong()).isZero();

		// its instant comes: now it is a run (waiting to start), and the job's last one
		Awaitility.await()
			.atMost(Duration.ofSeconds(30))
			.until(() -> ids("/api/v1/executions?jobId=" + jobId).contains(soon));
		assertThat(ids("/api/v1/executions?jobId=" + jobId)).containsExactly(soon, past).doesNotContain(later);
		assertThat(lastRun(this.api.get("/api/v1/jobs/" + jobId).body())).isEqualTo(soon);
		assertThat(log.getOut()).doesNotContain("optimize this sql to a count sql has exception");
	}

	@Test
	void aManualRunIsListedAtOnceEvenInASecondAhead() {
		long jobId = this.api.post("/api/v1/jobs", Jobs.http("run-now")).id();
		row(jobId, "CRON", "SUCCEEDED", this.now.minusSeconds(60));
		// run now, twice in one second: the second run is claimed a second later
		long first = row(jobId, "MANUAL", "PENDING", this.now);
		long second = row(jobId, "MANUAL", "PENDING", this.now.plusSeconds(1));

		assertThat(ids("/api/v1/executions?jobId=" + jobId)).startsWith(second, first);
		assertThat(ids("/api/v1/executions?status=PENDING")).containsExactly(second, first);
		assertThat(lastRun(this.api.get("/api/v1/jobs/" + jobId).body())).isEqualTo(second);
	}

	@Test
	void theJobsListSaysWhenEachJobFiresNext() {
		long enabled = this.api.post("/api/v1/jobs", Jobs.http("fires-next")).id();
		long disabled = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("never"), "enabled", false)).id();
		Instant before = Instant.now();
		JsonNode listed = listed(enabled);
		JsonNode got = this.api.get("/api/v1/jobs/" + enabled).body();
		Instant after = Instant.now();

		// "0 0 1 * * ?" in Asia/Shanghai: 17:00 UTC every day
		var schedule = Schedules.parse("0 0 1 * * ?", ZoneId.of("Asia/Shanghai"));
		List<Instant> expected = List.of(schedule.nextFireAfter(before).orElseThrow(),
				schedule.nextFireAfter(after).orElseThrow());
		assertThat(expected).contains(Instant.parse(listed.path("nextFireAt").asText()));
		assertThat(expected).contains(Instant.parse(got.path("nextFireAt").asText()));
		assertThat(listed(disabled).has("nextFireAt")).isTrue();
		assertThat(listed(disabled).get("nextFireAt").isNull()).isTrue();
	}

	private long row(long jobId, String trigger, String status, Instant scheduledAt) {
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, attempt, "
						+ "updated_at) VALUES (?, 'job', 'agent-1', ?, ?, ?, 1, NOW(3))",
				jobId, trigger, status, SqlTime.of(scheduledAt));
		return this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ? AND scheduled_at = ?", Long.class,
				jobId, SqlTime.of(scheduledAt));
	}

	private List<Long> ids(String path) {
		List<Long> ids = new ArrayList<>();
		this.api.get(path).body().path("items").forEach((item) -> ids.add(item.path("id").asLong()));
		return ids;
	}

	private JsonNode listed(long jobId) {
		for (JsonNode job : this.api.get("/api/v1/jobs?size=200").body().path("items")) {
			if (job.path("id").asLong() == jobId) {
				return job;
			}
		}
		throw new AssertionError("job " + jobId + " not listed");
	}

	private static long lastRun(JsonNode job) {
		return job.path("lastExecution").path("id").asLong();
	}

}
