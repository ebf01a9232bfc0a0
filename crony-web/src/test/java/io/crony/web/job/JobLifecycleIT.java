package io.crony.web.job;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.crony.common.job.JobSpec;
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

/**
 * A job's lifecycle beyond create and update, against the real server: owner, contact and
 * labels; the list's filters by label, owner and target; clone; export and import of job
 * files (JSON and YAML) with dry run, all or nothing, and idempotent by name.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + JobLifecycleIT.ADMIN_PASSWORD)
class JobLifecycleIT {

	static final String ADMIN_PASSWORD = "admin-password-lifecycle";

	private static final String JOBS = "/api/v1/jobs";

	private static final ObjectMapper JSON = new ObjectMapper();

	private static final YAMLMapper YAML = new YAMLMapper();

	private static final HttpClient HTTP = HttpClient.newHttpClient();

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

	@BeforeEach
	void signIn() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM audit_log");
	}

	@Test
	void ownerDefaultsToTheCreatorAndContactAndLabelsAreCheckedByField() {
		Response created = create(job("pay-settle", Map.of("team", "pay"), null, "pay@example.com"));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().get("owner").asText()).isEqualTo("admin");
		assertThat(created.body().get("contact").asText()).isEqualTo("pay@example.com");
		assertThat(created.body().get("labels")).isEqualTo(JSON.valueToTree(Map.of("team", "pay")));

		Response badContact = create(job("x", Map.of(), null, "not-an-address"));
		assertThat(badContact.status()).isEqualTo(400);
		assertThat(badContact.errorFields()).containsExactly("contact");
		Response badLabels = create(job("y", Map.of("team", "has space"), null, null));
		assertThat(badLabels.status()).isEqualTo(400);
		assertThat(badLabels.errorFields()).containsExactly("labels");

		// an update without owner keeps it; one with an owner hands the job over
		Map<String, Object> update = job("pay-settle", Map.of("team", "pay", "env", "prod"), null, null);
		Response kept = this.admin.put(JOBS + "/" + created.id(), update);
		assertThat(kept.status()).as("%s", kept.body()).isEqualTo(200);
		assertThat(kept.body().get("owner").asText()).isEqualTo("admin");
		assertThat(kept.body().has("contact")).isFalse();
		Response handed = this.admin.put(JOBS + "/" + created.id(), Jobs.with(update, "owner", "alice"));
		assertThat(handed.body().get("owner").asText()).isEqualTo("alice");
		assertThat(this.jdbc.queryForObject("SELECT owner FROM job WHERE id = ?", String.class, created.id()))
			.isEqualTo("alice");
	}

	@Test
	void listFiltersByEveryLabelOwnerAndTarget() {
		create(job("pay-prod", Map.of("team", "pay", "env", "prod", "app.kubernetes.io/part-of", "ledger"), "alice",
				null));
		create(job("pay-test", Map.of("team", "pay", "env", "test"), "bob", null));
		create(Jobs.with(job("ops-shell", Map.of("team", "ops"), "alice", null), "target",
				Map.of("type", "SHELL", "command", "/opt/billing/rotate.sh")));

		assertThat(names("label=team=pay")).containsExactly("pay-test", "pay-prod");
		assertThat(names("label=team=pay&label=env=prod")).containsExactly("pay-prod");
		assertThat(names("label=app.kubernetes.io/part-of=ledger")).containsExactly("pay-prod");
		assertThat(names("label=team=nobody")).isEmpty();
		assertThat(names("owner=alice")).containsExactly("ops-shell", "pay-prod");
		assertThat(names("targetType=SHELL")).containsExactly("ops-shell");
		assertThat(names("target=billing")).containsExactly("ops-shell");
		assertThat(names("target=127.0.0.1:9000&owner=bob")).containsExactly("pay-test");

		Response bad = this.admin.get(JOBS + "?label=team");
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.errorFields()).containsExactly("label");
	}

	@Test
	void cloneCopiesTheJobAndItsSecretsDisabledAndIsAudited() {
		Map<String, Object> source = Jobs.with(job("src", Map.of("team", "pay"), "bob", "pay@example.com"),
				"target.headers", Map.of("Authorization", "Bearer s3cret", "X-Env", "test"));
		long sourceId = create(Jobs.with(source, "retention", Map.of("days", 7))).id();

		Response copy = this.admin.post(JOBS + "/" + sourceId + "/clone", Map.of("name", "src-copy"));

		assertThat(copy.status()).as("%s", copy.body()).isEqualTo(201);
		assertThat(copy.body().get("enabled").asBoolean()).isFalse();
		assertThat(copy.body().get("owner").asText()).isEqualTo("admin");
		assertThat(copy.body().get("contact").asText()).isEqualTo("pay@example.com");
		assertThat(copy.body().at("/labels/team").asText()).isEqualTo("pay");
		assertThat(copy.body().at("/retention/days").asInt()).isEqualTo(7);
		assertThat(copy.body().at("/target/headers/Authorization").asText()).isEqualTo("******");
		JobSpec copied = specOf(copy.id());
		assertThat(copied.id()).isEqualTo(copy.id());
		assertThat(copied.target().headers().get("Authorization"))
			.isEqualTo(specOf(sourceId).target().headers().get("Authorization"));
		assertThat(
				this.jdbc.queryForObject("SELECT changes FROM audit_log WHERE action = 'JOB_CLONE' AND object_id = ?",
						String.class, String.valueOf(copy.id())))
			.contains("\"clonedFrom\"")
			.doesNotContain("s3cret");

		Response taken = this.admin.post(JOBS + "/" + sourceId + "/clone", Map.of("name", "src-copy"));
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.errorFields()).containsExactly("name");
		assertThat(this.admin.post(JOBS + "/" + sourceId + "/clone", Map.of("name", "a/b")).errorFields())
			.containsExactly("name");
		assertThat(this.admin.post(JOBS + "/999999/clone", Map.of("name", "zz")).status()).isEqualTo(404);
	}

	@Test
	void jsonExportImportsBackUnchangedAndADryRunShowsTheDifferencesWithoutWriting() throws Exception {
		long a = create(Jobs.with(job("a", Map.of("team", "pay"), null, "pay@example.com"), "target.headers",
				Map.of("Authorization", "Bearer s3cret")))
			.id();
		long b = create(Jobs.with(job("b", Map.of(), null, null), "retry",
				Map.of("maxAttempts", 4, "backoff", "EXPONENTIAL", "backoffSeconds", 2)))
			.id();

		Raw exported = raw("GET", JOBS + "/export?format=json", null, null);
		assertThat(exported.status()).isEqualTo(200);
		assertThat(exported.header("Content-Disposition")).contains("attachment").contains("crony-jobs.json");
		JsonNode file = JSON.readTree(exported.body());
		assertThat(file.get("jobs")).extracting((job) -> job.get("name").asText()).containsExactly("a", "b");
		assertThat(file.at("/jobs/0/target/headers/Authorization").asText()).isEqualTo("******");
		assertThat(file.at("/jobs/0").has("id")).isFalse();
		assertThat(exported.body()).doesNotContain("s3cret");

		Response again = importJson(file, false);
		assertThat(again.status()).as("%s", again.body()).isEqualTo(200);
		assertThat(actions(again)).containsExactly("UNCHANGED", "UNCHANGED");
		assertThat(version(a)).isEqualTo(1);
		assertThat(version(b)).isEqualTo(1);

		ObjectNode changed = file.deepCopy();
		((ObjectNode) changed.at("/jobs/0")).put("schedule", "0 30 2 * * ?");
		((ObjectNode) changed.at("/jobs/0/labels")).put("env", "prod");
		((ObjectNode) changed.at("/jobs/0/target/headers")).put("Authorization", "Bearer rotated");
		((ArrayNode) changed.get("jobs")).add(JSON.valueToTree(job("c", Map.of(), null, null)));
		long auditRows = auditRows();
		long lastAuditId = this.jdbc.queryForObject("SELECT COALESCE(MAX(id), 0) FROM audit_log", Long.class);

		Response dryRun = importJson(changed, true);

		assertThat(dryRun.status()).as("%s", dryRun.body()).isEqualTo(200);
		assertThat(dryRun.body().get("dryRun").asBoolean()).isTrue();
		assertThat(actions(dryRun)).containsExactly("UPDATE", "UNCHANGED", "CREATE");
		JsonNode update = dryRun.body().at("/jobs/0");
		assertThat(update.get("id").asLong()).isEqualTo(a);
		Map<String, String[]> changes = new LinkedHashMap<>();
		update.get("changes")
			.forEach((change) -> changes.put(change.get("field").asText(),
					new String[] { change.path("before").asText(null), change.path("after").asText(null) }));
		assertThat(changes).containsOnlyKeys("schedule", "labels.env", "target.headers.Authorization");
		assertThat(changes.get("schedule")).containsExactly("0 0 1 * * ?", "0 30 2 * * ?");
		assertThat(changes.get("labels.env")).containsExactly(null, "prod");
		assertThat(changes.get("target.headers.Authorization")).containsExactly("******", "******");
		assertThat(dryRun.body().at("/jobs/2/id").isNull()).isTrue();
		// nothing written
		assertThat(version(a)).isEqualTo(1);
		assertThat(jobCount()).isEqualTo(2);
		assertThat(auditRows()).isEqualTo(auditRows);

		Response applied = importJson(changed, false);
		assertThat(applied.status()).as("%s", applied.body()).isEqualTo(200);
		assertThat(actions(applied)).containsExactly("UPDATE", "UNCHANGED", "CREATE");
		assertThat(applied.body().at("/jobs/2/id").asLong()).isPositive();
		assertThat(version(a)).isEqualTo(2);
		assertThat(jobCount()).isEqualTo(3);
		assertThat(this.jdbc.queryForList("SELECT action FROM audit_log WHERE id > ? ORDER BY id", String.class,
				lastAuditId))
			.containsExactlyInAnyOrder("JOB_UPDATE", "JOB_CREATE");

		// the same file again changes nothing
		assertThat(actions(importJson(changed, false))).containsOnly("UNCHANGED");
		assertThat(version(a)).isEqualTo(2);
	}

	@Test
	void yamlExportOfASelectionImportsBackAndAnEditedOneUpdates() throws Exception {
		long a = create(job("ya", Map.of("team", "pay"), null, null)).id();
		create(job("yb", Map.of(), null, null));
		long c = create(Jobs.with(job("yc", Map.of(), null, null), "schedule", "*/5 * * * * ?")).id();

		Raw exported = raw("GET", JOBS + "/export?format=yaml&id=" + a + "&id=" + c, null, null);

		assertThat(exported.status()).isEqualTo(200);
		assertThat(exported.header("Content-Type")).startsWith("application/yaml");
		assertThat(exported.header("Content-Disposition")).contains("crony-jobs.yaml");
		JsonNode file = YAML.readTree(exported.body());
		assertThat(file.get("jobs")).extracting((job) -> job.get("name").asText()).containsExactly("ya", "yc");

		Raw same = raw("POST", JOBS + "/import?dryRun=true", "application/yaml", exported.body());
		assertThat(same.status()).as(same.body()).isEqualTo(200);
		assertThat(JSON.readTree(same.body()).get("unchanged").asInt()).isEqualTo(2);

		String edited = exported.body().replace("\"*/5 * * * * ?\"", "\"*/10 * * * * ?\"");
		assertThat(edited).isNotEqualTo(exported.body());
		Raw applied = raw("POST", JOBS + "/import", "application/yaml", edited);
		assertThat(applied.status()).as(applied.body()).isEqualTo(200);
		JsonNode answer = JSON.readTree(applied.body());
		assertThat(answer.get("updated").asInt()).isEqualTo(1);
		assertThat(answer.at("/jobs/1/changes/0/field").asText()).isEqualTo("schedule");
		assertThat(this.admin.get(JOBS + "/" + c).body().get("schedule").asText()).isEqualTo("*/10 * * * * ?");

		// the names YAML went by before application/yaml was registered are read the same
		for (String older : List.of("text/yaml", "application/x-yaml", "text/x-yaml; charset=utf-8")) {
			Raw sameAgain = raw("POST", JOBS + "/import?dryRun=true", older, edited);
			assertThat(sameAgain.status()).as(older + ": " + sameAgain.body()).isEqualTo(200);
			assertThat(JSON.readTree(sameAgain.body()).get("unchanged").asInt()).as(older).isEqualTo(2);
		}
		Raw malformed = raw("POST", JOBS + "/import", "application/yaml", "jobs: [ {name: ");
		assertThat(malformed.status()).isEqualTo(400);
	}

	@Test
	void importSavesNothingWhenAnyJobIsWrongAndNamesEachProblem() throws Exception {
		create(Jobs.with(job("kept", Map.of(), null, null), "target.headers", Map.of("Authorization", "Bearer k")));
		JsonNode exported = JSON.readTree(raw("GET", JOBS + "/export", null, null).body());
		List<Object> jobs = new ArrayList<>();
		jobs.add(job("new-1", Map.of(), null, null));
		jobs.add(Jobs.with(job("new-2", Map.of(), null, null), "schedule", "not a schedule"));
		jobs.add(Jobs.with(job("new-3", Map.of(), null, null), "target.headers", Map.of("Authorization", "******")));
		jobs.add(Jobs.with(job("new-4", Map.of(), null, null), "labels", Map.of("bad key", "x")));
		jobs.add(JSON.convertValue(exported.at("/jobs/0"), Map.class));

		for (boolean dryRun : new boolean[] { true, false }) {
			Response refused = this.admin.post(JOBS + "/import?dryRun=" + dryRun, Map.of("jobs", jobs));
			assertThat(refused.status()).isEqualTo(400);
			assertThat(refused.isProblem()).isTrue();
			assertThat(refused.errorFields()).containsExactly("jobs[1].schedule",
					"jobs[2].target.headers.Authorization", "jobs[3].labels");
		}
		assertThat(jobCount()).isEqualTo(1);

		Response empty = this.admin.post(JOBS + "/import", Map.of("jobs", List.of()));
		assertThat(empty.status()).isEqualTo(400);
		assertThat(empty.errorFields()).containsExactly("jobs");
		Response badFormat = this.admin.get(JOBS + "/export?format=xml");
		assertThat(badFormat.status()).isEqualTo(400);
		assertThat(badFormat.errorFields()).containsExactly("format");
	}

	private Map<String, Object> job(String name, Map<String, String> labels, String owner, String contact) {
		Map<String, Object> job = Jobs.http(name);
		job.put("labels", labels);
		if (owner != null) {
			job.put("owner", owner);
		}
		if (contact != null) {
			job.put("contact", contact);
		}
		return job;
	}

	private Response create(Map<String, Object> job) {
		return this.admin.post(JOBS, job);
	}

	private List<String> names(String query) {
		Response list = this.admin.get(JOBS + "?" + query);
		assertThat(list.status()).as("%s", list.body()).isEqualTo(200);
		List<String> names = new ArrayList<>();
		list.body().get("items").forEach((job) -> names.add(job.get("name").asText()));
		return names;
	}

	private Response importJson(JsonNode file, boolean dryRun) {
		return this.admin.post(JOBS + "/import?dryRun=" + dryRun, file.toString());
	}

	private static List<String> actions(Response response) {
		List<String> actions = new ArrayList<>();
		response.body().get("jobs").forEach((item) -> actions.add(item.get("action").asText()));
		return actions;
	}

	private long version(long id) {
		return this.jdbc.queryForObject("SELECT version FROM job WHERE id = ?", Long.class, id);
	}

	private long jobCount() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class);
	}

	private long auditRows() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM audit_log", Long.class);
	}

	private JobSpec specOf(long id) {
		return CronyJson.fromJson(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id),
				JobSpec.class);
	}

	private Raw raw(String method, String path, String contentType, String body)
			throws IOException, InterruptedException {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("Authorization", "Bearer " + this.admin.token());
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		request.method(method,
				(body != null) ? HttpRequest.BodyPublishers.ofString(body) : HttpRequest.BodyPublishers.noBody());
		HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
		return new Raw(response.statusCode(), response.headers().map(), response.body());
	}

	private record Raw(int status, Map<String, List<String>> headers, String body) {

		String header(String name) {
			return this.headers.entrySet()
				.stream()
				.filter((entry) -> entry.getKey().equalsIgnoreCase(name))
				.map((entry) -> entry.getValue().get(0))
				.findFirst()
				.orElse(null);
		}

	}

}
