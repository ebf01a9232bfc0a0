package io.crony.web.job;

import java.util.ArrayList;
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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input to {@code POST /api/v1/jobs/bulk} saves nothing and is a 400 problem detail
 * naming every problem as {@code jobs[i].field} with the single-job API's words; the size
 * limit (50 here); what the OpenAPI document says of the operation.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.web.admin.initial-password=" + BulkJobValidationIT.ADMIN_PASSWORD,
				"crony.web.jobs.bulk-limit=" + BulkJobValidationIT.LIMIT })
class BulkJobValidationIT {

	static final String ADMIN_PASSWORD = "admin-password-bulk-2";

	static final int LIMIT = 50;

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

	private ApiClient admin;

	@BeforeEach
	void signIn() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job");
	}

	@Test
	void savesNothingWhenOneJobIsInvalidAndNamesItsFieldAsTheSingleJobApiDoes() {
		List<Map<String, Object>> jobs = new ArrayList<>();
		for (int i = 0; i < 5; i++) {
			jobs.add(Jobs.http("job-" + i));
		}
		Map<String, Object> badCron = Jobs.with(Jobs.http("job-3"), "schedule", "61 * * * * ?");
		jobs.set(3, badCron);

		Response refused = this.admin.post(BULK, Map.of("jobs", jobs));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.isProblem()).isTrue();
		assertThat(refused.errorFields()).containsExactly("jobs[3].schedule");
		Response single = this.admin.post("/api/v1/jobs", badCron);
		assertThat(single.status()).isEqualTo(400);
		assertThat(refused.errorMessage("jobs[3].schedule")).isEqualTo(single.errorMessage("schedule"))
			.isEqualTo("second 61 out of range 0-59");
		assertThat(refused.body().get("detail").asText())
			.isEqualTo("jobs[3].schedule: second 61 out of range 0-59; nothing was saved");
		assertThat(jobCount()).isZero();
	}

	@Test
	void namesEveryProblemOfEveryJobAtOnce() {
		Map<String, Object> blankName = Jobs.with(Jobs.http("x"), "name", " ");
		Map<String, Object> noTarget = Jobs.with(Jobs.http("no-target"), "target", null);
		Map<String, Object> badRetry = Jobs.with(Jobs.http("bad-retry"), "retry.maxAttempts", 11);
		Map<String, Object> badUrl = Jobs.with(Jobs.http("bad-url"), "target.url", "ftp://files/x");

		Response refused = this.admin.post(BULK, bulk(null, Jobs.http("fine"), blankName, noTarget, badRetry, badUrl));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("jobs[1].name", "jobs[2].target", "jobs[3].retry.maxAttempts",
				"jobs[4].target.url");
		assertThat(refused.errorMessage("jobs[1].name"))
			.isEqualTo(this.admin.post("/api/v1/jobs", blankName).errorMessage("name"));
		assertThat(refused.errorMessage("jobs[4].target.url"))
			.isEqualTo(this.admin.post("/api/v1/jobs", badUrl).errorMessage("target.url"));
		assertThat(refused.body().get("detail").asText()).isEqualTo("4 problems in 4 of the 5 jobs; nothing was saved");
		assertThat(jobCount()).isZero();
	}

	@Test
	void refusesANameUsedTwiceInTheRequestAsTheUniqueKeyComparesNames() {
		Response refused = this.admin.post(BULK,
				bulk(null, Jobs.http("nightly"), Jobs.http("hourly"), Jobs.http("Nightly"), Jobs.http("hourly")));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("jobs[2].name", "jobs[3].name");
		assertThat(refused.errorMessage("jobs[2].name")).isEqualTo("is also the name of jobs[0]");
		assertThat(refused.errorMessage("jobs[3].name")).isEqualTo("is also the name of jobs[1]");
		assertThat(jobCount()).isZero();
	}

	@Test
	void refusesMoreJobsThanTheLimitAndSaysWhichLimit() {
		List<Map<String, Object>> jobs = new ArrayList<>();
		for (int i = 0; i <= LIMIT; i++) {
			jobs.add(Jobs.http("over-" + i));
		}
		Response refused = this.admin.post(BULK, Map.of("jobs", jobs));

		assertThat(refused.status()).isEqualTo(400);
		assertThat(refused.errorFields()).containsExactly("jobs");
		assertThat(refused.errorMessage("jobs"))
			.isEqualTo("has 51 jobs; at most 50 are taken per request (crony.web.jobs.bulk-limit)");
		assertThat(jobCount()).isZero();

		Response atLimit = this.admin.post(BULK, Map.of("jobs", jobs.subList(0, LIMIT)));
		assertThat(atLimit.status()).as("%s", atLimit.body()).isEqualTo(201);
		assertThat(jobCount()).isEqualTo(LIMIT);
	}

	@ParameterizedTest
	@ValueSource(strings = { "{}", "{\"jobs\":null}", "{\"jobs\":[]}", "{\"jobs\":[null]}", "[]", "{\"jobs\":{}}",
			"{\"jobs\":[{}]}", "{\"jobs\":[1]}", "{\"jobs\":\"x\"}", "{\"mode\":\"MERGE\",\"jobs\":[]}",
			"{\"jobs\":[{\"name\":\"x\",\"schedule\":\"@hourly\",\"target\":{\"type\":\"FTP\"}}]}",
			"{\"jobs\":[{\"name\":\"x\",\"schedule\":\"@hourly\",\"target\":{\"type\":\"SHELL\"},\"nmae\":1}]}",
			"{\"jobs\":[], \"more\":true}", "not json", "{\"jobs\":[{\"name\":\"x\",\"schedule\":\"@hourly\"",
			"{\"jobs\":[{\"name\":null,\"schedule\":null,\"target\":null,\"retry\":{\"maxAttempts\":\"many\"}}]}" })
	void answersMalformedRequestsWithABadRequestProblem(String body) {
		Response refused = this.admin.post(BULK, body);
		assertThat(refused.status()).as("%s -> %s", body, refused.body()).isEqualTo(400);
		assertThat(refused.isProblem()).isTrue();
		assertThat(refused.errorFields()).isNotEmpty();
		assertThat(jobCount()).isZero();
	}

	@Test
	void namesEmptyAndNullJobsAsBeanValidationDoes() {
		assertThat(this.admin.post(BULK, "{\"jobs\":[]}").errorMessage("jobs")).isEqualTo("must not be empty");
		assertThat(this.admin.post(BULK, "{}").errorMessage("jobs")).isEqualTo("must not be empty");
		Response nullJob = this.admin.post(BULK, "{\"jobs\":[null]}");
		assertThat(nullJob.errorFields()).containsExactly("jobs[0]");
		assertThat(nullJob.errorMessage("jobs[0]")).isEqualTo("must not be null");
		Response badEnum = this.admin.post(BULK,
				"{\"jobs\":[{\"name\":\"x\",\"schedule\":\"@hourly\",\"target\":{\"type\":\"FTP\"}}]}");
		assertThat(badEnum.errorFields()).containsExactly("jobs[0].target.type");
	}

	@Test
	void theOpenApiDocumentDescribesTheOperationItsBodyAndItsErrors() {
		JsonNode docs = this.admin.get("/v3/api-docs").body();
		JsonNode operation = docs.at("/paths/~1api~1v1~1jobs~1bulk/post");
		assertThat(operation.get("responses").fieldNames()).toIterable()
			.contains("201", "400", "401", "403", "409", "415");
		assertThat(operation.at("/responses/409/content/application~1problem+json/schema/$ref").asText())
			.isEqualTo("#/components/schemas/Problem");
		assertThat(operation.at("/requestBody/content/application~1json/schema/$ref").asText())
			.isEqualTo("#/components/schemas/BulkJobRequest");
		JsonNode request = docs.at("/components/schemas/BulkJobRequest");
		assertThat(request.at("/properties/mode/enum")).extracting(JsonNode::asText)
			.containsExactly("CREATE", "UPSERT");
		assertThat(request.at("/properties/jobs/items/$ref").asText()).isEqualTo("#/components/schemas/JobRequest");
		assertThat(request.at("/properties/jobs/minItems").asInt()).isEqualTo(1);
		assertThat(docs.at("/components/schemas/BulkJobResponse/properties").fieldNames()).toIterable()
			.containsExactlyInAnyOrder("created", "updated", "unchanged", "jobs");
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

	private long jobCount() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM job", Long.class);
	}

}
