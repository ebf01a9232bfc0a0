package io.crony.web.job;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
import io.crony.web.support.Users;
import org.awaitility.Awaitility;
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

/**
 * {@code POST /api/v1/jobs/bulk} saves what it is given, all of it or nothing: CREATE and
 * UPSERT, conflicts with the stored jobs (also when another transaction takes a name or
 * changes a job meanwhile), roles. Bad input: {@code BulkJobValidationIT}; where the jobs
 * go in etcd: {@code BulkJobsToEtcdIT}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + BulkJobApiIT.ADMIN_PASSWORD)
class BulkJobApiIT {

	static final String ADMIN_PASSWORD = "admin-password-bulk";

	private static final String BULK = "/api/v1/jobs/bulk";

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
	private DataSource dataSource;

	private ApiClient admin;

	@BeforeEach
	void signIn() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM auth_token WHERE user_id IN (SELECT id FROM app_user WHERE username <> 'admin')");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
	}

	@Test
	void createsEveryJobOfTheRequestAndAnswersThemInRequestOrder() {
		Response created = this.admin.post(BULK, bulk(null, Jobs.http("b-settle"), Jobs.http("a-report"),
				Jobs.with(Jobs.http("c-off"), "enabled", false)));

		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().get("created").asInt()).isEqualTo(3);
		assertThat(created.body().get("updated").asInt()).isZero();
		assertThat(created.body().get("unchanged").asInt()).isZero();
		List<JsonNode> items = items(created);
		assertThat(items).extracting((item) -> item.get("outcome").asText()).containsOnly("CREATED");
		assertThat(items).extracting((item) -> item.at("/job/name").asText())
			.containsExactly("b-settle", "a-report", "c-off");
		for (JsonNode item : items) {
			long id = item.at("/job/id").asLong();
			assertThat(item.at("/job/version").asLong()).isEqualTo(1);
			assertThat(item.at("/job/createdBy").asText()).isEqualTo("admin");
			// the stored spec carries the id and version the leader publishes
			assertThat(specOf(id).id()).isEqualTo(id);
			assertThat(specOf(id).version()).isEqualTo(1);
			assertThat(this.admin.get("/api/v1/jobs/" + id).body()).isEqualTo(item.get("job"));
		}
		assertThat(items.get(2).at("/job/enabled").asBoolean()).isFalse();
		assertThat(items.get(0).at("/job/target/headers/X-Env").asText()).isEqualTo("test");
	}

	@Test
	void refusesNamesOfStoredJobsWhenCreatingWithTheSingleJobApisConflict() {
		assertThat(this.admin.post("/api/v1/jobs", Jobs.http("taken")).status()).isEqualTo(201);

		Response refused = this.admin.post(BULK, bulk("CREATE", Jobs.http("new-one"), Jobs.http("taken")));

		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.errorFields()).containsExactly("jobs[1].name");
		assertThat(refused.errorMessage("jobs[1].name"))
			.isEqualTo(this.admin.post("/api/v1/jobs", Jobs.http("taken")).errorMessage("name"))
			.isEqualTo("is taken by another job");
		assertThat(jobCount()).isEqualTo(1);
	}

	@Test
	void upsertCreatesReplacesAndLeavesUnchangedJobsSoAFileAppliesIdempotently() {
		Map<String, Object> a = Jobs.with(Jobs.http("a"), "target.headers",
				Map.of("Authorization", "Bearer s3cret", "X-Env", "test"));
		Map<String, Object> b = Jobs.http("b");
		Response first = this.admin.post(BULK, bulk("UPSERT", a, b));
		assertThat(first.status()).as("%s", first.body()).isEqualTo(201);
		assertThat(outcomes(first)).containsExactly("CREATED", "CREATED");
		long idA = items(first).get(0).at("/job/id").asLong();
		long idB = items(first).get(1).at("/job/id").asLong();
		assertThat(items(first).get(0).at("/job/target/headers/Authorization").asText()).isEqualTo("******");
		// disabled meanwhile: an upsert that leaves "enabled" out keeps that
		assertThat(this.admin.post("/api/v1/jobs/" + idB + "/disable", null).status()).isEqualTo(200);

		Map<String, Object> changedB = Jobs.with(b, "schedule", "0 15 3 * * ?");
		Response second = this.admin.post(BULK, bulk("UPSERT", a, changedB, Jobs.http("c")));

		assertThat(second.status()).as("%s", second.body()).isEqualTo(201);
		assertThat(outcomes(second)).containsExactly("UNCHANGED", "UPDATED", "CREATED");
		assertThat(second.body().get("created").asInt()).isEqualTo(1);
		assertThat(second.body().get("updated").asInt()).isEqualTo(1);
		assertThat(second.body().get("unchanged").asInt()).isEqualTo(1);
		List<JsonNode> items = items(second);
		assertThat(items.get(0).at("/job/id").asLong()).isEqualTo(idA);
		assertThat(items.get(0).at("/job/version").asLong()).isEqualTo(1);
		assertThat(items.get(1).at("/job/id").asLong()).isEqualTo(idB);
		assertThat(items.get(1).at("/job/version").asLong()).isEqualTo(3);
		assertThat(items.get(1).at("/job/schedule").asText()).isEqualTo("0 15 3 * * ?");
		assertThat(items.get(1).at("/job/enabled").asBoolean()).isFalse();
		assertThat(specOf(idB).version()).isEqualTo(3);
		assertThat(specOf(idB).enabled()).isFalse();
		assertThat(specOf(idA).target().headers().get("Authorization")).startsWith("enc:v1:");

		// the same file again, the secret sent as read back (masked): nothing changes
		Map<String, Object> aAsRead = Jobs.with(a, "target.headers",
				Map.of("Authorization", "******", "X-Env", "test"));
		Response third = this.admin.post(BULK, bulk("UPSERT", aAsRead, changedB, Jobs.http("c")));
		assertThat(third.status()).as("%s", third.body()).isEqualTo(201);
		assertThat(outcomes(third)).containsExactly("UNCHANGED", "UNCHANGED", "UNCHANGED");
		assertThat(items(third)).extracting((item) -> item.at("/job/version").asLong()).containsExactly(1L, 3L, 1L);
		assertThat(jobCount()).isEqualTo(3);
	}

	@Test
	void upsertRefusesAStaleVersionAndSavesNothing() {
		long id = this.admin.post("/api/v1/jobs", Jobs.http("guarded")).id();
		this.admin.put("/api/v1/jobs/" + id, Jobs.with(Jobs.http("guarded"), "schedule", "0 0 4 * * ?"));

		Map<String, Object> stale = Jobs.with(Jobs.with(Jobs.http("guarded"), "schedule", "0 0 5 * * ?"), "version", 1);
		Response refused = this.admin.post(BULK, bulk("UPSERT", Jobs.http("fresh"), stale));

		assertThat(refused.status()).isEqualTo(409);
		assertThat(refused.isProblem()).isTrue();
		assertThat(refused.errorFields()).containsExactly("jobs[1].version");
		assertThat(refused.errorMessage("jobs[1].version"))
			.isEqualTo(this.admin.put("/api/v1/jobs/" + id, stale).errorMessage("version"))
			.isEqualTo("is 2 now");
		assertThat(jobCount()).isEqualTo(1);
		assertThat(specOf(id).schedule()).isEqualTo("0 0 4 * * ?");

		Response current = this.admin.post(BULK,
				bulk("UPSERT", Jobs.with(stale, "version", 2), Jobs.with(Jobs.http("unknown"), "version", 1)));
		assertThat(current.status()).isEqualTo(409);
		assertThat(current.errorFields()).containsExactly("jobs[1].version");
		assertThat(current.errorMessage("jobs[1].version")).isEqualTo("is 1, and no job is named 'unknown'");
		assertThat(specOf(id).version()).isEqualTo(2);

		Response applied = this.admin.post(BULK, bulk("UPSERT", Jobs.with(stale, "version", 2)));
		assertThat(applied.status()).as("%s", applied.body()).isEqualTo(201);
		assertThat(items(applied).get(0).at("/job/version").asLong()).isEqualTo(3);
		assertThat(specOf(id).schedule()).isEqualTo("0 0 5 * * ?");
	}

	@Test
	void viewersMayNotApplyJobsAndOperatorsMay() {
		ApiClient viewer = Users.create(this.admin, "bulk-viewer", "VIEWER");
		Response forbidden = viewer.post(BULK, bulk(null, Jobs.http("by-viewer")));
		assertThat(forbidden.status()).isEqualTo(403);
		assertThat(forbidden.isProblem()).isTrue();
		assertThat(jobCount()).isZero();
		assertThat(ApiClient.anonymous(this.port).post(BULK, bulk(null, Jobs.http("anonymous"))).status())
			.isEqualTo(401);

		ApiClient operator = Users.create(this.admin, "bulk-operator", "OPERATOR");
		Response created = operator.post(BULK, bulk(null, Jobs.http("by-operator")));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(items(created).get(0).at("/job/createdBy").asText()).isEqualTo("bulk-operator");
	}

	@Test
	void aNameTakenByAnotherTransactionMeanwhileIsAConflictOfItsItem() throws Exception {
		try (Connection other = this.dataSource.getConnection()) {
			other.setAutoCommit(false);
			try (PreparedStatement insert = other.prepareStatement(
					"INSERT INTO job (name, schedule, time_zone, target_type, spec, enabled, created_at, updated_at) "
							+ "VALUES ('racer', '@hourly', 'UTC', 'HTTP', '{}', 0, NOW(3), NOW(3))")) {
				insert.executeUpdate();
			}
			// the bulk request does not see the uncommitted row; its insert waits for it
			CompletableFuture<Response> answer = CompletableFuture
				.supplyAsync(() -> this.admin.post(BULK, bulk(null, Jobs.http("calm"), Jobs.http("racer"))));
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> lockWaits() > 0);
			other.commit();

			Response refused = answer.get(30, TimeUnit.SECONDS);
			assertThat(refused.status()).as("%s", refused.body()).isEqualTo(409);
			assertThat(refused.errorFields()).containsExactly("jobs[1].name");
			assertThat(refused.errorMessage("jobs[1].name")).isEqualTo("is taken by another job");
		}
		assertThat(this.jdbc.queryForList("SELECT name FROM job", String.class)).containsExactly("racer");
	}

	@Test
	void aJobChangedByAnotherTransactionMeanwhileIsAVersionConflictOfItsItem() throws Exception {
		long id = this.admin.post("/api/v1/jobs", Jobs.http("contended")).id();
		try (Connection other = this.dataSource.getConnection()) {
			other.setAutoCommit(false);
			try (PreparedStatement update = other
				.prepareStatement("UPDATE job SET version = version + 1, updated_at = NOW(3) WHERE id = ?")) {
				update.setLong(1, id);
				update.executeUpdate();
			}
			// the bulk request reads version 1; its update waits for the row
			CompletableFuture<Response> answer = CompletableFuture.supplyAsync(() -> this.admin.post(BULK,
					bulk("UPSERT", Jobs.http("new-beside"), Jobs.with(Jobs.http("contended"), "schedule", "@daily"))));
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> lockWaits() > 0);
			other.commit();

			Response refused = answer.get(30, TimeUnit.SECONDS);
			assertThat(refused.status()).as("%s", refused.body()).isEqualTo(409);
			assertThat(refused.errorFields()).containsExactly("jobs[1].version");
			assertThat(refused.errorMessage("jobs[1].version")).isEqualTo("is 2 now");
		}
		assertThat(jobCount()).isEqualTo(1);
		assertThat(specOf(id).schedule()).isEqualTo("0 0 1 * * ?");
	}

	private long lockWaits() {
		return this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM information_schema.innodb_trx WHERE trx_state = 'LOCK WAIT'", Long.class);
	}

	@SafeVarargs
	private static Map<String, Object> bulk(String mode, Map<String, Object>... jobs) {
		Map<String, Object> body = new java.util.LinkedHashMap<>();
		if (mode != null) {
			body.put("mode", mode);
		}
		body.put("jobs", List.of(jobs));
		return body;
	}

	private static List<JsonNode> items(Response response) {
		List<JsonNode> items = new ArrayList<>();
		response.body().get("jobs").forEach(items::add);
		return items;
	}

	private static List<String> outcomes(Response response) {
		return items(response).stream().map((item) -> item.get("outcome").asText()).toList();
	}

	private long jobCount() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class);
	}

	private JobSpec specOf(long id) {
		return CronyJson.fromJson(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id),
				JobSpec.class);
	}

}
