package io.crony.web.error;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpStatusCode;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Requests a fuzzer sends: each is a 4xx problem detail, changes nothing, and leaves no
 * stack trace in the log (the server's log is not the place a client's mistake grows).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + RequestErrorsIT.ADMIN_PASSWORD)
@ExtendWith(OutputCaptureExtension.class)
class RequestErrorsIT {

	static final String ADMIN_PASSWORD = "admin-password-errors-1";

	private static final ObjectMapper MAPPER = new ObjectMapper();

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

	private final HttpClient http = HttpClient.newHttpClient();

	private ApiClient api;

	@BeforeEach
	void signIn() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job_dependency");
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM alert_channel");
		this.jdbc.update("DELETE FROM calendar");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/api/v1/auth/login", "/api/v1/jobs", "/api/v1/executions/1/result" })
	void refusesAMultipartBodyWithoutBoundaryAsUnsupported(String path, CapturedOutput log) throws Exception {
		HttpResponse<String> response = send(HttpRequest.newBuilder(uri(path))
			.header("Authorization", "Bearer " + this.api.token())
			.header("Content-Type", "multipart/form-data")
			.POST(HttpRequest.BodyPublishers.ofString("name=x")));

		assertProblem(response, 415);
		assertThat(jobRows()).isZero();
		assertThat(log.getOut()).doesNotContain("MultipartException").doesNotContain("\tat ");
	}

	@ParameterizedTest
	@ValueSource(strings = { "a%0Db=1", "%00=1", "tab%09=1" })
	void refusesQueryParameterNamesTheFirewallRejects(String query, CapturedOutput log) throws Exception {
		HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/api/v1/jobs?" + query))
			.header("Authorization", "Bearer " + this.api.token())
			.GET());

