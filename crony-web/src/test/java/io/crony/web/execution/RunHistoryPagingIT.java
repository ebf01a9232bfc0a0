package io.crony.web.execution;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
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
 * Paging the run history counts with the pagination's own count query (no fallback, no
 * warning with a stack trace in the log) and gets the total right; the pages leave the
 * detail-only columns out.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.web.admin.initial-password=" + RunHistoryPagingIT.ADMIN_PASSWORD,
				"crony.web.tracing.link-template=http://jaeger.test:16686/trace/{traceId}" })
@ExtendWith(OutputCaptureExtension.class)
class RunHistoryPagingIT {

	static final String ADMIN_PASSWORD = "admin-password-paging-1";

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
	void seed() {
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		Jobs.ensureRow(this.jdbc, 42);
		for (int i = 0; i < 7; i++) {
			this.jdbc.update(
					"INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
							+ "attempt, output, updated_at) VALUES (42, 'paged', 'agent-1', 'CRON', ?, "
							+ "TIMESTAMPADD(SECOND, ?, '2026-11-25 08:00:00'), 1, 'ok', NOW(3))",
					(i % 2 == 0) ? "SUCCEEDED" : "FAILED", i);
		}
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
	}

	// a resume payload may be 64 KB: a page of runs never carries it, the detail does
	@Test
	void detailCarriesMessageResumePayloadAndModeTheListLeavesOut() {
		String payload = "offset=".repeat(9_000);
		this.jdbc.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
				+ "started_at, attempt, mode, progress, resume_payload, message, updated_at) VALUES (42, 'paged', "
				+ "'agent-1', 'CRON', 'RUNNING', '2026-11-25 09:00:00', '2026-11-25 09:00:00', 1, 'ASYNC', 50, ?, "
				+ "'half way', NOW(3))", payload);
		long async = this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
		this.jdbc.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
				+ "started_at, finished_at, attempt, output, updated_at) VALUES (42, 'paged', 'agent-1', 'CRON', "
				+ "'SUCCEEDED', '2026-11-25 09:00:01', '2026-11-25 09:00:01', '2026-11-25 09:00:02', 1, 'ok', NOW(3))");
		long sync = this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
		long pending = this.jdbc.queryForObject("SELECT MIN(id) FROM execution", Long.class);

		Response detail = this.api.get("/api/v1/executions/" + async);
		assertThat(detail.status()).isEqualTo(200);
		assertThat(detail.body().path("mode").asText()).isEqualTo("ASYNC");
		assertThat(detail.body().path("message").asText()).isEqualTo("half way");
		assertThat(detail.body().path("resumePayload").asText()).isEqualTo(payload);
		assertThat(detail.body().path("progress").asInt()).isEqualTo(50);
		assertThat(this.api.get("/api/v1/executions/" + sync).body().path("mode").asText()).isEqualTo("SYNC");
		// no start recorded: neither mode
		assertThat(this.api.get("/api/v1/executions/" + pending).body().has("mode")).isFalse();

		for (String list : new String[] { "/api/v1/executions?size=50", "/api/v1/executions?jobId=42&size=50" }) {
			Response page = this.api.get(list);
			assertThat(page.status()).isEqualTo(200);
			assertThat(page.body().path("items").size()).isEqualTo(9);
			page.body().path("items").forEach((item) -> {
				assertThat(item.has("resumePayload")).as("%s in %s", item.path("id"), list).isFalse();
				assertThat(item.has("message")).isFalse();
				assertThat(item.has("mode")).isFalse();
			});
			assertThat(page.body().path("items").findValues("id").stream().map((id) -> id.asLong())).contains(async,
					sync);
		}
	}

	/**
	 * The trace id an agent wrote with the run, on the list and the detail, and where the
	 * run page links it: the template in the sign-in options the dashboard reads.
	 */
	@Test
	void showsTheRunsTraceIdAndTheLinkTemplateForIt() {
		String traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
		this.jdbc.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
				+ "started_at, finished_at, attempt, output, trace_id, updated_at) VALUES (42, 'paged', 'agent-1', "
				+ "'CRON', 'SUCCEEDED', '2026-11-25 10:00:00', '2026-11-25 10:00:00', '2026-11-25 10:00:01', 1, 'ok', "
				+ "?, NOW(3))", traceId);
		long traced = this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
		long untraced = this.jdbc.queryForObject("SELECT MIN(id) FROM execution", Long.class);

		assertThat(this.api.get("/api/v1/executions/" + traced).body().path("traceId").asText()).isEqualTo(traceId);
		assertThat(this.api.get("/api/v1/executions/" + untraced).body().hasNonNull("traceId")).isFalse();
		JsonNode items = this.api.get("/api/v1/executions?jobId=42&size=50").body().path("items");
		assertThat(items.findValues("traceId").stream().map(JsonNode::asText)).contains(traceId);
		assertThat(ApiClient.anonymous(this.port)
			.get("/api/v1/auth/sign-in-options")
			.body()
			.path("traceLinkTemplate")
			.asText()).isEqualTo("http://jaeger.test:16686/trace/{traceId}");
	}

	@Test
	void theApiDocumentShowsTheDetailOnlyFieldsOnTheDetailAlone() {
		JsonNode schemas = this.api.get("/v3/api-docs").body().path("components").path("schemas");
		JsonNode detail = schemas.path("ExecutionDetailResponse").path("properties");
		assertThat(detail.path("mode").path("enum")).extracting(JsonNode::asText).containsExactly("SYNC", "ASYNC");
		assertThat(detail.has("message")).isTrue();
		assertThat(detail.path("resumePayload").path("maxLength").asInt()).isEqualTo(65535);
		JsonNode listed = schemas.path("ExecutionResponse").path("properties");
		assertThat(listed.has("jobName")).isTrue();
		assertThat(listed.has("resumePayload")).isFalse();
		assertThat(listed.has("message")).isFalse();
		assertThat(listed.has("mode")).isFalse();
	}

	@Test
	void countsThePagesOfTheRunHistoryWithoutAWarning(CapturedOutput log) {
		Response all = this.api.get("/api/v1/executions?page=1&size=3");
		Response succeeded = this.api.get("/api/v1/executions?status=SUCCEEDED&page=2&size=3");

		assertThat(all.body().path("total").asLong()).isEqualTo(7);
		assertThat(all.body().path("items").size()).isEqualTo(3);
		assertThat(succeeded.body().path("total").asLong()).isEqualTo(4);
		assertThat(succeeded.body().path("items").size()).isEqualTo(1);
		assertThat(log.getOut()).doesNotContain("optimize this sql to a count sql has exception")
			.doesNotContain("ParseException");
	}

}
