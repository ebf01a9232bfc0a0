package io.crony.web.job;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.crony.common.job.InstanceChoice;
import io.crony.common.job.JobSpec;
import io.crony.common.job.Sharding;
import io.crony.common.json.CronyJson;
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

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + JobApiIT.ADMIN_PASSWORD)
class JobApiIT {

	static final String ADMIN_PASSWORD = "admin-password-1";

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

	@BeforeEach
	void signIn() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
	}

	@Test
	void createsReadsUpdatesAndDeletesAJob() {
		Response created = this.api.post("/api/v1/jobs", Jobs.http("settle-orders"));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		JsonNode job = created.body();
		long id = job.get("id").asLong();
		assertThat(job.get("name").asText()).isEqualTo("settle-orders");
		assertThat(job.get("timeZone").asText()).isEqualTo("Asia/Shanghai");
		assertThat(job.at("/target/method").asText()).isEqualTo("POST");
		assertThat(job.at("/target/headers/X-Env").asText()).isEqualTo("test");
		assertThat(job.at("/retry/maxAttempts").asInt()).isEqualTo(3);
		assertThat(job.get("misfirePolicy").asText()).isEqualTo("FIRE_NOW");
		assertThat(job.get("overlapPolicy").asText()).isEqualTo("SKIP");
		assertThat(job.get("enabled").asBoolean()).isTrue();
		assertThat(job.get("version").asLong()).isEqualTo(1);
		assertThat(job.get("createdBy").asText()).isEqualTo("admin");
		assertThat(job.get("agentId").isNull()).isTrue();
		assertThat(job.get("lastExecution").isNull()).isTrue();
		assertThat(specOf(id)).satisfies((spec) -> {
			assertThat(spec.id()).isEqualTo(id);
			assertThat(spec.version()).isEqualTo(1);
			assertThat(spec.enabled()).isTrue();
			assertThat(spec.retry().backoffSeconds()).isEqualTo(5);
		});

		Response read = this.api.get("/api/v1/jobs/" + id);
		assertThat(read.status()).isEqualTo(200);
		assertThat(read.body()).isEqualTo(job);

		Map<String, Object> change = Jobs.with(Jobs.http("settle-orders"), "schedule", "0 30 2 * * ?");
		Response updated = this.api.put("/api/v1/jobs/" + id, Jobs.with(change, "version", 1));
		assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);
		assertThat(updated.body().get("schedule").asText()).isEqualTo("0 30 2 * * ?");
		assertThat(updated.body().get("version").asLong()).isEqualTo(2);
		assertThat(specOf(id).version()).isEqualTo(2);
		assertThat(specOf(id).schedule()).isEqualTo("0 30 2 * * ?");

		Response stale = this.api.put("/api/v1/jobs/" + id, Jobs.with(change, "version", 1));
		assertThat(stale.status()).isEqualTo(409);
		assertThat(stale.isProblem()).isTrue();
		assertThat(stale.errorFields()).containsExactly("version");
		assertThat(specOf(id).version()).isEqualTo(2);

		assertThat(this.api.delete("/api/v1/jobs/" + id).status()).isEqualTo(204);
		Response gone = this.api.get("/api/v1/jobs/" + id);
		assertThat(gone.status()).isEqualTo(404);
		assertThat(gone.isProblem()).isTrue();
		assertThat(this.api.delete("/api/v1/jobs/" + id).status()).isEqualTo(404);
	}

	/**
	 * A job read is written back as it is: the fields a read adds are taken when they say
	 * what the job says (a sharded lb:// job with a secret header, so the read forms of
	 * the sharding and of the secret come back too), and only the version and updatedAt
	 * move; a changed read-only field is a 400 naming it and changes nothing.
	 */
	@Test
	void takesAJobReadBackWholeAndRefusesAReadOnlyFieldThatDiffers() {
		Map<String, Object> target = Map.of("type", "HTTP", "method", "POST", "url", "lb://billing/settle", "headers",
				Map.of("Authorization", "Bearer s3cret"), "shards", 3, "shardParams", List.of("a-h", "i-p", "q-z"),
				"shardsTimeoutSeconds", 600);
		Response created = this.api.post("/api/v1/jobs",
				Map.of("name", "write-back", "schedule", "0 */5 * * * ?", "target", target));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		long id = created.body().get("id").asLong();
		JsonNode read = this.api.get("/api/v1/jobs/" + id).body();
		JobSpec before = specOf(id);

		Response written = this.api.put("/api/v1/jobs/" + id, read);
		assertThat(written.status()).as("%s", written.body()).isEqualTo(200);
		assertThat(written.body().get("version").asLong()).isEqualTo(read.get("version").asLong() + 1);
		assertThat(withoutWriteStamps(written.body())).isEqualTo(withoutWriteStamps(read));
		assertThat(specOf(id).target()).isEqualTo(before.target());
		assertThat(specOf(id).withIdAndVersion(id, before.version())).isEqualTo(before);

		JsonNode current = written.body();
		for (String field : List.of("id", "createdBy", "createdAt")) {
			ObjectNode changed = current.deepCopy();
			changed.put(field, field.equals("createdAt") ? "2020-01-01T00:00:00Z" : "7");
			Response refused = this.api.put("/api/v1/jobs/" + id, changed);
			assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
			assertThat(refused.isProblem()).isTrue();
			assertThat(refused.errorFields()).containsExactly(field);
		}
		ObjectNode resharded = current.deepCopy();
		((ObjectNode) resharded.at("/target/sharding")).put("shards", 4);
		Response refused = this.api.put("/api/v1/jobs/" + id, resharded);
		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("target.sharding");
		assertThat(specOf(id).version()).isEqualTo(current.get("version").asLong());

		ObjectNode copy = current.deepCopy();
		copy.put("name", "write-back-copy");
		Response create = this.api.post("/api/v1/jobs", copy);
		assertThat(create.status()).as("%s", create.body()).isEqualTo(400);
		assertThat(create.errorFields()).contains("id", "createdAt", "target.sharding");
	}

	/**
	 * A job as read, without what a write moves on (version, updatedAt) and the placement
	 * (for a moment after a save: waiting for the leader).
	 */
	private static JsonNode withoutWriteStamps(JsonNode job) {
		ObjectNode copy = job.deepCopy();
		copy.remove(List.of("version", "updatedAt", "placement"));
		return copy;
	}

	@Test
	void fillsDefaultsIntoAMinimalJob() {
		Map<String, Object> minimal = Map.of("name", "minimal", "schedule", "0 */5 * * * ?", "target",
				Map.of("type", "HTTP", "url", "lb://billing/run"));
		Response created = this.api.post("/api/v1/jobs", minimal);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		JsonNode job = created.body();
		assertThat(job.get("timeZone").asText()).isEqualTo("UTC");
		assertThat(job.get("timeoutSeconds").asInt()).isEqualTo(60);
		assertThat(job.at("/retry/maxAttempts").asInt()).isEqualTo(1);
		assertThat(job.at("/retry/backoffSeconds").asInt()).isZero();
		assertThat(job.at("/target/method").asText()).isEqualTo("GET");
		assertThat(job.at("/target/mode").asText()).isEqualTo("SYNC");
		assertThat(job.get("misfirePolicy").asText()).isEqualTo("FIRE_NOW");
		assertThat(job.get("overlapPolicy").asText()).isEqualTo("SKIP");
		assertThat(job.get("enabled").asBoolean()).isTrue();
		assertThat(job.at("/target/instanceChoice").isMissingNode()).as("round-robin, unset").isTrue();
	}

	@Test
	void keepsAnAsyncTargetsStatusUrlAndRefusesOneForASyncTarget() {
		Map<String, Object> target = Map.of("type", "HTTP", "method", "POST", "url", "lb://billing/export", "mode",
				"ASYNC", "statusUrl", " /exports/${executionId} ");
		Response created = this.api.post("/api/v1/jobs",
				Map.of("name", "export", "schedule", "0 */5 * * * ?", "target", target));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().at("/target/statusUrl").asText()).isEqualTo("/exports/${executionId}");
		assertThat(specOf(created.body().get("id").asLong()).target().statusUrl()).isEqualTo("/exports/${executionId}");

		Response refused = this.api.post("/api/v1/jobs", Map.of("name", "export-sync", "schedule", "0 */5 * * * ?",
				"target", Jobs.with(target, "mode", "SYNC")));
		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("target.statusUrl");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isEqualTo(1);
	}

	@Test
	void keepsAnAsyncDiscoveredTargetsProgressTimeoutAndRefusesOneLongerThanTheJobsTimeout() {
		Map<String, Object> target = Map.of("type", "HTTP", "method", "POST", "url", "lb://billing/export", "mode",
				"ASYNC", "progressTimeoutSeconds", 30);
		Response created = this.api.post("/api/v1/jobs",
				Map.of("name", "export-long", "schedule", "0 */5 * * * ?", "timeoutSeconds", 600, "target", target));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().at("/target/progressTimeoutSeconds").asInt()).isEqualTo(30);
		assertThat(specOf(created.body().get("id").asLong()).target().progressTimeoutSeconds()).isEqualTo(30);

		Response longer = this.api.post("/api/v1/jobs",
				Map.of("name", "export-longer", "schedule", "0 */5 * * * ?", "timeoutSeconds", 20, "target", target));
		assertThat(longer.status()).as("%s", longer.body()).isEqualTo(400);
		assertThat(longer.errorFields()).containsExactly("target.progressTimeoutSeconds");
		Response sync = this.api.post("/api/v1/jobs", Map.of("name", "export-sync", "schedule", "0 */5 * * * ?",
				"timeoutSeconds", 600, "target", Jobs.with(target, "mode", "SYNC")));
		assertThat(sync.status()).as("%s", sync.body()).isEqualTo(400);
		assertThat(sync.errorFields()).containsExactly("target.progressTimeoutSeconds");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isEqualTo(1);
	}

	@Test
	void keepsADiscoveredTargetsShardsAndBroadcastThroughAnExportAndImport() {
		Map<String, Object> target = Map.of("type", "HTTP", "method", "POST", "url", "lb://billing/settle", "shards", 3,
				"shardParams", List.of("a-h", "i-p", "q-z"), "shardsTimeoutSeconds", 600);
		Response created = this.api.post("/api/v1/jobs",
				Map.of("name", "settle-shards", "schedule", "0 */5 * * * ?", "target", target));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().at("/target/sharding/shards").asInt()).isEqualTo(3);
		assertThat(created.body().at("/target/sharding/params").toString()).isEqualTo("[\"a-h\",\"i-p\",\"q-z\"]");
		assertThat(created.body().at("/target/sharding/timeoutSeconds").asInt()).isEqualTo(600);
		assertThat(specOf(created.body().get("id").asLong()).target().sharding())
			.isEqualTo(Sharding.of(3, List.of("a-h", "i-p", "q-z")).within(600));
		Response broadcast = this.api.post("/api/v1/jobs", Map.of("name", "settle-all", "schedule", "0 */5 * * * ?",
				"target", Map.of("type", "GRPC", "url", "discovery:///billing/Settle", "broadcast", true)));
		assertThat(broadcast.status()).as("%s", broadcast.body()).isEqualTo(201);
		assertThat(specOf(broadcast.body().get("id").asLong()).target().sharding())
			.isEqualTo(Sharding.toEveryInstance());

		Response exported = this.api.get("/api/v1/jobs/export");
		assertThat(exported.status()).isEqualTo(200);
		JsonNode jobs = exported.body().get("jobs");
		assertThat(jobs.findValues("shards").toString()).isEqualTo("[3]");
		assertThat(jobs.findValues("broadcast").toString()).isEqualTo("[true]");
		assertThat(jobs.findValues("shardsTimeoutSeconds").toString()).isEqualTo("[600]");
		Response imported = this.api.post("/api/v1/jobs/import?dryRun=true", exported.body());
		assertThat(imported.status()).as("%s", imported.body()).isEqualTo(200);
		assertThat(imported.body().get("unchanged").asInt()).as("%s", imported.body()).isEqualTo(2);
	}

	@Test
	void refusesShardsWhereTheyDoNotApplyAndSavesNothing() {
		Map<String, Object> target = Map.of("type", "HTTP", "method", "POST", "url", "lb://billing/settle", "shards",
				3);
		assertThat(refusal(Jobs.with(target, "url", "http://billing.internal/settle")))
			.containsExactly("target.shards");
		assertThat(refusal(Jobs.with(target, "shards", 101))).containsExactly("target.shards");
		assertThat(refusal(Jobs.with(target, "shardParams", List.of("a", "b")))).containsExactly("target.shardParams");
		assertThat(refusal(Jobs.with(target, "shardParams", List.of("a", "b", "x".repeat(4097)))))
			.containsExactly("target.shardParams[2]");
		assertThat(refusal(Jobs.with(target, "broadcast", true))).containsExactly("target.broadcast");
		assertThat(refusal(Jobs.with(target, "mode", "ASYNC"))).containsExactly("target.mode");
		Response async = this.api.post("/api/v1/jobs",
				Map.of("name", "sharded", "schedule", "0 */5 * * * ?", "target", Jobs.with(target, "mode", "ASYNC")));
		assertThat(async.errorMessage("target.mode")).contains("ASYNC shards are not supported");
		assertThat(refusal(Map.of("type", "HTTP", "url", "lb://billing/settle", "shardParams", List.of("a"))))
			.containsExactly("target.shardParams");
		assertThat(refusal(Jobs.with(target, "shardsTimeoutSeconds", 0)))
			.containsExactly("target.shardsTimeoutSeconds");
		assertThat(refusal(Map.of("type", "HTTP", "url", "lb://billing/settle", "shardsTimeoutSeconds", 60)))
			.containsExactly("target.shardsTimeoutSeconds");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isZero();
	}

	private List<String> refusal(Map<String, Object> target) {
		Response refused = this.api.post("/api/v1/jobs",
				Map.of("name", "sharded", "schedule", "0 */5 * * * ?", "target", target));
		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
		return refused.errorFields();
	}

	@Test
	void keepsAnLbTargetsInstanceChoiceAndRefusesOneForAnAddressThatNamesOneInstance() {
		Map<String, Object> target = Map.of("type", "HTTP", "url", "lb://billing/run", "instanceChoice",
				"LEAST_ACTIVE");
		Response created = this.api.post("/api/v1/jobs",
				Map.of("name", "sticky", "schedule", "0 */5 * * * ?", "target", target));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		long id = created.body().get("id").asLong();
		assertThat(created.body().at("/target/instanceChoice").asText()).isEqualTo("LEAST_ACTIVE");
		assertThat(specOf(id).target().instanceChoice()).isEqualTo(InstanceChoice.LEAST_ACTIVE);

		Response changed = this.api.put("/api/v1/jobs/" + id, Map.of("name", "sticky", "schedule", "0 */5 * * * ?",
				"version", 1, "target", Jobs.with(target, "instanceChoice", "CONSISTENT_HASH")));
		assertThat(changed.status()).as("%s", changed.body()).isEqualTo(200);
		assertThat(changed.body().get("version").asLong()).as("a new choice is a change").isEqualTo(2);
		assertThat(specOf(id).target().instanceChoice()).isEqualTo(InstanceChoice.CONSISTENT_HASH);

		Response refused = this.api.post("/api/v1/jobs", Map.of("name", "direct", "schedule", "0 */5 * * * ?", "target",
				Jobs.with(target, "url", "http://billing.internal/run")));
		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("target.instanceChoice");
		Response unknown = this.api.post("/api/v1/jobs", Map.of("name", "direct", "schedule", "0 */5 * * * ?", "target",
				Jobs.with(target, "instanceChoice", "FASTEST")));
		assertThat(unknown.status()).as("%s", unknown.body()).isEqualTo(400);
		assertThat(unknown.body().toString()).contains("instanceChoice");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class)).isEqualTo(1);
	}

	@Test
	void disablesAndEnablesAJobRewritingItsSpec() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("toggle")).id();
		Instant createdUpdatedAt = Instant.parse(this.api.get("/api/v1/jobs/" + id).body().get("updatedAt").asText());

		Response disabled = this.api.post("/api/v1/jobs/" + id + "/disable", null);
		assertThat(disabled.status()).isEqualTo(200);
		assertThat(disabled.body().get("enabled").asBoolean()).isFalse();
		assertThat(disabled.body().get("version").asLong()).isEqualTo(2);
		assertThat(Instant.parse(disabled.body().get("updatedAt").asText())).isAfterOrEqualTo(createdUpdatedAt);
		assertThat(specOf(id).enabled()).isFalse();
		assertThat(specOf(id).version()).isEqualTo(2);
		assertThat(this.jdbc.queryForObject("SELECT enabled FROM job WHERE id = ?", Boolean.class, id)).isFalse();

		Response enabled = this.api.post("/api/v1/jobs/" + id + "/enable", null);
		assertThat(enabled.body().get("enabled").asBoolean()).isTrue();
		assertThat(enabled.body().get("version").asLong()).isEqualTo(3);
		assertThat(specOf(id).enabled()).isTrue();
		assertThat(specOf(id).version()).isEqualTo(3);
	}

	@Test
	void keepsTheEnabledFlagWhenAnUpdateLeavesItOut() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("stays-off")).id();
		this.api.post("/api/v1/jobs/" + id + "/disable", null);
		Response updated = this.api.put("/api/v1/jobs/" + id, Jobs.with(Jobs.http("stays-off"), "description", null));
		assertThat(updated.status()).isEqualTo(200);
		assertThat(updated.body().get("enabled").asBoolean()).isFalse();
		assertThat(updated.body().has("description")).isFalse();
		assertThat(specOf(id).description()).isNull();
	}

	@Test
	void filtersAndPagesTheJobListNewestFirst() {
		List<Long> ids = new ArrayList<>();
		for (String name : List.of("orders-a", "orders-b", "mail-c", "orders-d", "mail-e")) {
			ids.add(this.api.post("/api/v1/jobs", Jobs.http(name)).id());
		}
		this.api.post("/api/v1/jobs/" + ids.get(1) + "/disable", null);
		this.jdbc.update("UPDATE job SET agent_id = 'agent-7' WHERE id = ?", ids.get(2));
		insertExecution(ids.get(3), "SUCCEEDED", "2026-01-01T00:00:00Z");
		insertExecution(ids.get(3), "FAILED", "2026-01-02T00:00:00Z");
		insertExecution(ids.get(4), "FAILED", "2026-01-01T00:00:00Z");
		insertExecution(ids.get(4), "SUCCEEDED", "2026-01-03T00:00:00Z");

		assertThat(names(this.api.get("/api/v1/jobs?name=orders"))).containsExactly("orders-d", "orders-b", "orders-a");
		assertThat(names(this.api.get("/api/v1/jobs?enabled=false"))).containsExactly("orders-b");
		assertThat(names(this.api.get("/api/v1/jobs?agentId=agent-7"))).containsExactly("mail-c");
		assertThat(names(this.api.get("/api/v1/jobs?status=FAILED"))).containsExactly("orders-d");
		assertThat(names(this.api.get("/api/v1/jobs?status=SUCCEEDED"))).containsExactly("mail-e");
		assertThat(names(this.api.get("/api/v1/jobs?name=orders&enabled=true"))).containsExactly("orders-d",
				"orders-a");

		Response page = this.api.get("/api/v1/jobs?page=2&size=2");
		assertThat(page.status()).isEqualTo(200);
		assertThat(page.body().get("total").asLong()).isEqualTo(5);
		assertThat(page.body().get("page").asInt()).isEqualTo(2);
		assertThat(page.body().get("size").asInt()).isEqualTo(2);
		assertThat(names(page)).containsExactly("mail-c", "orders-b");
		assertThat(names(this.api.get("/api/v1/jobs?page=3&size=2"))).containsExactly("orders-a");
		assertThat(names(this.api.get("/api/v1/jobs?page=4&size=2"))).isEmpty();
		Response all = this.api.get("/api/v1/jobs");
		assertThat(all.body().get("size").asInt()).isEqualTo(20);
		assertThat(all.body().get("page").asInt()).isEqualTo(1);

		JsonNode last = this.api.get("/api/v1/jobs/" + ids.get(3)).body().get("lastExecution");
		assertThat(last.get("status").asText()).isEqualTo("FAILED");
		assertThat(last.get("scheduledAt").asText()).isEqualTo("2026-01-02T00:00:00Z");
	}

	@Test
	void listsTheNextFiresOfAJobInItsTimeZone() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("nightly")).id();
		Response fires = this.api.get("/api/v1/jobs/" + id + "/next-fires?count=3");
		assertThat(fires.status()).as("%s", fires.body()).isEqualTo(200);
		List<Instant> instants = instants(fires);
		assertThat(instants).hasSize(3).isSorted().allSatisfy((instant) -> {
			assertThat(instant.atOffset(ZoneOffset.UTC).toLocalTime().toString()).isEqualTo("17:00");
			assertThat(instant).isAfter(Instant.now());
		});
		assertThat(instants(this.api.get("/api/v1/jobs/" + id + "/next-fires"))).hasSize(10);
	}

	@Test
	void previewsTheNextFiresOfAScheduleBeforeItIsSaved() {
		Response fires = this.api.get("/api/v1/jobs/next-fires?schedule=0 0 1 * * ?&timeZone=Asia/Shanghai&count=5");
		assertThat(fires.status()).as("%s", fires.body()).isEqualTo(200);
		assertThat(instants(fires)).hasSize(5)
			.allSatisfy((instant) -> assertThat(instant.atOffset(ZoneOffset.UTC).toLocalTime().toString())
				.isEqualTo("17:00"));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isZero();
	}

	private JobSpec specOf(long id) {
		return CronyJson.fromJson(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id),
				JobSpec.class);
	}

	private void insertExecution(long jobId, String status, String scheduledAt) {
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, trigger_type, status, scheduled_at, updated_at)"
						+ " VALUES (?, 'x', 'CRON', ?, ?, ?)",
				jobId, status, java.sql.Timestamp.from(Instant.parse(scheduledAt)),
				java.sql.Timestamp.from(Instant.now()));
	}

	private static List<String> names(Response page) {
		assertThat(page.status()).as("%s", page.body()).isEqualTo(200);
		List<String> names = new ArrayList<>();
		page.body().get("items").forEach((item) -> names.add(item.get("name").asText()));
		return names;
	}

	private static List<Instant> instants(Response fires) {
		List<Instant> instants = new ArrayList<>();
		fires.body().get("fires").forEach((fire) -> instants.add(Instant.parse(fire.asText())));
		return instants;
	}

}