		assertProblem(response, 400);
		assertThat(log.getOut()).doesNotContain("\tat ");
	}

	@Test
	void refusesAPathTheFirewallRejectsWithAProblem(CapturedOutput log) throws Exception {
		HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/api/v1//jobs"))
			.header("Authorization", "Bearer " + this.api.token())
			.GET());

		assertProblem(response, 400);
		assertThat(log.getOut()).doesNotContain("\tat ");
	}

	@Test
	void refusesAMisspeltFieldNamingItAndSavesNothing() {
		Map<String, Object> job = Jobs.with(Jobs.http("typo"), "overlapPolicyy", "ALLOW");

		Response response = this.api.post("/api/v1/jobs", job);

		assertThat(response.status()).isEqualTo(400);
		assertThat(response.errorFields()).containsExactly("overlapPolicyy");
		assertThat(response.errorMessage("overlapPolicyy")).contains("unknown field").contains("overlapPolicy");
		assertThat(jobRows()).isZero();
	}

	@Test
	void eachFieldErrorCarriesItsCodeAndValuesBesideTheEnglishMessage() {
		Response notOneOf = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("ftp"), "target.type", "FTP"));
		assertThat(fieldError(notOneOf, "target.type")).isEqualTo(MAPPER.createObjectNode()
			.put("field", "target.type")
			.put("message", "'FTP' is not one of [HTTP, GRPC, SHELL]")
			.put("code", "NOT_ONE_OF")
			.set("params", MAPPER.createObjectNode().put("allowed", "[HTTP, GRPC, SHELL]")));

		Response cron = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("cron"), "schedule", "61 * * * *"));
		assertThat(fieldError(cron, "schedule").path("message").asText()).isEqualTo("minute 61 out of range 0-59");
		assertThat(fieldError(cron, "schedule").path("code").asText()).isEqualTo("CRON_FIELD_OUT_OF_RANGE");
		assertThat(fieldError(cron, "schedule").path("params"))
			.isEqualTo(MAPPER.createObjectNode().put("field", "minute").put("value", "61").put("range", "0-59"));

		Response tooLong = this.api.post("/api/v1/jobs", Jobs.http("x".repeat(129)));
		assertThat(fieldError(tooLong, "name").path("code").asText()).isEqualTo("TOO_LONG");
		assertThat(fieldError(tooLong, "name").path("params").path("max").asText()).isEqualTo("128");

		Response required = this.api.post("/api/v1/jobs", Jobs.http(" "));
		assertThat(fieldError(required, "name").path("code").asText()).isEqualTo("REQUIRED");

		Response unknown = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("typo"), "overlapPolicyy", "ALLOW"));
		assertThat(fieldError(unknown, "overlapPolicyy").path("code").asText()).isEqualTo("UNKNOWN_FIELD");
		assertThat(fieldError(unknown, "overlapPolicyy").path("params").path("known").asText())
			.contains("overlapPolicy");

		Response readOnly = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("read-only"), "createdBy", "someone"));
		assertThat(fieldError(readOnly, "createdBy").path("code").asText()).isEqualTo("READ_ONLY");

		Response empty = this.api.get("/api/v1/jobs?size=");
		assertThat(fieldError(empty, "size").path("code").asText()).isEqualTo("EMPTY_PARAMETER");
		assertThat(fieldError(empty, "size").path("params").isEmpty()).isTrue();
		assertThat(jobRows()).isZero();
	}

	@Test
	void theRarerRulesCarryCodesOfTheirOwnWithTheirValues() {
		Response createdA = this.api.post("/api/v1/jobs", Jobs.http("cycle-a"));
		long a = createdA.id();
		// cycle-b runs after cycle-a only: no schedule of its own
		Response createdB = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.with(Jobs.http("cycle-b"), "dependsOn", List.of("cycle-a")), "schedule", null));
		assertThat(createdB.status()).as("%s", createdB.body()).isEqualTo(201);
		Response cycle = this.api.put("/api/v1/jobs/" + a,
				Jobs.with(Jobs.with(Jobs.http("cycle-a"), "dependsOn", List.of("cycle-b")), "version",
						createdA.body().path("version").asLong()));
		assertCode(cycle, "dependsOn", "DEPENDENCY_CYCLE");
		assertThat(fieldError(cycle, "dependsOn").path("params").path("path").asText()).contains("cycle-a")
			.contains("cycle-b")
			.contains(" → ");

		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		String backfills = "/api/v1/jobs/" + a + "/backfills";
		Response reversed = this.api.post(backfills,
				Map.of("from", now.minusSeconds(60).toString(), "to", now.minusSeconds(3600).toString()));
		assertCode(reversed, "to", "RANGE_REVERSED");
		assertThat(fieldError(reversed, "to").path("params")).isEqualTo(MAPPER.createObjectNode()
			.put("from", now.minusSeconds(60).toString())
			.put("to", now.minusSeconds(3600).toString()));
		assertCode(this.api.post(backfills, Map.of("from", "1969-12-31T00:00:00Z", "to", now.toString())), "from",
				"TOO_EARLY");
		assertCode(this.api.post(backfills, Map.of("from", now.toString(), "to", now.plusSeconds(86400).toString())),
				"to", "IN_THE_FUTURE");
		Response many = this.api.post(backfills, Map.of("from", "2000-01-01T00:00:00Z", "to", now.toString()));
		assertCode(many, "to", "TOO_MANY_INSTANTS");
		assertThat(fieldError(many, "to").path("params").path("max").asText()).isEqualTo("1000");
		assertCode(this.api.post(backfills, Map.of("from", now.minusSeconds(60).toString(), "to", now.toString())),
				"from", "NO_INSTANT_IN_RANGE");
		Response unscheduled = this.api.post("/api/v1/jobs/" + createdB.id() + "/backfills",
				Map.of("from", now.minusSeconds(86400 * 3).toString(), "to", now.toString()));
		assertCode(unscheduled, "jobId", "NO_SCHEDULE");
		assertThat(fieldError(unscheduled, "jobId").path("params").path("job").asText()).isEqualTo("cycle-b");

		Response days = this.api.post("/api/v1/calendars",
				Map.of("name", "cn", "workingDays", List.of("MONDAY"), "holidays",
						List.of(Map.of("from", "2026-10-01", "to", "2026-10-07"),
								Map.of("from", "2026-12-07", "to", "2026-12-01"),
								Map.of("from", "2030-01-01", "to", "2031-06-01"), Map.of("from", "1969-12-31")),
						"workdays", List.of(Map.of("from", "2026-10-03"))));
		assertCode(days, "workdays[0]", "HOLIDAY_AND_WORKDAY");
		assertThat(fieldError(days, "workdays[0]").path("params"))
			.isEqualTo(MAPPER.createObjectNode().put("day", "2026-10-03").put("holiday", "holidays[0]"));
		assertCode(days, "holidays[1].to", "RANGE_REVERSED");
		assertCode(days, "holidays[2]", "RANGE_TOO_LONG");
		assertThat(fieldError(days, "holidays[2]").path("params").path("maxDays").asText()).isEqualTo("366");
		assertCode(days, "holidays[3]", "OUT_OF_RANGE");

		Map<String, Object> secret = Jobs.with(Jobs.http("secret-move"), "target.headers",
				Map.of("Authorization", "Bearer s3cr3t-token"));
		Response secretJob = this.api.post("/api/v1/jobs", secret);
		Map<String, Object> moved = Jobs
			.with(Jobs.with(Jobs.with(secret, "target.headers", Map.of("Authorization", "******")), "version",
					secretJob.body().path("version").asLong()), "target.url", "http://localhost:9000/elsewhere");
		Response move = this.api.put("/api/v1/jobs/" + secretJob.id(), moved);
		assertCode(move, "target.url", "SECRET_DESTINATION_CHANGED");
		assertThat(fieldError(move, "target.url").path("params").path("secrets").asText())
			.isEqualTo("target.headers.Authorization");
		assertCode(move, "target.headers.Authorization", "SECRET_MUST_BE_ENTERED_AGAIN");
		assertThat(fieldError(move, "target.headers.Authorization").path("params").path("changed").asText())
			.isEqualTo("target.url");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM calendar", Long.class)).isZero();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM backfill", Long.class)).isZero();
	}

	@Test
	void theRulesAcrossFieldsAndRequestsCarryCodesOfTheirOwnWithTheirValues() {
		Map<String, Object> job = Jobs.with(Jobs.http("coded-rules"), "schedule", null);
		job = Jobs.with(job, "labels", Map.of("-bad", "x"));
		job = Jobs.with(job, "assignment.labels", Map.of("zone", "-v-"));
		job = Jobs.with(job, "alerts.channelIds", List.of(987654));
		job = Jobs.with(job, "target.url", "ftp://host/x");
		Response rules = this.api.post("/api/v1/jobs", job);
		assertCode(rules, "schedule", "SCHEDULE_REQUIRED_WITHOUT_UPSTREAMS");
		assertCode(rules, "labels", "LABEL_KEY_INVALID");
		assertThat(fieldError(rules, "labels").path("params").path("key").asText()).isEqualTo("-bad");
		assertCode(rules, "assignment.labels", "LABEL_VALUE_INVALID");
		assertThat(fieldError(rules, "assignment.labels").path("params"))
			.isEqualTo(MAPPER.createObjectNode().put("key", "zone").put("value", "-v-"));
		assertCode(rules, "alerts.channelIds[0]", "UNKNOWN_CHANNEL");
		assertThat(fieldError(rules, "alerts.channelIds[0]").path("params").path("id").asText()).isEqualTo("987654");
		assertCode(rules, "target.url", "WRONG_ADDRESS_FORM");
		assertThat(fieldError(rules, "target.url").path("params").path("forms").asText())
			.isEqualTo("http://host/path, https://host/path, lb://service/path");
		Response metadata = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.http("metadata"), "target.url", "http://169.254.169.254/latest"));
		assertCode(metadata, "target.url", "TARGET_POLICY_REFUSED");
		assertThat(fieldError(metadata, "target.url").path("params").path("address").asText())
			.isEqualTo("http://169.254.169.254/latest");

		long up = this.api.post("/api/v1/jobs", Jobs.http("coded-up")).id();
		Response down = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.with(Jobs.http("coded-down"), "dependsOn", List.of("coded-up")), "schedule", null));
		assertThat(down.status()).as("%s", down.body()).isEqualTo(201);
		Response dependents = this.api.delete("/api/v1/jobs/" + up);
		assertThat(fieldError(dependents, 409, "cutEdges").path("code").asText()).isEqualTo("HAS_DEPENDENTS");
		assertThat(fieldError(dependents, 409, "cutEdges").path("params").path("jobs").asText())
			.isEqualTo("coded-down");
		Response action = this.api.post("/api/v1/jobs/actions",
				Map.of("action", "ADD_LABELS", "ids", List.of(up, up), "labels", Map.of("-bad", "")));
		assertCode(action, "ids[1]", "DUPLICATE");
		assertThat(fieldError(action, "ids[1]").path("params").path("first").asText()).isEqualTo("ids[0]");
		assertCode(action, "labels", "LABEL_KEY_INVALID");
		Response bulk = this.api.post("/api/v1/jobs/bulk", Map.of("jobs",
				List.of(Jobs.http("bulk-a"), Jobs.with(Jobs.http("bulk-a"), "dependsOn", List.of("coded-up")))));
		assertCode(bulk, "jobs[1].dependsOn", "UPSTREAMS_NOT_IN_BULK");
		assertCode(bulk, "jobs[1].name", "DUPLICATE");
		assertThat(fieldError(bulk, "jobs[1].name").path("params").path("first").asText()).isEqualTo("jobs[0]");

		long calendar = this.api
			.post("/api/v1/calendars", Map.of("name", "coded-ops", "workingDays", List.of("MONDAY")))
			.id();
		Map<String, Object> follower = Jobs.with(Jobs.with(Jobs.http("coded-follower"), "schedule", "0 9 * * *"),
				"timeZone", "UTC");
		Response following = this.api.post("/api/v1/jobs",
				Jobs.with(follower, "calendar", Map.of("name", "coded-ops", "rule", "WORKING_DAYS_ONLY")));
		assertThat(following.status()).as("%s", following.body()).isEqualTo(201);
		Response followed = this.api.delete("/api/v1/calendars/" + calendar);
		assertThat(fieldError(followed, 409, "id").path("code").asText()).isEqualTo("FOLLOWED_BY_JOBS");
		assertThat(fieldError(followed, 409, "id").path("params"))
			.isEqualTo(MAPPER.createObjectNode().put("count", "1").put("jobs", "coded-follower"));

		Response hook = this.api.post("/api/v1/alert-channels",
				Map.of("name", "coded-hook", "type", "WEBHOOK", "config", Map.of("url", "ftp://host/hook")));
		assertCode(hook, "config.url", "WRONG_ADDRESS_FORM");
		assertCode(hook, "secret", "REQUIRED");
		Response mail = this.api.post("/api/v1/alert-channels", Map.of("name", "coded-mail", "type", "MAIL", "config",
				Map.of("host", "smtp.example.com", "port", 25, "from", "crony@example.com", "to", List.of())));
		assertCode(mail, "config.to", "TOO_SHORT");
		Response refused = this.api.post("/api/v1/alert-channels", Map.of("name", "coded-metadata", "type", "WEBHOOK",
				"secret", "s3cr3t", "config", Map.of("url", "http://169.254.169.254/hook")));
		assertCode(refused, "config.url", "TARGET_POLICY_REFUSED");
		assertThat(fieldError(refused, "config.url").path("params").path("address").asText())
			.isEqualTo("http://169.254.169.254/hook");
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM alert_channel", Long.class)).isZero();
		assertThat(jobRows()).isEqualTo(3);
	}

	@Test
	void tooManyJobsToExportAndDependsOnNamingItselfOrNoJobCarryCodesOfTheirOwn() {
		// more ids than crony.web.jobs.bulk-limit (1000 by default) in one export
		Response export = this.api.get("/api/v1/jobs/export?id=" + String.join(",", Collections.nCopies(1001, "1")));
		assertCode(export, "id", "TOO_MANY");
		assertThat(fieldError(export, "id").path("params"))
			.isEqualTo(MAPPER.createObjectNode().put("max", "1000").put("given", "1001"));

		Response self = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.http("coded-self"), "dependsOn", List.of("coded-self")));
		assertCode(self, "dependsOn", "SELF_DEPENDENCY");
		assertThat(fieldError(self, "dependsOn").path("params").isEmpty()).isTrue();
		Response unknownJob = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.http("coded-orphan"), "dependsOn", List.of("coded-nowhere")));
		assertCode(unknownJob, "dependsOn", "UNKNOWN_JOB");
		assertThat(fieldError(unknownJob, "dependsOn").path("params").path("names").asText())
			.isEqualTo("coded-nowhere");
		Response unknownCalendar = this.api.post("/api/v1/jobs",
				Jobs.with(Jobs.with(Jobs.with(Jobs.http("coded-holiday"), "schedule", "0 9 * * *"), "timeZone", "UTC"),
						"calendar", Map.of("name", "coded-nowhere", "rule", "WORKING_DAYS_ONLY")));
		assertCode(unknownCalendar, "calendar.name", "UNKNOWN_CALENDAR");
		assertThat(fieldError(unknownCalendar, "calendar.name").path("params").path("name").asText())
			.isEqualTo("coded-nowhere");
		Response label = this.api.get("/api/v1/jobs?label=team");
		assertCode(label, "label", "NOT_A_LABEL");
		assertThat(fieldError(label, "label").path("params").path("value").asText()).isEqualTo("team");
		assertThat(jobRows()).isZero();
	}

	@Test
	void anUpcomingRangeTooLongOrTooFarFromNowCarriesCodesOfItsOwn() {
		Instant now = Instant.now().truncatedTo(ChronoUnit.MINUTES);
		Response week = this.api
			.get("/api/v1/jobs/upcoming?from=" + now + "&to=" + now.plus(8, ChronoUnit.DAYS) + "&bucketMinutes=60");
		assertCode(week, "to", "RANGE_TOO_LONG");
		assertThat(fieldError(week, "to").path("params").path("maxDays").asText()).isEqualTo("7");
		Response far = this.api.get("/api/v1/jobs/upcoming?from=" + now.plus(400, ChronoUnit.DAYS));
		assertCode(far, "from", "TOO_FAR_FROM_NOW");
		assertThat(fieldError(far, "from").path("params").path("maxDays").asText()).isEqualTo("366");
	}

	@Test
	void anIcsFileTooLargeOrNotICalendarCarriesCodesOfItsOwn() {
		long calendar = this.api
			.post("/api/v1/calendars", Map.of("name", "coded-ics", "workingDays", List.of("MONDAY")))
			.id();
		Response large = this.api.post("/api/v1/calendars/" + calendar + "/ics?dryRun=true", "x".repeat(1_000_001));
		assertCode(large, "file", "TOO_LONG");
		assertThat(fieldError(large, "file").path("params").path("max").asText()).isEqualTo("1000000");
		assertCode(this.api.post("/api/v1/calendars/" + calendar + "/ics?dryRun=true", "hello"), "file",
				"NOT_ICALENDAR");
	}

	@Test
	void aPasswordTooLongToSignInWithCarriesACodeOfItsOwn() {
		Response password = ApiClient.anonymous(this.port)
			.post("/api/v1/auth/login", Map.of("username", "admin", "password", "x".repeat(73)));
		assertCode(password, "password", "PASSWORD_TOO_LONG");
		assertThat(fieldError(password, "password").path("params").path("maxBytes").asText()).isEqualTo("72");
	}

	private static JsonNode fieldError(Response response, int status, String field) {
		assertThat(response.status()).as("%s", response.body()).isEqualTo(status);
		for (JsonNode error : response.body().path("errors")) {
			if (error.path("field").asText().equals(field)) {
				return error;
			}
		}
		throw new AssertionError("no error on " + field + " in " + response.body());
	}

	private static void assertCode(Response response, String field, String code) {
		assertThat(fieldError(response, field).path("code").asText()).as("%s", response.body()).isEqualTo(code);
	}

	private static JsonNode fieldError(Response response, String field) {
		assertThat(response.status()).isEqualTo(400);
		for (JsonNode error : response.body().path("errors")) {
			if (error.path("field").asText().equals(field)) {
				return error;
			}
		}
		throw new AssertionError("no error on " + field + " in " + response.body());
	}

	@Test
	void refusesAMisspeltNestedFieldOnUpdateAndKeepsTheJob() {
		Response created = this.api.post("/api/v1/jobs", Jobs.http("nested"));
		Map<String, Object> job = Jobs.with(Jobs.http("nested"), "version", created.body().path("version").asLong());
		job = Jobs.with(job, "retry", Map.of("maxAttempts", 5, "backofSeconds", 5));

		Response response = this.api.put("/api/v1/jobs/" + created.id(), job);

		assertThat(response.status()).isEqualTo(400);
		assertThat(response.errorFields()).containsExactly("retry.backofSeconds");
		JsonNode stored = this.api.get("/api/v1/jobs/" + created.id()).body();
		assertThat(stored.path("version").asLong()).isEqualTo(created.body().path("version").asLong());
		assertThat(stored.path("retry").path("maxAttempts").asInt()).isEqualTo(3);
	}

	@Test
	void everyProblemCarriesAStableCodeFollowingWhatFailed() throws Exception {
		Response invalid = this.api.post("/api/v1/jobs", Jobs.with(Jobs.http("coded"), "schedule", "not a cron"));
		assertThat(invalid.status()).isEqualTo(400);
		assertThat(invalid.body().path("code").asText()).isEqualTo("VALIDATION_FAILED");

		Response created = this.api.post("/api/v1/jobs", Jobs.http("coded"));
		Response taken = this.api.post("/api/v1/jobs", Jobs.http("coded"));
		assertThat(taken.status()).isEqualTo(409);
		assertThat(taken.body().path("code").asText()).isEqualTo("CONFLICT");

		Response missing = this.api.get("/api/v1/jobs/" + (created.id() + 1000));
		assertThat(missing.status()).isEqualTo(404);
		assertThat(missing.body().path("code").asText()).isEqualTo("NOT_FOUND");

		Response unknownRoute = this.api.get("/api/v1/no-such-route");
		assertThat(unknownRoute.status()).isEqualTo(404);
		assertThat(unknownRoute.body().path("code").asText()).isEqualTo("NOT_FOUND");

		Response anonymous = ApiClient.anonymous(this.port).get("/api/v1/jobs");
		assertThat(anonymous.status()).isEqualTo(401);
		assertThat(anonymous.body().path("code").asText()).isEqualTo("UNAUTHENTICATED");

		HttpResponse<String> wrongMethod = send(HttpRequest.newBuilder(uri("/api/v1/jobs/" + created.id()))
			.header("Authorization", "Bearer " + this.api.token())
			.method("PATCH", HttpRequest.BodyPublishers.noBody()));
		assertProblem(wrongMethod, 405);
		assertThat(MAPPER.readTree(wrongMethod.body()).path("code").asText()).isEqualTo("METHOD_NOT_ALLOWED");
	}

	/**
	 * A method no route of the path declares, the firewall's (TRACE, one HTTP does not
	 * define) as Spring MVC's (PATCH), is a 405 problem with the methods the path takes.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "TRACE", "PROPFIND", "PATCH" })
	void answersAMethodThePathDoesNotDeclareWith405AndWhatItTakes(String method, CapturedOutput log) throws Exception {
		Response created = this.api.post("/api/v1/jobs", Jobs.http("methods"));
		HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/api/v1/jobs/" + created.id()))
			.header("Authorization", "Bearer " + this.api.token())
			.method(method, HttpRequest.BodyPublishers.noBody()));

		assertProblem(response, 405);
		assertThat(response.headers().firstValue("Allow")).hasValueSatisfying(
				(allow) -> assertThat(allow).contains("GET").contains("PUT").contains("DELETE").doesNotContain(method));
		assertThat(log.getOut()).doesNotContain("\tat ");
	}

	/**
	 * An empty value of a parameter that is not text (a number, an instant, an enum, a
	 * flag) is a 400 naming it, on a parameter object and on a plain parameter alike; an
	 * empty text parameter is a value.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "/api/v1/jobs?size=:size", "/api/v1/executions?to=:to",
			"/api/v1/executions?page=2&status=:status", "/api/v1/jobs/upcoming?from=:from",
			"/api/v1/jobs/export?id=:id" })
	void refusesAnEmptyValueOfATypedParameterNamingIt(String pathAndField) {
		String path = pathAndField.substring(0, pathAndField.lastIndexOf(':'));
		String field = pathAndField.substring(pathAndField.lastIndexOf(':') + 1);

		Response response = this.api.get(path);

		assertThat(response.status()).as("%s", response.body()).isEqualTo(400);
		assertThat(response.isProblem()).isTrue();
		assertThat(response.errorFields()).containsExactly(field);
	}

	@Test
	void takesAnEmptyTextParameterAsAValue() {
		assertThat(this.api.get("/api/v1/jobs?name=&size=5").status()).isEqualTo(200);
	}

	/**
	 * The API document names each body by its own schema (departments' are not users'),
	 * and the live output stream's events by the JSON objects they carry.
	 */
	@Test
	void documentsEachBodyAndEachStreamEventByItsOwnSchema() {
		JsonNode docs = this.api.get("/v3/api-docs").body();
		String json = "/requestBody/content/application~1json/schema/$ref";
		assertThat(docs.at("/paths/~1api~1v1~1departments/post" + json).asText())
			.isEqualTo("#/components/schemas/DepartmentCreate");
		assertThat(docs.at("/paths/~1api~1v1~1departments~1{id}/put" + json).asText())
			.isEqualTo("#/components/schemas/DepartmentUpdate");
		assertThat(docs.at("/paths/~1api~1v1~1users/post" + json).asText())
			.isEqualTo("#/components/schemas/UserCreate");
		assertThat(docs.at("/components/schemas/DepartmentCreate/properties").has("retentionDays")).isTrue();
		assertThat(docs.at("/components/schemas/DepartmentUpdate/properties").has("retentionDays")).isTrue();
		assertThat(docs.at("/components/schemas/UserCreate/properties").has("password")).isTrue();

		JsonNode events = docs.at("/paths/~1api~1v1~1executions~1{id}~1output~1stream/get/responses/200/content"
				+ "/text~1event-stream/schema");
		assertThat(events.path("type").asText()).as("%s", events).isEqualTo("object");
		assertThat(events.path("oneOf").findValuesAsText("$ref")).containsExactlyInAnyOrder(
				"#/components/schemas/OutputStreamOutput", "#/components/schemas/OutputStreamState");
		assertThat(docs.at("/components/schemas/OutputStreamOutput/properties").has("offset")).isTrue();
		assertThat(docs.at("/components/schemas/OutputStreamState/properties").has("status")).isTrue();
	}

	@ParameterizedTest
	@CsvSource({ "/api/v1/workflows/runs?limit=0, limit", "/api/v1/workflows/runs?limit=101, limit",
			"/api/v1/backfills?limit=0, limit", "/api/v1/backfills?limit=101, limit", "/api/v1/jobs?size=0, size",
			"/api/v1/jobs?size=201, size", "/api/v1/jobs?page=0, page", "/api/v1/executions?size=0, size",
			"/api/v1/audit?page=-1, page", "/api/v1/alerts?size=1000, size", "/api/v1/jobs/upcoming?peaks=-1, peaks",
			"/api/v1/jobs/upcoming/jobs?limit=1001, limit", "/api/v1/jobs/1/next-fires?count=0, count",
			"/api/v1/jobs/1/history?size=0, size", "/api/v1/service-tokens?size=0, size" })
	void refusesAPagingParameterOutOfRangeNamingIt(String pathAndQuery, String parameter, CapturedOutput log)
			throws Exception {
		HttpResponse<String> response = send(
				HttpRequest.newBuilder(uri(pathAndQuery)).header("Authorization", "Bearer " + this.api.token()).GET());

		assertProblem(response, 400);
		JsonNode errors = MAPPER.readTree(response.body()).path("errors");
		assertThat(errors).hasSize(1);
		assertThat(errors.get(0).path("field").asText()).isEqualTo(parameter);
		assertThat(log.getOut()).doesNotContain("\tat ");
	}

	/** A name as JSON escapes write it: a lone surrogate reaches the server as such. */
	@ParameterizedTest
	@ValueSource(strings = { "report\\u202Efdp.exe", "night\\u200Bly", "lone\\ud800half", "bell\\u0007",
			"line\\u2028break", "bidi\\u2066isolate" })
	void refusesANameWithInvisibleOrControlCharactersOrLoneSurrogatesNamingTheField(String escapedName)
			throws Exception {
		String job = MAPPER.writeValueAsString(Jobs.http("NAME")).replace("NAME", escapedName);
		String channel = MAPPER
			.writeValueAsString(
					Map.of("name", "NAME", "type", "WEBHOOK", "config", Map.of("url", "http://127.0.0.1:9/hook")))
			.replace("NAME", escapedName);
		String calendar = MAPPER.writeValueAsString(Map.of("name", "NAME", "workingDays", java.util.List.of("MONDAY")))
			.replace("NAME", escapedName);
		String bulk = "{\"jobs\":[" + job + "]}";

		assertNameRefused(postJson("/api/v1/jobs", job), "name");
		assertNameRefused(postJson("/api/v1/jobs/bulk", bulk), "jobs[0].name");
		assertNameRefused(postJson("/api/v1/alert-channels", channel), "name");
		assertNameRefused(postJson("/api/v1/calendars", calendar), "name");
		assertThat(jobRows()).isZero();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM alert_channel", Integer.class)).isZero();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM calendar", Integer.class)).isZero();
	}

	@Test
	void takesANameInAnyScriptWithoutInvisibleCharacters() {
		Response created = this.api.post("/api/v1/jobs", Jobs.http("夜间报表-über-𝒳"));

		assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
		assertThat(created.body().path("name").asText()).isEqualTo("夜间报表-über-𝒳");
	}

	@Test
	void refusesADeclaredBodyLargerThanTheLimitWithoutReadingIt() throws Exception {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			socket.setSoTimeout(10_000);
			// headers only: the 19 MB never come, so an answer proves nothing read them
			socket.getOutputStream()
				.write(("POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
						+ "Content-Length: 19000000\r\n\r\n")
					.getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().flush();
			String answer = readAnswer(socket);

			assertThat(answer).startsWith("HTTP/1.1 413")
				.contains("application/problem+json")
				.contains("\"code\":\"PAYLOAD_TOO_LARGE\"")
				.contains("1048576 bytes");
		}
	}

	@Test
	void refusesAChunkedBodyOnceItPassesTheLimit(CapturedOutput log) throws Exception {
		byte[] body = new byte[1024 * 1024 + 4096];
		java.util.Arrays.fill(body, (byte) ' ');
		HttpResponse<String> response = send(HttpRequest.newBuilder(uri("/api/v1/jobs"))
			.header("Authorization", "Bearer " + this.api.token())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))));

		assertProblem(response, 413);
		assertThat(MAPPER.readTree(response.body()).path("code").asText()).isEqualTo("PAYLOAD_TOO_LARGE");
		assertThat(log.getOut()).doesNotContain("\tat ");
	}

	@Test
	void takesAChunkedBodyWithinTheLimitAndALargerOneWhereImportsGo() throws Exception {
		String job = MAPPER.writeValueAsString(Jobs.http("chunked"));
		HttpResponse<String> small = send(HttpRequest.newBuilder(uri("/api/v1/jobs"))
			.header("Authorization", "Bearer " + this.api.token())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers
				.ofInputStream(() -> new ByteArrayInputStream(job.getBytes(StandardCharsets.UTF_8)))));
		assertThat(small.statusCode()).as(small.body()).isEqualTo(201);

		// 2 MiB of one job's description padding: past the API's limit, within the
		// import's
		String padded = "{\"jobs\":[" + job + "]}" + " ".repeat(2 * 1024 * 1024);
		HttpResponse<String> imported = send(HttpRequest.newBuilder(uri("/api/v1/jobs/import?dryRun=true"))
			.header("Authorization", "Bearer " + this.api.token())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(padded)));
		assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
		HttpResponse<String> tooLargeHere = send(HttpRequest.newBuilder(uri("/api/v1/jobs"))
			.header("Authorization", "Bearer " + this.api.token())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(job + " ".repeat(2 * 1024 * 1024))));
		assertProblem(tooLargeHere, 413);
	}

	/** The status line, headers and body of one answer, however the server then waits. */
	private static String readAnswer(Socket socket) throws IOException {
		StringBuilder answer = new StringBuilder();
		byte[] buffer = new byte[4096];
		int read;
		while ((read = socket.getInputStream().read(buffer)) > 0) {
			answer.append(new String(buffer, 0, read, StandardCharsets.UTF_8));
			int headersEnd = answer.indexOf("\r\n\r\n");
			if (headersEnd >= 0 && answer.indexOf("}", headersEnd) >= 0 && answer.toString().endsWith("}")) {
				break;
			}
		}
		return answer.toString();
	}

	private void assertNameRefused(HttpResponse<String> response, String field) throws IOException {
		assertProblem(response, 400);
		JsonNode errors = MAPPER.readTree(response.body()).path("errors");
		assertThat(errors).as(response.body()).hasSize(1);
		assertThat(errors.get(0).path("field").asText()).isEqualTo(field);
		assertThat(errors.get(0).path("message").asText()).containsPattern("U\\+[0-9A-F]{4}");
	}

	private HttpResponse<String> postJson(String path, String json) throws IOException, InterruptedException {
		return send(HttpRequest.newBuilder(uri(path))
			.header("Authorization", "Bearer " + this.api.token())
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
	}

	private void assertProblem(HttpResponse<String> response, int status) throws IOException {
		assertThat(response.statusCode()).isEqualTo(status);
		assertThat(response.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));
		JsonNode body = MAPPER.readTree(response.body());
		assertThat(body.path("status").asInt()).isEqualTo(status);
		assertThat(body.path("detail").asText()).isNotBlank();
		assertThat(body.path("code").asText()).isEqualTo(ProblemCode.of(HttpStatusCode.valueOf(status)).name());
	}

	private int jobRows() {
		Integer rows = this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Integer.class);
		return (rows != null) ? rows : 0;
	}

	private URI uri(String pathAndQuery) {
		return URI.create("http://127.0.0.1:" + this.port + pathAndQuery);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
