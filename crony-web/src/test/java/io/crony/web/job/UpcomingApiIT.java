package io.crony.web.job;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
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
import static org.assertj.core.api.Assertions.tuple;

/**
 * The upcoming view against the real server: fires per bucket of the department's enabled
 * jobs only, the peaks with the jobs behind them, a bucket's jobs, and 400s naming the
 * parameter.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + UpcomingApiIT.ADMIN_PASSWORD)
class UpcomingApiIT {

	static final String ADMIN_PASSWORD = "admin-password-upcoming";

	private static final String UPCOMING = "/api/v1/jobs/upcoming";

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

	private ApiClient admin;

	/** Tomorrow's midnight, UTC: the daily jobs all fire there. */
	private Instant midnight;

	@BeforeEach
	void setUp() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		this.midnight = Instant.now().truncatedTo(ChronoUnit.DAYS).plus(1, ChronoUnit.DAYS);
		create(this.admin, "settle", "0 0 * * *", true);
		create(this.admin, "report", "0 0 * * *", true);
		create(this.admin, "archive", "@daily", true);
		create(this.admin, "sync", "*/15 * * * *", true);
		create(this.admin, "ping", "* * * * * ?", true);
		create(this.admin, "paused", "0 0 * * *", false);
		this.admin.post("/api/v1/departments", Map.of("name", "upcoming-other"));
		create(this.admin.inDepartment("upcoming-other"), "elsewhere", "0 0 * * *", true);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM audit_log");
		this.jdbc.update("DELETE FROM department_member WHERE department_id <> 1");
		this.jdbc.update("DELETE FROM department WHERE id <> 1");
	}

	@Test
	void countsTheDepartmentsEnabledJobsPerMinuteWithThePeaks() {
		Response day = this.admin.get(UPCOMING + "?from=" + this.midnight);

		assertThat(day.status()).as("%s", day.body()).isEqualTo(200);
		JsonNode body = day.body();
		assertThat(instant(body.get("from"))).isEqualTo(this.midnight);
		assertThat(instant(body.get("to"))).isEqualTo(this.midnight.plus(1, ChronoUnit.DAYS));
		assertThat(body.get("bucketMinutes").asInt()).isEqualTo(1);
		assertThat(body.get("jobs").asInt()).isEqualTo(5);
		assertThat(body.get("fires").asLong()).isEqualTo(86_400 + 96 + 3);
		JsonNode buckets = body.get("buckets");
		assertThat(buckets).hasSize(1440);
		assertThat(bucket(buckets.get(0))).isEqualTo(tuple(this.midnight, 64L));
		assertThat(bucket(buckets.get(1))).isEqualTo(tuple(this.midnight.plusSeconds(60), 60L));
		assertThat(bucket(buckets.get(15))).isEqualTo(tuple(this.midnight.plusSeconds(15 * 60), 61L));

		JsonNode peak = body.at("/peaks/0");
		assertThat(bucket(peak)).isEqualTo(tuple(this.midnight, 64L));
		assertThat(peak.get("jobCount").asInt()).isEqualTo(5);
		assertThat(jobs(peak)).containsExactly(tuple("ping", 60L), tuple("archive", 1L), tuple("report", 1L),
				tuple("settle", 1L), tuple("sync", 1L));
		assertThat(body.get("peaks")).hasSize(5);

		Response other = this.admin.inDepartment("upcoming-other").get(UPCOMING + "?from=" + this.midnight);
		assertThat(other.body().get("fires").asLong()).isEqualTo(1);
		assertThat(jobs(other.body().at("/peaks/0"))).containsExactly(tuple("elsewhere", 1L));
	}

	@Test
	void listsTheJobsOfOneBucket() {
		Response minute = this.admin.get(UPCOMING + "/jobs?at=" + this.midnight.plusSeconds(30));

		assertThat(minute.status()).as("%s", minute.body()).isEqualTo(200);
		assertThat(instant(minute.body().get("start"))).isEqualTo(this.midnight);
		assertThat(instant(minute.body().get("end"))).isEqualTo(this.midnight.plusSeconds(60));
		assertThat(minute.body().get("fires").asLong()).isEqualTo(64);
		assertThat(minute.body().get("jobCount").asInt()).isEqualTo(5);
		assertThat(jobs(minute.body())).containsExactly(tuple("ping", 60L), tuple("archive", 1L), tuple("report", 1L),
				tuple("settle", 1L), tuple("sync", 1L));
		assertThat(minute.body().at("/jobs/0/id").asLong()).isPositive();
		assertThat(minute.body().at("/jobs/0/schedule").asText()).isEqualTo("* * * * * ?");

		Response hour = this.admin
			.get(UPCOMING + "/jobs?at=" + this.midnight.plusSeconds(15 * 60) + "&bucketMinutes=60&limit=1");
		assertThat(hour.body().get("jobCount").asInt()).isEqualTo(2);
		assertThat(hour.body().get("fires").asLong()).isEqualTo(3600 + 4);
		assertThat(jobs(hour.body())).containsExactly(tuple("ping", 3600L));

		Response elsewhere = this.admin.inDepartment("upcoming-other").get(UPCOMING + "/jobs?at=" + this.midnight);
		assertThat(jobs(elsewhere.body())).containsExactly(tuple("elsewhere", 1L));
	}

	@Test
	void hourBucketsOverAWeekCountEveryFire() {
		Response week = this.admin.get(UPCOMING + "?from=" + this.midnight + "&to="
				+ this.midnight.plus(7, ChronoUnit.DAYS) + "&bucketMinutes=60&peaks=0");
		assertThat(week.status()).as("%s", week.body()).isEqualTo(200);
		assertThat(week.body().get("buckets")).hasSize(168);
		assertThat(week.body().at("/buckets/0/fires").asLong()).isEqualTo(3600 + 4 + 3);
		assertThat(week.body().at("/buckets/1/fires").asLong()).isEqualTo(3600 + 4);
		assertThat(week.body().get("peaks")).isEmpty();
	}

	@Test
	void refusesBadRangesNamingTheParameter() {
		String from = this.midnight.toString();
		Map<String, String> refused = Map.of(UPCOMING + "?from=yesterday", "from",
				UPCOMING + "?from=" + from + "&to=" + from, "to",
				UPCOMING + "?from=" + from + "&to=" + this.midnight.plus(8, ChronoUnit.DAYS), "to",
				UPCOMING + "?bucketMinutes=0", "bucketMinutes", UPCOMING + "?bucketMinutes=1441", "bucketMinutes",
				UPCOMING + "?bucketMinutes=x", "bucketMinutes", UPCOMING + "?peaks=21", "peaks",
				UPCOMING + "?from=" + this.midnight.plus(400, ChronoUnit.DAYS), "from", UPCOMING + "/jobs", "at",
				UPCOMING + "/jobs?at=" + from + "&limit=0", "limit");
		refused.forEach((path, field) -> {
			Response response = this.admin.get(path);
			assertThat(response.status()).as(path).isEqualTo(400);
			assertThat(response.errorFields()).as(path).containsExactly(field);
		});
	}

	private void create(ApiClient client, String name, String schedule, boolean enabled) {
		Map<String, Object> job = Jobs.with(Jobs.with(Jobs.http(name), "schedule", schedule), "timeZone", "UTC");
		Response created = client.post("/api/v1/jobs", Jobs.with(job, "enabled", enabled));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
	}

	private static Instant instant(JsonNode node) {
		return Instant.parse(node.asText());
	}

	private static org.assertj.core.groups.Tuple bucket(JsonNode bucket) {
		return tuple(instant(bucket.get("start")), bucket.get("fires").asLong());
	}

	private static List<org.assertj.core.groups.Tuple> jobs(JsonNode node) {
		return java.util.stream.StreamSupport.stream(node.get("jobs").spliterator(), false)
			.map((job) -> tuple(job.get("name").asText(), job.get("fires").asLong()))
			.toList();
	}

}
