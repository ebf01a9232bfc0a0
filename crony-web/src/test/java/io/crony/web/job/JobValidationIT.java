package io.crony.web.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.secret.SecretBox;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Every bad job input gets a 400 (409 for a taken name) problem detail naming the field
 * and why, and changes nothing: no row, no etcd key.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + JobValidationIT.ADMIN_PASSWORD)
class JobValidationIT {

	static final String ADMIN_PASSWORD = "admin-password-2";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	private static final CronyKeys KEYS = new CronyKeys(services.keyPrefix());

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private Client etcd;

	private ApiClient api;

	@BeforeEach
	void signIn() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job_dependency");
		this.jdbc.update("DELETE FROM job");
	}

	static Stream<Arguments> badJobs() {
		return Stream.of(arguments("schedule", "61 * * * * ?", "schedule", "second 61 out of range 0-59"),
				arguments("schedule", "every day at noon", "schedule", ""),
				arguments("schedule", " ", "schedule", "must not be blank"),
				arguments("schedule", null, "schedule", "must not be blank"),
				arguments("timeZone", "Mars/Olympus_Mons", "timeZone", "Mars/Olympus_Mons"),
				arguments("timeoutSeconds", 0, "timeoutSeconds", "greater than or equal to 1"),
				arguments("timeoutSeconds", -5, "timeoutSeconds", "greater than or equal to 1"),
				arguments("timeoutSeconds", 86401, "timeoutSeconds", "less than or equal to 86400"),
				arguments("timeoutSeconds", "soon", "timeoutSeconds", "a number"),
				arguments("target", null, "target", "must not be null"),
				arguments("target", "http://x", "target", "an object"),
				arguments("target.type", "FTP", "target.type", "[HTTP, GRPC, SHELL]"),
				arguments("target.type", null, "target.type", "must not be null"),
				arguments("target.url", null, "target.url", "required"),
				arguments("target.url", "ftp://files/x", "target.url", "http://"),
				arguments("target.url", "not a url", "target.url", "http://"),
				arguments("target.method", "FETCH", "target.method", "GET"),
				arguments("target.mode", "LATER", "target.mode", "[SYNC, ASYNC]"),
				arguments("target.successCodes", new int[] { 200, 700 }, "target.successCodes[1]", "599"),
				arguments("retry.maxAttempts", 0, "retry.maxAttempts", "greater than or equal to 1"),
				arguments("retry.maxAttempts", 11, "retry.maxAttempts", "less than or equal to 10"),
				arguments("retry.backoffSeconds", -1, "retry.backoffSeconds", "greater than or equal to 0"),
				arguments("retry.backoffSeconds", 3601, "retry.backoffSeconds", "less than or equal to 3600"),
				arguments("misfirePolicy", "SOMETIMES", "misfirePolicy", "[FIRE_NOW, SKIP, CATCH_UP]"),
				arguments("overlapPolicy", "PILE_UP", "overlapPolicy", "[ALLOW, SKIP, QUEUE, REPLACE]"),
				arguments("assignment.strategy", "RANDOM", "assignment.strategy", "WEIGHTED_ROUND_ROBIN"),
				arguments("name", "", "name", "must not be blank"),
				arguments("name", null, "name", "must not be blank"), arguments("name", "a/b", "name", "'/'"),
				arguments("name", "bell\u0007", "name", "control"),
				arguments("name", "x".repeat(129), "name", "size must be between 0 and 128"),
				arguments("enabled", "maybe", "enabled", "true or false"),
				arguments("dependsOn", List.of("nope"), "dependsOn", "no job named 'nope' in this department"),
				arguments("dependsOn", List.of("bad"), "dependsOn", "a job cannot depend on itself"));
	}

	@ParameterizedTest(name = "{0} = {1}")
	@MethodSource("badJobs")
	void refusesABadJobNamingTheFieldAndSavingNothing(String path, Object value, String field, String why) {
		Response response = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("bad"), path, value));
		assertProblem(response, 400, field, why);
		assertNothingSaved();
	}

	static Stream<Arguments> badTargets() {
		return Stream.of(arguments(Map.of("type", "GRPC", "url", "http://host:9000"), "target.url", "static://"),
				arguments(Map.of("type", "GRPC", "url", "static://host"), "target.url", "static://"),
				arguments(Map.of("type", "GRPC", "url", "discovery://host/svc"), "target.url", "discovery:///"),
				arguments(Map.of("type", "GRPC"), "target.url", "required"),
				arguments(Map.of("type", "SHELL"), "target.command", "required"),
				arguments(Map.of("type", "SHELL", "command", "  "), "target.command", "required"),
				// placeholders by logical time, named by their place (docs/targets.md)
				arguments(Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/load?day=${yyyyMMdd,-1q}"), "target.url",
						"unknown unit 'q' in ${yyyyMMdd,-1q}"),
				arguments(Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/load", "headers",
						Map.of("X-Day", "${yyyy-MM-dd")), "target.headers.X-Day", "is not closed by '}'"),
				arguments(Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/load", "body", "{\"d\":\"${date}\"}"),
						"target.body", "invalid date pattern 'date' in ${date}"),
				arguments(Map.of("type", "SHELL", "command", "echo ${yyyyMMdd,+1x}"), "target.command",
						"unknown unit 'x' in ${yyyyMMdd,+1x}"),
				// outputs to downstream jobs: only an ancestor's, named by a whole
				// placeholder
				arguments(Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/load?day=${upstream.load.outputs.day}"),
						"target.url", "reads the outputs of job 'load', which is not an upstream of this job"),
				arguments(Map.of("type", "SHELL", "command", "echo ${upstream.load.day}"), "target.command",
						"does not name an upstream's output"),
				// a shell target's environment takes the command's templates, named by
				// variable
				arguments(Map.of("type", "SHELL", "command", "printenv DAY", "env", Map.of("DAY", "${yyyyMMdd,-1q}")),
						"target.env.DAY", "unknown unit 'q' in ${yyyyMMdd,-1q}"),
				arguments(
						Map.of("type", "SHELL", "command", "printenv DAY", "env",
								Map.of("DAY", "${upstream.load.outputs.day}")),
						"target.env.DAY", "reads the outputs of job 'load', which is not an upstream of this job"),
				arguments(Map.of("type", "SHELL", "command", "printenv", "env", Map.of("1DAY", "x")), "target.env.1DAY",
						"is not an environment variable's name"),
				arguments(Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/load", "env", Map.of("DAY", "x")),
						"target.env", "applies to SHELL targets only"));
	}

	/**
	 * Placeholders are taken where they are readable; a secret header is never read as a
	 * template, so one holding {@code ${} is stored, and a problem elsewhere in the same
	 * target does not quote it.
	 */
	@Test
	void takesReadablePlaceholdersAndNeverReadsOrQuotesASecretHeader() {
		Map<String, Object> target = new LinkedHashMap<>(Map.of("type", "HTTP", "url",
				"http://127.0.0.1:9000/load?day=${yyyyMMdd,-1d}", "body", "{\"hour\":\"${HH:mm,+1h}\",\"x\":\"$${x}\"}",
				"headers", Map.of("X-Day", "${yyyy-MM-dd}", "Authorization", "Bearer s3cr3t-${not-read")));
		Response saved = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("templated"), "target", target));
		assertThat(saved.status()).as("%s", saved.body()).isEqualTo(201);
		assertThat(saved.body().at("/target/url").asText()).isEqualTo("http://127.0.0.1:9000/load?day=${yyyyMMdd,-1d}");
		assertThat(saved.body().at("/target/headers/Authorization").asText()).isEqualTo(SecretBox.MASK);

		target.put("headers", Map.of("X-Day", "${yyyyMMdd,-1q}", "Authorization", "Bearer s3cr3t-${not-read"));
		Response refused = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("templated-2"), "target", target));
		assertProblem(refused, 400, "target.headers.X-Day", "unknown unit 'q' in ${yyyyMMdd,-1q}");
		assertThat(refused.body().toString()).doesNotContain("s3cr3t");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isOne();
	}

	/**
	 * A template may read the outputs of the job's ancestors, through its upstreams too,
	 * and of nothing else: an update that reads another job is refused naming the place
	 * and the job, and changes nothing.
	 */
	@Test
	void readsOnlyTheOutputsOfItsAncestors() {
		this.api.post("/api/v1/jobs", Jobs.http("load"));
		this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("reconcile"), "dependsOn", List.of("load")));
		this.api.post("/api/v1/jobs", Jobs.http("audit"));
		Map<String, Object> reads = new LinkedHashMap<>(
				Map.of("type", "HTTP", "url", "http://127.0.0.1:9000/report?day=${upstream.load.outputs.day}",
						"headers", Map.of("X-Rows", "${upstream.reconcile.outputs.rows}")));
		Response saved = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.with(Jobs.http("report"), "dependsOn", List.of("reconcile")), "target", reads));
		assertThat(saved.status()).as("%s", saved.body()).isEqualTo(201);

		reads.put("headers", Map.of("X-Rows", "${upstream.audit.outputs.rows}"));
		Map<String, Object> update = Jobs.with(Jobs.with(Jobs.http("report"), "dependsOn", List.of("reconcile")),
				"target", reads);
		Response refused = this.api.put("/api/v1/jobs/" + saved.id(), update);
		assertProblem(refused, 400, "target.headers.X-Rows",
				"reads the outputs of job 'audit', which is not an upstream of this job");
		assertThat(spec(saved.id())).contains("${upstream.reconcile.outputs.rows}")
			.doesNotContain("${upstream.audit.outputs.rows}");
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("badTargets")
	void refusesATargetWithoutWhatItsTypeNeeds(Map<String, Object> target, String field, String why) {
		Response response = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("bad"), "target", target));
		assertProblem(response, 400, field, why);
		assertNothingSaved();
	}

	@Test
	void acceptsEveryTargetTypeWithWhatItNeeds() {
		assertThat(this.api
			.post("/api/v1/jobs",
					Jobs.with(Jobs.http("grpc-static"), "target",
							Map.of("type", "GRPC", "url", "static://127.0.0.1:9090")))
			.status()).isEqualTo(201);
		assertThat(this.api
			.post("/api/v1/jobs",
					Jobs.with(Jobs.http("grpc-discovery"), "target",
							Map.of("type", "GRPC", "url", "discovery:///billing")))
			.status()).isEqualTo(201);
		assertThat(this.api
			.post("/api/v1/jobs",
					Jobs.with(Jobs.http("shell"), "target", Map.of("type", "SHELL", "command", "echo hi")))
			.status()).isEqualTo(201);
		Response withEnv = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("shell-env"), "target",
				Map.of("type", "SHELL", "command", "printenv DAY", "env", Map.of("DAY", "${yyyyMMdd,-1d}"))));
		assertThat(withEnv.status()).as("%s", withEnv.body()).isEqualTo(201);
		assertThat(withEnv.body().at("/target/env/DAY").asText()).isEqualTo("${yyyyMMdd,-1d}");
		assertThat(
				this.api
					.post("/api/v1/jobs",
							Jobs.with(Jobs.http("https"), "target",
									Map.of("type", "HTTP", "url", "https://example.org/x")))
					.status())
			.isEqualTo(201);
	}

	static Stream<Arguments> badValues() {
		return Stream.of(arguments("timeoutSeconds", "10000000000", "timeoutSeconds"),
				arguments("timeoutSeconds", "{}", "timeoutSeconds"), arguments("retry", "[]", "retry"),
				arguments("target", "{\"type\":\"HTTP\",\"url\":\"http://h/x\",\"headers\":{\"X\":null}}",
						"target.headers"),
				arguments("target", "{\"type\":\"HTTP\",\"url\":\"http://h/x\",\"headers\":[\"X\"]}", "target.headers"),
				arguments("assignment", "{\"labels\":{\"zone\":null}}", "assignment.labels"),
				arguments("assignment", "{\"labels\":{\"dept\":\"p a y\"}}", "assignment.labels"),
				arguments("assignment", "{\"labels\":{\"dept,zone\":\"a\"}}", "assignment.labels"), arguments("target",
						"{\"type\":\"HTTP\",\"url\":\"http://h/x\",\"successCodes\":[null]}", "target.successCodes"));
	}

	@ParameterizedTest(name = "{0} = {1}")
	@MethodSource("badValues")
	void refusesValuesOfTheWrongShapeNamingTheField(String field, String json, String expectedField) {
		String body = "{\"name\":\"n\",\"schedule\":\"0 0 1 * * ?\",\"target\":{\"type\":\"HTTP\","
				+ "\"url\":\"http://h/x\"},\"" + field + "\":" + json + "}";
		if (field.equals("target")) {
			body = "{\"name\":\"n\",\"schedule\":\"0 0 1 * * ?\",\"target\":" + json + "}";
		}
		Response response = this.api.post("/api/v1/jobs", body);
		assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
		assertThat(response.isProblem()).isTrue();
		assertThat(response.errorFields()).as("%s", response.body())
			.anySatisfy((bad) -> assertThat(bad).startsWith(expectedField));
		assertNothingSaved();
	}

	@Test
	void reportsEveryBadFieldAtOnce() {
		Map<String, Object> job = Jobs.with(Jobs.with(Jobs.http("bad"), "timeoutSeconds", 0), "retry.maxAttempts", 20);
		Response response = this.api.post("/api/v1/jobs", job);
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.errorFields()).containsExactlyInAnyOrder("timeoutSeconds", "retry.maxAttempts");
		assertNothingSaved();
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"name\": ", "[1, 2]", "not json", "" })
	void refusesABodyThatIsNotAJobObject(String body) {
		Response response = this.api.post("/api/v1/jobs", body.isEmpty() ? null : body);
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.isProblem()).as("%s", response.body()).isTrue();
		assertNothingSaved();
	}

	@Test
	void refusesATakenNameWithConflict() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("taken")).id();
		assertProblem(this.api.post("/api/v1/jobs", Jobs.http("taken")), 409, "name", "taken");
		long other = this.api.post("/api/v1/jobs", Jobs.http("other")).id();
		assertProblem(this.api.put("/api/v1/jobs/" + other, Jobs.http("taken")), 409, "name", "taken");
		assertThat(this.jdbc.queryForList("SELECT name FROM job ORDER BY id", String.class)).containsExactly("taken",
				"other");
		assertThat(this.api.put("/api/v1/jobs/" + id, Jobs.http("taken")).status()).isEqualTo(200);
		assertThat(new EtcdProbe(this.etcd).dataKeys(KEYS)).isEmpty();
	}

	@Test
	void leavesTheOldJobIntactWhenAnUpdateIsBad() {
		long id = this.api.post("/api/v1/jobs", Jobs.http("keep-me")).id();
		JsonNode before = this.api.get("/api/v1/jobs/" + id).body();
		String specBefore = spec(id);

		assertProblem(this.api.put("/api/v1/jobs/" + id, Jobs.with(Jobs.http("keep-me"), "schedule", "61 * * * * ?")),
				400, "schedule", "second 61 out of range 0-59");
		assertProblem(this.api.put("/api/v1/jobs/" + id, Jobs.with(Jobs.http("keep-me"), "target.type", "FTP")), 400,
				"target.type", "[HTTP, GRPC, SHELL]");
		assertProblem(this.api.put("/api/v1/jobs/" + id, Jobs.with(Jobs.http("keep-me"), "timeZone", "Nowhere/Land")),
				400, "timeZone", "Nowhere/Land");

		assertThat(this.api.get("/api/v1/jobs/" + id).body()).isEqualTo(before);
		assertThat(spec(id)).isEqualTo(specBefore);
		assertThat(new EtcdProbe(this.etcd).dataKeys(KEYS)).isEmpty();
	}

	@Test
	void answersNotFoundForAnUnknownJob() {
		assertProblem(this.api.get("/api/v1/jobs/999999"), 404, null, null);
		assertProblem(this.api.put("/api/v1/jobs/999999", Jobs.http("ghost")), 404, null, null);
		assertProblem(this.api.post("/api/v1/jobs/999999/enable", null), 404, null, null);
		assertProblem(this.api.get("/api/v1/jobs/999999/next-fires"), 404, null, null);
		assertNothingSaved();
	}

	@Test
	void refusesBadQueryParameters() {
		assertProblem(this.api.get("/api/v1/jobs/abc"), 400, "id", "abc");
		assertProblem(this.api.get("/api/v1/jobs?page=0"), 400, "page", "greater than or equal to 1");
		assertProblem(this.api.get("/api/v1/jobs?size=201"), 400, "size", "less than or equal to 200");
		assertProblem(this.api.get("/api/v1/jobs?status=DONE"), 400, "status", "[PENDING, RUNNING");
		assertProblem(this.api.get("/api/v1/jobs?enabled=perhaps"), 400, "enabled", "perhaps");
		assertProblem(this.api.get("/api/v1/jobs/next-fires?schedule=0 0 1 * * ?&count=0"), 400, "count",
				"greater than or equal to 1");
		assertProblem(this.api.get("/api/v1/jobs/next-fires?schedule=0 0 1 * * ?&count=101"), 400, "count",
				"less than or equal to 100");
		assertProblem(this.api.get("/api/v1/jobs/next-fires?schedule=61 * * * * ?"), 400, "schedule",
				"second 61 out of range 0-59");
		assertProblem(this.api.get("/api/v1/jobs/next-fires?schedule=0 0 1 * * ?&timeZone=Mars/Base"), 400, "timeZone",
				"Mars/Base");
		assertProblem(this.api.get("/api/v1/jobs/next-fires"), 400, "schedule", "required");
	}

	/**
	 * Saves of dependent jobs at once are each answered, never with a 500 (their edge
	 * writes deadlocked in MariaDB), and two saves that would together close a cycle
	 * never both succeed: one is refused naming the cycle.
	 */
	@Test
	void savesAtOnceNeverFailAndNeverCloseACycleTogether() throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(8);
		try {
			List<Future<List<Response>>> chains = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				String up = "up-" + i;
				chains.add(pool.submit(() -> List.of(this.api.post("/api/v1/jobs", Jobs.http(up)),
						this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("down-" + up), "dependsOn", List.of(up))))));
			}
			for (Future<List<Response>> chain : chains) {
				for (Response saved : chain.get(60, TimeUnit.SECONDS)) {
					assertThat(saved.status()).as("%s", saved.body()).isEqualTo(201);
				}
			}
			for (int round = 0; round < 8; round++) {
				String a = "a-" + round;
				String b = "b-" + round;
				long aId = this.api.post("/api/v1/jobs", Jobs.http(a)).id();
				long bId = this.api.post("/api/v1/jobs", Jobs.http(b)).id();
				Future<Response> aOnB = pool.submit(
						() -> this.api.put("/api/v1/jobs/" + aId, Jobs.with(Jobs.http(a), "dependsOn", List.of(b))));
				Future<Response> bOnA = pool.submit(
						() -> this.api.put("/api/v1/jobs/" + bId, Jobs.with(Jobs.http(b), "dependsOn", List.of(a))));
				List<Response> answers = List.of(aOnB.get(60, TimeUnit.SECONDS), bOnA.get(60, TimeUnit.SECONDS));
				assertThat(answers.stream().map(Response::status).sorted()).as("%s", answers).containsExactly(200, 400);
				Response refused = answers.stream()
					.filter((answer) -> answer.status() == 400)
					.findFirst()
					.orElseThrow();
				assertThat(refused.errorMessage("dependsOn")).startsWith("makes a cycle: ");
			}
		}
		finally {
			pool.shutdownNow();
		}
	}

	private void assertProblem(Response response, int status, String field, String why) {
		assertThat(response.status()).as("%s", response.body()).isEqualTo(status);
		assertThat(response.contentType()).isNotNull();
		assertThat(response.contentType().isCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON)).isTrue();
		assertThat(response.isProblem()).as("%s", response.body()).isTrue();
		assertThat(response.body().get("status").asInt()).isEqualTo(status);
		if (field != null) {
			assertThat(response.errorFields()).as("%s", response.body()).contains(field);
			assertThat(response.errorMessage(field)).as("%s", response.body()).contains(why);
		}
	}

	private void assertNothingSaved() {
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class)).isZero();
		assertThat(new EtcdProbe(this.etcd).dataKeys(KEYS)).isEmpty();
	}

	private String spec(long id) {
		return this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id);
	}

}
