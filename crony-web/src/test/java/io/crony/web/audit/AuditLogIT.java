package io.crony.web.audit;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.crony.test.CronyServicesExtension;
import io.crony.web.cluster.leadership.LeaderElection;
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
import static org.awaitility.Awaitility.await;

/**
 * The audit log against the real server, MariaDB and etcd: one row with the right actor,
 * address, object, action and changes (secrets masked) for each kind of change, none for
 * a refused change, failed sign-ins recorded, the filters, a job's history, who may read
 * what, and the retention purge.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
		"crony.web.admin.initial-password=" + AuditLogIT.ADMIN_PASSWORD, "crony.web.audit.retention=400d" })
class AuditLogIT {

	static final String ADMIN_PASSWORD = "admin-password-6";

	private static final String SECRET = "Bearer s3cr3t-value";

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

	@Autowired
	private AuditRetention retention;

	@Autowired
	private LeaderElection election;

	private final CronyKeys keys = new CronyKeys(services.keyPrefix());

	private ApiClient api;

	private long adminId;

	@BeforeEach
	void signIn() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		this.adminId = this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = 'admin'", Long.class);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM alert_channel");
		this.jdbc.update("DELETE FROM auth_token WHERE user_id IN (SELECT id FROM app_user WHERE username <> 'admin')");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
		this.jdbc.update("DELETE FROM audit_log");
		EtcdProbe probe = new EtcdProbe(this.etcd);
		probe.deleteUnder(this.keys.nodes());
		probe.deleteUnder(this.keys.onces("agent-1"));
	}

	@Test
	void recordsEachJobChangeWithOnlyTheFieldsChangedAndSecretsMasked() {
		Map<String, Object> job = Jobs.with(Jobs.http("settle"), "target.headers",
				Map.of("X-Env", "test", "Authorization", SECRET));
		long id = this.api.post("/api/v1/jobs", job).id();

		JsonNode created = only("action=JOB_CREATE");
		assertThat(created.path("actorType").asText()).isEqualTo("USER");
		assertThat(created.path("actorId").asLong()).isEqualTo(this.adminId);
		assertThat(created.path("actorName").asText()).isEqualTo("admin");
		assertThat(created.path("address").asText()).isEqualTo("127.0.0.1");
		assertThat(created.path("objectType").asText()).isEqualTo("JOB");
		assertThat(created.path("objectId").asText()).isEqualTo(String.valueOf(id));
		assertThat(created.path("objectName").asText()).isEqualTo("settle");
		Map<String, List<String>> creation = changes(created);
		assertThat(creation.get("schedule")).containsExactly(null, "0 0 1 * * ?");
		assertThat(creation.get("target.url")).containsExactly(null, "http://127.0.0.1:9000/settle");
		assertThat(creation.get("target.headers.Authorization")).containsExactly(null, "******");
		assertThat(creation).doesNotContainKeys("id", "version");

		Map<String, Object> changed = Jobs.with(Jobs.with(job, "schedule", "0 30 2 * * ?"),
				"target.headers.Authorization", "Bearer another");
		assertThat(this.api.put("/api/v1/jobs/" + id, changed).status()).isEqualTo(200);
		assertThat(changes(only("action=JOB_UPDATE"))).containsOnlyKeys("schedule", "target.headers.Authorization")
			.containsEntry("schedule", List.of("0 0 1 * * ?", "0 30 2 * * ?"))
			.containsEntry("target.headers.Authorization", List.of("******", "******"));

		this.api.post("/api/v1/jobs/" + id + "/disable", null);
		this.api.post("/api/v1/jobs/" + id + "/enable", null);
		assertThat(changes(only("action=JOB_DISABLE"))).containsExactly(Map.entry("enabled", List.of("true", "false")));
		assertThat(changes(only("action=JOB_ENABLE"))).containsExactly(Map.entry("enabled", List.of("false", "true")));

		assertThat(this.api.delete("/api/v1/jobs/" + id).status()).isEqualTo(204);
		Map<String, List<String>> deletion = changes(only("action=JOB_DELETE"));
		assertThat(deletion.get("schedule")).containsExactly("0 30 2 * * ?", null);
		assertThat(deletion.get("target.headers.Authorization")).containsExactly("******", null);

		JsonNode history = this.api.get("/api/v1/jobs/" + id + "/history").body();
		assertThat(actions(history)).containsExactly("JOB_DELETE", "JOB_ENABLE", "JOB_DISABLE", "JOB_UPDATE",
				"JOB_CREATE");
		assertThat(this.jdbc.queryForList("SELECT changes FROM audit_log", String.class))
			.allSatisfy((text) -> assertThat(text).doesNotContain("s3cr3t", "another", "enc:"));
	}

	@Test
	void recordsEachJobOfABulkRequest() {
		long kept = this.api.post("/api/v1/jobs", Jobs.http("kept")).id();
		long updated = this.api.post("/api/v1/jobs", Jobs.http("updated")).id();
		Map<String, Object> bulk = Map.of("mode", "UPSERT", "jobs", List.of(Jobs.http("kept"),
				Jobs.with(Jobs.http("updated"), "timeoutSeconds", 60), Jobs.http("new-one")));

		Response response = this.api.post("/api/v1/jobs/bulk", bulk);

		assertThat(response.status()).as("%s", response.body()).isEqualTo(201);
		JsonNode update = only("action=JOB_UPDATE");
		assertThat(update.path("objectId").asText()).isEqualTo(String.valueOf(updated));
		assertThat(changes(update)).containsExactly(Map.entry("timeoutSeconds", List.of("30", "60")));
		assertThat(items("action=JOB_CREATE")).extracting((row) -> row.path("objectName").asText())
			.containsExactly("new-one", "updated", "kept");
		assertThat(items("objectType=JOB&objectId=" + kept)).hasSize(1);
	}

	@Test
	void leavesNoRowForARefusedChange() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("settle")).id();
		long rows = count();

		assertThat(this.api.put("/api/v1/jobs/" + id, Jobs.with(Jobs.http("settle"), "version", 7)).status())
			.isEqualTo(409);
		assertThat(this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("bad"), "schedule", "not a cron")).status())
			.isEqualTo(400);
		assertThat(this.api.post("/api/v1/jobs", Jobs.http("settle")).status()).isEqualTo(409);
		assertThat(this.api.delete("/api/v1/jobs/999999").status()).isEqualTo(404);
		assertThat(this.api.put("/api/v1/users/" + this.adminId, Map.of("globalAdmin", false)).status()).isEqualTo(409);
		assertThat(this.api.post("/api/v1/alert-channels", Map.of("name", "x", "type", "WEBHOOK", "config", Map.of()))
			.status()).isEqualTo(400);

		assertThat(count()).isEqualTo(rows);
	}

	@Test
	void recordsUserChangesWithoutThePasswordAndEverySignInAndOut() {
		ApiClient viewer = Users.create(this.api, "vera", "VIEWER");
		long id = this.jdbc.queryForObject("SELECT id FROM app_user WHERE username = 'vera'", Long.class);
		Map<String, List<String>> creation = changes(only("action=USER_CREATE"));
		assertThat(creation).containsEntry("username", Arrays.asList(null, "vera"))
			.containsEntry("role", Arrays.asList(null, "VIEWER"))
			.containsEntry("password", Arrays.asList(null, "******"));

		Map<String, Object> update = new LinkedHashMap<>();
		update.put("role", "OPERATOR");
		update.put("password", "another-password-2");
		assertThat(this.api.put("/api/v1/users/" + id, update).status()).isEqualTo(200);
		assertThat(changes(only("action=USER_UPDATE"))).containsOnlyKeys("role", "departments", "password")
			.containsEntry("role", List.of("VIEWER", "OPERATOR"))
			.containsEntry("password", List.of("******", "******"));

		Response failed = ApiClient.anonymous(this.port)
			.post("/api/v1/auth/login", Map.of("username", "vera", "password", "wrong-password"));
		assertThat(failed.status()).isEqualTo(401);
		JsonNode failure = only("action=LOGIN_FAILED");
		assertThat(failure.path("actorType").asText()).isEqualTo("ANONYMOUS");
		assertThat(failure.has("actorId")).isFalse();
		assertThat(failure.path("actorName").asText()).isEqualTo("vera");
		assertThat(failure.path("address").asText()).isEqualTo("127.0.0.1");

		ApiClient vera = ApiClient.anonymous(this.port).login("vera", "another-password-2");
		assertThat(vera.post("/api/v1/auth/logout", null).status()).isEqualTo(204);
		assertThat(items("actor=vera")).extracting((row) -> row.path("action").asText())
			.containsExactly("LOGOUT", "LOGIN", "LOGIN_FAILED", "LOGIN");
		JsonNode login = items("actor=vera&action=LOGIN").get(0);
		assertThat(login.path("actorId").asLong()).isEqualTo(id);
		assertThat(login.path("objectId").asText()).isEqualTo(String.valueOf(id));

		assertThat(this.api.delete("/api/v1/users/" + id).status()).isEqualTo(204);
		assertThat(changes(only("action=USER_DELETE"))).containsEntry("role", Arrays.asList("OPERATOR", null));
		assertThat(this.jdbc.queryForList("SELECT changes FROM audit_log", String.class))
			.allSatisfy((text) -> assertThat(text).doesNotContain("another-password", "$2a$"));
		assertThat(viewer).isNotNull();
	}

	@Test
	void recordsAlertChannelChangesWithTheSecretMasked() {
		Map<String, Object> channel = new LinkedHashMap<>();
		channel.put("name", "hook");
		channel.put("type", "WEBHOOK");
		channel.put("config", Map.of("url", "http://127.0.0.1:9/hook"));
		channel.put("secret", "channel-s3cr3t");
		long id = this.api.post("/api/v1/alert-channels", channel).id();
		assertThat(changes(only("action=CHANNEL_CREATE"))).containsEntry("secret", Arrays.asList(null, "******"))
			.containsEntry("name", Arrays.asList(null, "hook"));

		channel.put("secret", "channel-s3cr3t-2");
		channel.put("platform", true);
		assertThat(this.api.put("/api/v1/alert-channels/" + id, channel).status()).isEqualTo(200);
		assertThat(changes(only("action=CHANNEL_UPDATE"))).containsOnlyKeys("platform", "secret")
			.containsEntry("platform", List.of("false", "true"))
			.containsEntry("secret", List.of("******", "******"));

		assertThat(this.api.delete("/api/v1/alert-channels/" + id).status()).isEqualTo(204);
		JsonNode deletion = only("action=CHANNEL_DELETE");
		assertThat(deletion.path("objectType").asText()).isEqualTo("ALERT_CHANNEL");
		assertThat(deletion.path("objectName").asText()).isEqualTo("hook");
		assertThat(this.jdbc.queryForList("SELECT changes FROM audit_log", String.class))
			.allSatisfy((text) -> assertThat(text).doesNotContain("s3cr3t", "enc:"));
	}

	@Test
	void recordsManualRunsAndCancelsOnTheJobsHistory() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("runnable")).id();
		assign("agent-1", id);
		Response run = this.api.post("/api/v1/jobs/" + id + "/run", Map.of("params", "{\"day\":1}"));
		assertThat(run.status()).as("%s", run.body()).isEqualTo(202);
		long executionId = run.body().path("executionId").asLong();
		assertThat(this.api.post("/api/v1/executions/" + executionId + "/cancel", null).status()).isEqualTo(202);

		JsonNode history = this.api.get("/api/v1/jobs/" + id + "/history").body();
		assertThat(actions(history)).containsExactly("EXECUTION_CANCEL", "JOB_RUN", "JOB_CREATE");
		assertThat(changes(history.path("items").get(1)))
			.containsEntry("executionId", Arrays.asList(null, String.valueOf(executionId)))
			.containsEntry("agentId", Arrays.asList(null, "agent-1"))
			.containsEntry("params", Arrays.asList(null, "{\"day\":1}"));
		assertThat(changes(history.path("items").get(0))).containsEntry("outcome", Arrays.asList(null, "CANCELLED"));
	}

	@Test
	void recordsAgentSettingsAndRebalanceRequests() {
		this.jdbc.update("INSERT INTO agent (id, host, port, weight, labels, version, status, first_seen_at, "
				+ "last_seen_at) VALUES ('audited-agent', '127.0.0.1', 9100, 1, '{}', 'test', 'ONLINE', NOW(3), NOW(3))");
		try {
			Response patched = this.api.send(org.springframework.http.HttpMethod.PATCH, "/api/v1/agents/audited-agent",
					Map.of("weight", 5));
			assertThat(patched.status()).as("%s", patched.body()).isEqualTo(200);
			assertThat(this.api.post("/api/v1/agents/audited-agent/drain", null).status()).isEqualTo(200);

			List<JsonNode> updates = items("action=AGENT_UPDATE");
			assertThat(updates).extracting((row) -> row.path("objectId").asText())
				.containsExactly("audited-agent", "audited-agent");
			assertThat(changes(updates.get(1))).containsExactly(Map.entry("weightOverride", Arrays.asList(null, "5")));
			assertThat(changes(updates.get(0))).containsExactly(Map.entry("drained", List.of("false", "true")));

			Response rebalance = this.api.post("/api/v1/cluster/rebalance", null);
			assertThat(rebalance.status()).isEqualTo(202);
			assertThat(only("action=CLUSTER_REBALANCE").path("objectId").asText())
				.isEqualTo(rebalance.body().path("requestId").asText());
		}
		finally {
			this.jdbc.update("DELETE FROM agent WHERE id = 'audited-agent'");
			this.jdbc.update("DELETE FROM cluster_request");
		}
	}

	@Test
	void filtersByActorActionObjectAndTime() {
		ApiClient operator = Users.create(this.api, "olga", "OPERATOR");
		long id = operator.post("/api/v1/jobs", Jobs.http("by-olga")).id();
		this.api.post("/api/v1/jobs", Jobs.http("by-admin"));

		assertThat(items("actor=olga&action=JOB_CREATE")).extracting((row) -> row.path("objectId").asText())
			.containsExactly(String.valueOf(id));
		assertThat(items("objectType=USER&action=USER_CREATE")).hasSize(1);
		assertThat(items("objectType=JOB&objectId=" + id)).hasSize(1);
		String future = Instant.now().plus(1, ChronoUnit.HOURS).toString();
		String past = Instant.now().minus(1, ChronoUnit.HOURS).toString();
		assertThat(items("from=" + future)).isEmpty();
		assertThat(items("to=" + past)).isEmpty();
		assertThat(items("from=" + past + "&to=" + future + "&action=JOB_CREATE")).hasSize(2);
		JsonNode page = this.api.get("/api/v1/audit?size=1&page=2").body();
		assertThat(page.path("items")).hasSize(1);
		assertThat(page.path("total").asLong()).isEqualTo(count());
		assertThat(this.api.get("/api/v1/audit?action=NOPE").status()).isEqualTo(400);
	}

	@Test
	void onlyAdminsReadTheWholeLogAndViewersReadAJobsHistory() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("settle")).id();
		ApiClient viewer = Users.create(this.api, "viv", "VIEWER");

		assertThat(viewer.get("/api/v1/audit").status()).isEqualTo(403);
		assertThat(ApiClient.anonymous(this.port).get("/api/v1/audit").status()).isEqualTo(401);
		Response history = viewer.get("/api/v1/jobs/" + id + "/history");
		assertThat(history.status()).isEqualTo(200);
		assertThat(actions(history.body())).containsExactly("JOB_CREATE");
		assertThat(this.api.delete("/api/v1/audit").status()).isIn(403, 404, 405);
	}

	@Test
	void purgeRemovesExactlyTheRowsOlderThanTheRetention() {
		await().atMost(Duration.ofSeconds(30)).until(this.election::isLeader);
		this.jdbc.update("DELETE FROM audit_log");
		Instant now = Instant.now();
		List<Instant> ages = new ArrayList<>();
		for (int days : new int[] { 401, 400, 399, 30, 0 }) {
			ages.add(now.minus(Duration.ofDays(days)).plus(Duration.ofMinutes((days == 400) ? -1 : 0)));
		}
		ages.add(now.minus(Duration.ofDays(400)).plus(Duration.ofMinutes(1)));
		for (Instant at : ages) {
			this.jdbc
				.update("INSERT INTO audit_log (occurred_at, actor_type, actor_name, action, object_type, changes) "
						+ "VALUES (?, 'USER', 'admin', 'JOB_UPDATE', 'JOB', '[]')", Timestamp.from(at));
		}

		assertThat(this.retention.purge()).isEqualTo(2);

		assertThat(this.jdbc.queryForList("SELECT occurred_at FROM audit_log", Timestamp.class)).hasSize(4)
			.allSatisfy((at) -> assertThat(at.toInstant()).isAfter(now.minus(Duration.ofDays(400))));
	}

	private long count() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM audit_log", Long.class);
	}

	private List<JsonNode> items(String query) {
		Response response = this.api.get("/api/v1/audit?size=200&" + query);
		assertThat(response.status()).as("%s", response.body()).isEqualTo(200);
		List<JsonNode> rows = new ArrayList<>();
		response.body().path("items").forEach(rows::add);
		return rows;
	}

	private JsonNode only(String query) {
		List<JsonNode> rows = items(query);
		assertThat(rows).as(query).hasSize(1);
		return rows.get(0);
	}

	private static List<String> actions(JsonNode page) {
		List<String> actions = new ArrayList<>();
		page.path("items").forEach((row) -> actions.add(row.path("action").asText()));
		return actions;
	}

	/** field to [before, after], nulls kept. */
	private static Map<String, List<String>> changes(JsonNode row) {
		Map<String, List<String>> changes = new LinkedHashMap<>();
		row.path("changes")
			.forEach((change) -> changes.put(change.path("field").asText(),
					Arrays.asList(text(change.path("before")), text(change.path("after")))));
		return changes;
	}

	private static String text(JsonNode value) {
		return (value.isNull() || value.isMissingNode()) ? null : value.asText();
	}

	private void assign(String agentId, long job) {
		EtcdProbe probe = new EtcdProbe(this.etcd);
		AgentInfo agent = new AgentInfo(agentId, "127.0.0.1", 9100, 1, Map.of(), "test", Instant.now());
		probe.put(this.keys.node(agentId), new String(CronyJson.toBytes(agent), StandardCharsets.UTF_8));
		probe.put(this.keys.job(agentId, job),
				this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, job));
	}

}
