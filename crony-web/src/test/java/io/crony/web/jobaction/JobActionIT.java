package io.crony.web.jobaction;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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

/**
 * Actions on many jobs against the real server: each job done on its own through the
 * single-job services (their audit rows, their failures), another department's job and a
 * missing one failing alone with 404, the action's own role or scope, and bad requests
 * refused whole.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.web.admin.initial-password=" + JobActionIT.ADMIN_PASSWORD,
				"crony.web.jobs.bulk-limit=" + JobActionIT.LIMIT })
class JobActionIT {

	static final String ADMIN_PASSWORD = "admin-password-actions";

	static final int LIMIT = 6;

	private static final String ACTIONS = "/api/v1/jobs/actions";

	private static final long MISSING = 987654321L;

	private static final String AGENT = "agent-actions";

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

	private EtcdProbe probe;

	private ApiClient anonymous;

	private ApiClient admin;

	private long otherDepartmentsJob;

	@BeforeEach
	void setUp() {
		this.probe = new EtcdProbe(this.etcd);
		this.anonymous = ApiClient.anonymous(this.port);
		this.admin = this.anonymous.login("admin", ADMIN_PASSWORD);
		this.admin.post("/api/v1/departments", Map.of("name", "team-b"));
		this.otherDepartmentsJob = this.admin.inDepartment("team-b")
			.post("/api/v1/jobs", Jobs.with(Jobs.http("b-job"), "labels", Map.of("team", "b")))
			.id();
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM service_token");
		this.jdbc.update("DELETE FROM audit_log");
		this.jdbc.update("DELETE FROM department_member WHERE department_id <> 1");
		this.jdbc.update("DELETE FROM department WHERE id <> 1");
		this.probe.deleteUnder(this.keys.nodes());
		this.probe.deleteUnder(this.keys.onces(AGENT));
	}

	@Test
	void disablesEnablesAndDeletesEachJobOnItsOwnAndLeavesOtherDepartmentsAlone() {
		long a = create("a", true);
		long b = create("b", true);
		long c = create("c", false);
		String otherBefore = otherJobRow();

		Response disabled = act("DISABLE", List.of(a, b, c, this.otherDepartmentsJob, MISSING));
		assertThat(disabled.status()).as("%s", disabled.body()).isEqualTo(200);
		assertThat(disabled.body().get("done").asInt()).isEqualTo(2);
		assertThat(disabled.body().get("unchanged").asInt()).isEqualTo(1);
		assertThat(disabled.body().get("failed").asInt()).isEqualTo(2);
		assertThat(outcomes(disabled)).containsExactly(a + " a DONE 200", b + " b DONE 200", c + " c UNCHANGED 200",
				this.otherDepartmentsJob + " - FAILED 404", MISSING + " - FAILED 404");
		assertThat(result(disabled, 3).get("detail").asText())
			.isEqualTo("Job " + this.otherDepartmentsJob + " does not exist");
		assertThat(enabled(a)).isFalse();
		assertThat(enabled(b)).isFalse();
		assertThat(audited("JOB_DISABLE")).containsExactlyInAnyOrder(a, b);

		Response enabled = act("ENABLE", List.of(a, c));
		assertThat(outcomes(enabled)).containsExactly(a + " a DONE 200", c + " c DONE 200");
		assertThat(audited("JOB_ENABLE")).containsExactlyInAnyOrder(a, c);

		Response deleted = act("DELETE", List.of(a, this.otherDepartmentsJob, MISSING, c));
		assertThat(outcomes(deleted)).containsExactly(a + " a DONE 204", this.otherDepartmentsJob + " - FAILED 404",
				MISSING + " - FAILED 404", c + " c DONE 204");
		assertThat(this.jdbc.queryForList("SELECT id FROM job WHERE department_id = 1", Long.class)).containsExactly(b);
		assertThat(audited("JOB_DELETE")).containsExactlyInAnyOrder(a, c);
		assertThat(otherJobRow()).isEqualTo(otherBefore);
	}

	@Test
	void setsAddsAndRemovesLabelsAsAnUpdateWouldKeepingSecrets() {
		long a = this.admin
			.post("/api/v1/jobs",
					Jobs.with(Jobs.with(Jobs.http("a"), "labels", Map.of("team", "pay", "env", "prod")),
							"target.headers", Map.of("Authorization", "Bearer s3cret")))
			.id();
		long b = create("b", false);
		String sealed = this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, a);
		String otherBefore = otherJobRow();

		Response added = act(Map.of("action", "ADD_LABELS", "ids", List.of(a, b, this.otherDepartmentsJob, MISSING),
				"labels", Map.of("env", "test", "tier", "gold")));
		assertThat(outcomes(added)).containsExactly(a + " a DONE 200", b + " b DONE 200",
				this.otherDepartmentsJob + " - FAILED 404", MISSING + " - FAILED 404");
		assertThat(labels(a)).isEqualTo(Map.of("team", "pay", "env", "test", "tier", "gold"));
		assertThat(labels(b)).isEqualTo(Map.of("env", "test", "tier", "gold"));
		assertThat(audited("JOB_UPDATE")).containsExactlyInAnyOrder(a, b);
		// the rest of the definition is as it was: the secret still opens to the same
		// value
		JsonNode job = this.admin.get("/api/v1/jobs/" + a).body();
		assertThat(job.at("/target/headers/Authorization").asText()).isEqualTo("******");
		assertThat(job.get("enabled").asBoolean()).isTrue();
		assertThat(job.get("owner").asText()).isEqualTo("admin");
		assertThat(job.get("timeZone").asText()).isEqualTo("Asia/Shanghai");
		assertThat(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, a)).isNotEqualTo(sealed);
		assertThat(this.jdbc.queryForObject(
				"SELECT audit_log.changes FROM audit_log WHERE action = 'JOB_UPDATE' " + "AND object_id = ?",
				String.class, String.valueOf(a)))
			.doesNotContain("s3cret");

		Response removed = act(Map.of("action", "REMOVE_LABELS", "ids", List.of(a, b), "labelKeys", List.of("env")));
		assertThat(outcomes(removed)).containsExactly(a + " a DONE 200", b + " b DONE 200");
		assertThat(labels(a)).isEqualTo(Map.of("team", "pay", "tier", "gold"));
		Response again = act(Map.of("action", "REMOVE_LABELS", "ids", List.of(a, b), "labelKeys", List.of("env")));
		assertThat(outcomes(again)).containsExactly(a + " a UNCHANGED 200", b + " b UNCHANGED 200");

		// a job may carry at most 32 labels: the one that would carry more fails alone
		Map<String, String> thirty = new LinkedHashMap<>();
		for (int i = 0; i < 30; i++) {
			thirty.put("k" + i, "v");
		}
		long full = this.admin.post("/api/v1/jobs", Jobs.with(Jobs.http("full"), "labels", thirty)).id();
		Response tooMany = act(Map.of("action", "ADD_LABELS", "ids", List.of(full, b), "labels",
				Map.of("x1", "y", "x2", "y", "x3", "y")));
		assertThat(outcomes(tooMany)).containsExactly(full + " full FAILED 400", b + " b DONE 200");
		assertThat(result(tooMany, 0).at("/errors/0/field").asText()).isEqualTo("labels");
		assertThat(labels(full)).isEqualTo(thirty);

		Response cleared = act(Map.of("action", "SET_LABELS", "ids", List.of(a, b), "labels", Map.of()));
		assertThat(outcomes(cleared)).containsExactly(a + " a DONE 200", b + " b DONE 200");
		assertThat(labels(a)).isEmpty();
		assertThat(labels(b)).isEmpty();
		assertThat(audited("JOB_UPDATE")).hasSize(7);
		assertThat(otherJobRow()).isEqualTo(otherBefore);
	}

	@Test
	void runsEachEnabledJobAndADisabledOneFailsAlone() {
		long a = create("a", true);
		long b = create("b", false);
		assign(a);

		Response run = act(Map.of("action", "RUN", "ids", List.of(b, a, this.otherDepartmentsJob, MISSING), "params",
				"{\"day\":1}"));
		assertThat(outcomes(run)).containsExactly(b + " b FAILED 409", a + " a DONE 202",
				this.otherDepartmentsJob + " - FAILED 404", MISSING + " - FAILED 404");
		assertThat(result(run, 0).get("detail").asText()).contains("disabled");
		long executionId = result(run, 1).get("executionId").asLong();
		assertThat(this.probe.get(this.keys.once(AGENT, executionId))).isNotNull();
		assertThat(this.jdbc.queryForMap("SELECT job_id, params, trigger_type FROM execution"))
			.containsEntry("job_id", a)
			.containsEntry("params", "{\"day\":1}")
			.containsEntry("trigger_type", "MANUAL");
		assertThat(audited("JOB_RUN")).containsExactly(a);
	}

	@Test
	void eachActionNeedsTheRoleOrScopeOfItsSingleJobRoute() {
		long a = create("a", true);
		assign(a);
		ApiClient writer = this.anonymous.withToken(tokenOf("writer", List.of("JOBS_WRITE")));
		ApiClient trigger = this.anonymous.withToken(tokenOf("trigger", List.of("RUNS_TRIGGER")));
		ApiClient reader = this.anonymous.withToken(tokenOf("reader", List.of("JOBS_READ", "RUNS_READ")));

		Response writerRuns = writer.post(ACTIONS, Map.of("action", "RUN", "ids", List.of(a)));
		assertThat(writerRuns.status()).as("%s", writerRuns.body()).isEqualTo(403);
		assertThat(writerRuns.isProblem()).isTrue();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Long.class)).isZero();
		Response triggerDisables = trigger.post(ACTIONS, Map.of("action", "DISABLE", "ids", List.of(a)));
		assertThat(triggerDisables.status()).isEqualTo(403);
		assertThat(reader.post(ACTIONS, Map.of("action", "DISABLE", "ids", List.of(a))).status()).isEqualTo(403);
		assertThat(reader.post(ACTIONS, Map.of("action", "RUN", "ids", List.of(a))).status()).isEqualTo(403);
		assertThat(enabled(a)).isTrue();

		// neither token may read jobs, so neither learns their names; one that may read
		// does
		assertThat(outcomes(trigger.post(ACTIONS, Map.of("action", "RUN", "ids", List.of(a, MISSING)))))
			.containsExactly(a + " - DONE 202", MISSING + " - FAILED 404");
		ApiClient readingTrigger = this.anonymous
			.withToken(tokenOf("reading-trigger", List.of("RUNS_TRIGGER", "JOBS_READ")));
		assertThat(outcomes(readingTrigger.post(ACTIONS, Map.of("action", "RUN", "ids", List.of(a)))))
			.containsExactly(a + " a DONE 202");
		assertThat(outcomes(writer.post(ACTIONS, Map.of("action", "DISABLE", "ids", List.of(a)))))
			.containsExactly(a + " - DONE 200");
		assertThat(
				this.jdbc.queryForObject("SELECT actor_name FROM audit_log WHERE action = 'JOB_DISABLE'", String.class))
			.isEqualTo("token:writer");
	}

	@Test
	void aBadRequestIsA400NamingTheFieldAndTouchesNoJob() {
		long a = create("a", true);
		List<Long> tooMany = new ArrayList<>();
		for (long id = 1; id <= LIMIT + 1; id++) {
			tooMany.add(id);
		}
		Map<String, Object> noAction = new LinkedHashMap<>();
		noAction.put("ids", List.of(a));

		assertThat(fields(noAction)).containsExactly("action");
		assertThat(fields(Map.of("action", "FREEZE", "ids", List.of(a)))).containsExactly("action");
		assertThat(fields(Map.of("action", "DISABLE"))).containsExactly("ids");
		assertThat(fields(Map.of("action", "DISABLE", "ids", List.of()))).containsExactly("ids");
		assertThat(fields(Map.of("action", "DISABLE", "ids", tooMany))).containsExactly("ids");
		assertThat(fields(Map.of("action", "DISABLE", "ids", List.of(a, a)))).containsExactly("ids[1]");
		assertThat(fields(Map.of("action", "DISABLE", "ids", List.of("x")))).singleElement()
			.asString()
			.startsWith("ids");
		assertThat(fields(Map.of("action", "SET_LABELS", "ids", List.of(a)))).containsExactly("labels");
		assertThat(fields(Map.of("action", "ADD_LABELS", "ids", List.of(a), "labels", Map.of())))
			.containsExactly("labels");
		assertThat(fields(Map.of("action", "ADD_LABELS", "ids", List.of(a), "labels", Map.of("team", "has space"))))
			.containsExactly("labels");
		assertThat(fields(Map.of("action", "REMOVE_LABELS", "ids", List.of(a)))).containsExactly("labelKeys");
		assertThat(fields(Map.of("action", "DISABLE", "ids", List.of(a), "labels", Map.of("team", "pay"))))
			.containsExactly("labels");
		assertThat(fields(Map.of("action", "DISABLE", "ids", List.of(a), "params", "{}"))).containsExactly("params");
		assertThat(this.admin.post(ACTIONS, null).status()).isEqualTo(400);

		assertThat(enabled(a)).isTrue();
		assertThat(this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM audit_log WHERE action LIKE 'JOB_%' " + "AND action <> 'JOB_CREATE'", Long.class))
			.isZero();
	}

	private Response act(String action, List<Long> ids) {
		return act(Map.of("action", action, "ids", ids));
	}

	private Response act(Map<String, Object> body) {
		Response response = this.admin.post(ACTIONS, body);
		assertThat(response.status()).as("%s", response.body()).isEqualTo(200);
		return response;
	}

	private List<String> fields(Map<String, Object> body) {
		Response response = this.admin.post(ACTIONS, body);
		assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
		return response.errorFields();
	}

	private static JsonNode result(Response response, int index) {
		return response.body().get("results").get(index);
	}

	/** "id name outcome status" per job, "-" for a job with no name here. */
	private static List<String> outcomes(Response response) {
		assertThat(response.status()).as("%s", response.body()).isEqualTo(200);
		List<String> outcomes = new ArrayList<>();
		response.body()
			.get("results")
			.forEach((result) -> outcomes
				.add(result.get("id").asLong() + " " + (result.has("name") ? result.get("name").asText() : "-") + " "
						+ result.get("outcome").asText() + " " + result.get("status").asInt()));
		return outcomes;
	}

	private long create(String name, boolean enabled) {
		Response created = this.admin.post("/api/v1/jobs", Jobs.with(Jobs.http(name), "enabled", enabled));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.id();
	}

	private boolean enabled(long id) {
		return Boolean.TRUE.equals(this.jdbc.queryForObject("SELECT enabled FROM job WHERE id = ?", Boolean.class, id));
	}

	private Map<String, String> labels(long id) {
		Map<String, String> labels = new LinkedHashMap<>();
		this.admin.get("/api/v1/jobs/" + id)
			.body()
			.get("labels")
			.fields()
			.forEachRemaining((label) -> labels.put(label.getKey(), label.getValue().asText()));
		return labels;
	}

	private List<Long> audited(String action) {
		return this.jdbc.queryForList("SELECT object_id FROM audit_log WHERE action = ?", String.class, action)
			.stream()
			.map(Long::valueOf)
			.toList();
	}

	private String otherJobRow() {
		return this.jdbc.queryForMap("SELECT enabled, version, spec FROM job WHERE id = ?", this.otherDepartmentsJob)
			.toString();
	}

	private String tokenOf(String name, List<String> scopes) {
		Response created = this.admin.post("/api/v1/service-tokens",
				Map.of("name", name, "scopes", scopes, "expiresInDays", 30));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.body().get("token").asText();
	}

	/** Stands in for the leader: the job is held by a live agent. */
	private void assign(long job) {
		AgentInfo agent = new AgentInfo(AGENT, "127.0.0.1", 9100, 1, Map.of(), "test", Instant.now());
		this.probe.put(this.keys.node(AGENT), new String(CronyJson.toBytes(agent), StandardCharsets.UTF_8));
		this.probe.put(this.keys.job(AGENT, job),
				this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, job));
	}

}
