package io.crony.web.execution;

import java.time.Duration;

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
import static org.awaitility.Awaitility.await;

/**
 * The detail of a sharded run lists its shards as agents keep them, by index; a run of
 * one call lists none. A re-run of the failed shards keeps the succeeded shards' rows.
 * The detail of an ASYNC run lists its chain of attempts with the agent's notes.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + ExecutionShardsIT.ADMIN_PASSWORD)
class ExecutionShardsIT {

	static final String ADMIN_PASSWORD = "admin-password-shards-1";

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
		Jobs.ensureRow(this.jdbc, 43);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
	}

	@Test
	void detailListsTheShardsOfARunByIndexAndNoneForARunOfOneCall() {
		long sharded = execution("RUNNING", "2026-11-25 09:00:00");
		// written out of order, as shards end in any order
		this.jdbc.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, instance, status, "
				+ "attempt, started_at, finished_at, output, error) VALUES (?, 2, 3, '10.0.0.3:8080', 'FAILED', 2, "
				+ "'2026-11-25 09:00:00.250', '2026-11-25 09:00:01.500', NULL, 'HTTP 503')", sharded);
		this.jdbc.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, instance, status, "
				+ "attempt, started_at, finished_at, output, error) VALUES (?, 0, 3, '10.0.0.1:8080', 'SUCCEEDED', 1, "
				+ "'2026-11-25 09:00:00', '2026-11-25 09:00:01', 'done', NULL)", sharded);
		this.jdbc.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, status) "
				+ "VALUES (?, 1, 3, 'PENDING')", sharded);
		long single = execution("SUCCEEDED", "2026-11-25 09:01:00");

		Response detail = this.api.get("/api/v1/executions/" + sharded);

		assertThat(detail.status()).as("%s", detail.body()).isEqualTo(200);
		JsonNode shards = detail.body().path("shards");
		assertThat(shards).hasSize(3);
		assertThat(shards.findValuesAsText("index")).containsExactly("0", "1", "2");
		assertThat(shards.findValuesAsText("status")).containsExactly("SUCCEEDED", "PENDING", "FAILED");
		JsonNode failed = shards.get(2);
		assertThat(failed.path("total").asInt()).isEqualTo(3);
		assertThat(failed.path("instance").asText()).isEqualTo("10.0.0.3:8080");
		assertThat(failed.path("attempt").asInt()).isEqualTo(2);
		assertThat(failed.path("startedAt").asText()).isEqualTo("2026-11-25T09:00:00.250Z");
		assertThat(failed.path("finishedAt").asText()).isEqualTo("2026-11-25T09:00:01.500Z");
		assertThat(failed.path("error").asText()).isEqualTo("HTTP 503");
		assertThat(failed.path("reason").isMissingNode() || failed.path("reason").isNull())
			.as("the target's own answer has no code")
			.isTrue();
		assertThat(shards.get(0).path("output").asText()).isEqualTo("done");
		assertThat(shards.get(1).path("instance").isMissingNode()).as("not called yet").isTrue();
		assertThat(shards.get(1).path("attempt").asInt()).as("the column's default").isEqualTo(1);

		long stopped = execution("CANCELLED", "2026-11-25 09:02:00");
		this.jdbc.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, status, error, reason) "
				+ "VALUES (?, 0, 1, 'TIMED_OUT', 'the sharded run''s limit of 5 s passed', "
				+ "'{\"code\": \"SHARD_LIMIT_PASSED\", \"params\": {\"seconds\": \"5\"}}')", stopped);
		JsonNode noted = this.api.get("/api/v1/executions/" + stopped).body().path("shards").get(0);
		assertThat(noted.path("error").asText()).isEqualTo("the sharded run's limit of 5 s passed");
		assertThat(noted.path("reason").path("code").asText()).isEqualTo("SHARD_LIMIT_PASSED");
		assertThat(noted.path("reason").path("params").path("seconds").asText()).isEqualTo("5");
		assertThat(noted.path("reason").path("text").asText()).isEqualTo("the sharded run's limit of 5 s passed");

		Response plain = this.api.get("/api/v1/executions/" + single);
		assertThat(plain.status()).isEqualTo(200);
		assertThat(plain.body().path("shards").isArray()).isTrue();
		assertThat(plain.body().path("shards")).isEmpty();
	}

	/**
	 * The chain of attempts of an ASYNC run carries each note the agent wrote as a code
	 * beside its English; a target's own answer and a link written before the codes keep
	 * their note alone.
	 */
	@Test
	void detailListsTheAttemptChainWithThePlatformsNotesAsCodes() {
		long moved = execution("FAILED", "2026-11-25 11:00:00");
		attempt(moved, 1, "MOVED", "its instance 10.0.0.1:8080 left the registry",
				"{\"code\":\"ATTEMPT_INSTANCE_LEFT\",\"params\":{\"instance\":\"10.0.0.1:8080\"}}");
		attempt(moved, 2, "MOVED", "its instance stopped reporting for 3 s", null);
		attempt(moved, 3, "FAILED", "HTTP 503", null);

		JsonNode chain = this.api.get("/api/v1/executions/" + moved).body().path("attempts");

		assertThat(chain).hasSize(3);
		assertThat(chain.get(0).path("note").asText()).isEqualTo("its instance 10.0.0.1:8080 left the registry");
		assertThat(chain.get(0).path("reason").path("code").asText()).isEqualTo("ATTEMPT_INSTANCE_LEFT");
		assertThat(chain.get(0).path("reason").path("params").path("instance").asText()).isEqualTo("10.0.0.1:8080");
		assertThat(chain.get(0).path("reason").path("text").asText())
			.isEqualTo("its instance 10.0.0.1:8080 left the registry");
		for (JsonNode plain : new JsonNode[] { chain.get(1), chain.get(2) }) {
			assertThat(plain.path("reason").isMissingNode() || plain.path("reason").isNull()).as("no code: %s", plain)
				.isTrue();
		}
		assertThat(chain.get(1).path("note").asText()).isEqualTo("its instance stopped reporting for 3 s");
	}

	@Test
	void aRerunOfTheFailedShardsKeepsTheSucceededShardRowsAndRefusesALiveRunOrOneWithoutAFailedShard() {
		// a disabled job's run is refused: this one may run
		this.jdbc.update("UPDATE job SET enabled = 1 WHERE id = 43");
		long live = execution("RUNNING", "2026-11-25 10:00:00");
		shard(live, 0, "FAILED");
		Response refused = this.api.post("/api/v1/executions/" + live + "/rerun-failed-shards", null);
		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(409);
		assertThat(refused.body().path("detail").asText()).contains("is RUNNING");
		assertThat(refused.body().path("errors").get(0).path("field").asText()).isEqualTo("status");
		long succeeded = execution("SUCCEEDED", "2026-11-25 10:01:00");
		shard(succeeded, 0, "SUCCEEDED");
		Response none = this.api.post("/api/v1/executions/" + succeeded + "/rerun-failed-shards", null);
		assertThat(none.status()).as("%s", none.body()).isEqualTo(409);
		assertThat(none.body().path("errors").get(0).path("field").asText()).isEqualTo("shards");
		long failed = execution("FAILED", "2026-11-25 10:02:00");
		shard(failed, 0, "SUCCEEDED");
		shard(failed, 1, "FAILED");
		shard(failed, 2, "TIMED_OUT");

		Response rerun = this.api.post("/api/v1/executions/" + failed + "/rerun-failed-shards", null);

		assertThat(rerun.status()).as("%s", rerun.body()).isEqualTo(202);
		assertThat(rerun.body().path("shards").toString()).isEqualTo("[1,2]");
		assertThat(this.jdbc.queryForList("SELECT shard_index FROM execution_shard WHERE execution_id = ?",
				Integer.class, failed))
			.as("only the succeeded shard's row stays")
			.containsExactly(0);
		assertThat(
				this.jdbc.queryForMap("SELECT status, trigger_type, scheduled_at FROM execution WHERE id = ?", failed))
			.containsEntry("status", "PENDING")
			.containsEntry("trigger_type", "RETRY");
		JsonNode detail = this.api.get("/api/v1/executions/" + failed).body();
		assertThat(detail.path("scheduledAt").asText()).isEqualTo("2026-11-25T10:02:00Z");
		JsonNode before = detail.path("clearedRuns").get(0);
		assertThat(before.path("status").asText()).isEqualTo("FAILED");
		assertThat(before.path("shards").findValuesAsText("status")).containsExactly("SUCCEEDED", "FAILED",
				"TIMED_OUT");
		await("the audited re-run").atMost(Duration.ofSeconds(30))
			.until(() -> this.jdbc.queryForObject("SELECT COUNT(*) FROM audit_log WHERE action = 'EXECUTION_CLEAR' "
					+ "AND changes LIKE '%failedShards%'", Integer.class), (count) -> count == 1);
	}

	private void attempt(long executionId, int attempt, String status, String note, String reason) {
		this.jdbc.update("INSERT INTO execution_attempt (execution_id, attempt, instance, agent_id, started_at, "
				+ "ended_at, status, note, reason) VALUES (?, ?, '10.0.0.1:8080', 'agent-1', '2026-11-25 11:00:00', "
				+ "'2026-11-25 11:00:05', ?, ?, ?)", executionId, attempt, status, note, reason);
	}

	private void shard(long executionId, int index, String status) {
		this.jdbc.update(
				"INSERT INTO execution_shard (execution_id, shard_index, shard_total, status) " + "VALUES (?, ?, 3, ?)",
				executionId, index, status);
	}

	private long execution(String status, String at) {
		this.jdbc.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
				+ "started_at, attempt, updated_at) VALUES (43, 'fan-out', 'agent-1', 'CRON', ?, ?, ?, 1, NOW(3))",
				status, at, at);
		return this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
	}

}
