package io.crony.web.execution;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.KillRequest;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.AgentInfo;
import io.crony.common.json.CronyJson;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.EtcdProbe;
import io.crony.web.support.Jobs;
import io.crony.web.support.Users;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Run now and cancel, against real etcd: the test stands in for the leader (assignment
 * keys) and for the agent (taking a run request, marking a run RUNNING).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + RunAndCancelIT.ADMIN_PASSWORD)
class RunAndCancelIT {

	static final String ADMIN_PASSWORD = "admin-password-3";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	private static final List<String> AGENTS = List.of("agent-1", "agent-2", "agent-dead", "agent-gone");

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private Client etcd;

	@Autowired
	private PlatformTransactionManager transactions;

	private final CronyKeys keys = new CronyKeys(services.keyPrefix());

	private EtcdProbe probe;

	private ApiClient api;

	private long jobId;

	@BeforeEach
	void setUp() {
		this.probe = new EtcdProbe(this.etcd);
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		this.jobId = this.api.post("/api/v1/jobs", Jobs.http("runnable")).id();
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM workflow_run");
		this.jdbc.update("DELETE FROM backfill");
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job_dependency");
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM app_user WHERE username <> 'admin'");
		// leaves the leader election alone: the context's web instance keeps running
		this.probe.deleteUnder(this.keys.nodes());
		for (String agent : AGENTS) {
			this.probe.deleteUnder(this.keys.onces(agent));
			this.probe.deleteUnder(this.keys.kills(agent));
		}
	}

	/**
	 * A backfill's pause, resume or cancel is a compare-and-set on its status: a resume
	 * that loses the race to a cancel is refused (409), not answered 200 as if it had
	 * happened. The test cancels the backfill in a transaction it commits once the resume
	 * waits on the row. About 1 s.
	 */
	@Test
	void aBackfillResumeThatLosesTheRaceToACancelIsRefused() throws Exception {
		long department = this.jdbc.queryForObject("SELECT department_id FROM job WHERE id = ?", Long.class,
				this.jobId);
		Timestamp instant = Timestamp.from(Instant.parse("2026-01-01T00:00:00Z"));
		this.jdbc.update(
				"INSERT INTO backfill (department_id, job_id, from_at, to_at, with_dependents, parallelism, "
						+ "status, next_at, total, created_at) VALUES (?, ?, ?, ?, 0, 1, 'PAUSED', ?, 1, ?)",
				department, this.jobId, instant, instant, instant, instant);
		long id = this.jdbc.queryForObject("SELECT id FROM backfill WHERE job_id = ?", Long.class, this.jobId);
		CompletableFuture<Response> resume = new CompletableFuture<>();

		// the cancel, not committed yet: the resume still reads PAUSED, and its update
		// waits on the row until the cancel commits
		new TransactionTemplate(this.transactions).executeWithoutResult((status) -> {
			this.jdbc.update("UPDATE backfill SET status = 'CANCELLED' WHERE id = ?", id);
			CompletableFuture
				.runAsync(() -> resume.complete(this.api.post("/api/v1/backfills/" + id + "/resume", null)));
			Awaitility.await("the resume waits on the row")
				.atMost(Duration.ofSeconds(30))
				.until(() -> this.jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.PROCESSLIST "
						+ "WHERE INFO LIKE 'UPDATE backfill SET%'", Long.class) > 0);
		});

		Response answer = resume.get(30, TimeUnit.SECONDS);
		assertThat(answer.status()).as("%s", answer.body()).isEqualTo(409);
		assertThat(answer.body().path("detail").asText())
			.isEqualTo("Backfill " + id + " is CANCELLED and cannot become RUNNING");
		assertThat(this.jdbc.queryForObject("SELECT status FROM backfill WHERE id = ?", String.class, id))
			.isEqualTo("CANCELLED");
	}

	@Test
	void runPutsAOneShotRequestForTheAgentHoldingTheJob() {
		assign("agent-1", this.jobId);
		this.jdbc.update("UPDATE job SET agent_id = 'agent-1' WHERE id = ?", this.jobId);

		Response run = this.api.post("/api/v1/jobs/" + this.jobId + "/run", Map.of("params", "{\"day\":1}"));
		assertThat(run.status()).as("%s", run.body()).isEqualTo(202);
		long executionId = run.body().get("executionId").asLong();

		KeyValue once = this.probe.get(this.keys.once("agent-1", executionId));
		assertThat(once).isNotNull();
		OnceRequest request = CronyJson.fromBytes(once.getValue().getBytes(), OnceRequest.class);
		Map<String, Object> row = this.jdbc.queryForMap("SELECT * FROM execution WHERE id = ?", executionId);
		assertThat(request.executionId()).isEqualTo(executionId);
		assertThat(request.jobId()).isEqualTo(this.jobId);
		assertThat(request.trigger()).isEqualTo(TriggerType.MANUAL);
		assertThat(request.params()).isEqualTo("{\"day\":1}");
		assertThat(request.requestedBy()).isEqualTo("admin");
		assertThat(request.scheduledAt())
			.isEqualTo(((java.time.LocalDateTime) row.get("scheduled_at")).toInstant(java.time.ZoneOffset.UTC));
		assertThat(row).containsEntry("status", "PENDING")
			.containsEntry("trigger_type", "MANUAL")
			.containsEntry("agent_id", "agent-1")
			.containsEntry("job_name", "runnable")
			.containsEntry("params", "{\"day\":1}");

		Response execution = this.api.get("/api/v1/executions/" + executionId);
		assertThat(execution.status()).isEqualTo(200);
		assertThat(execution.body().get("status").asText()).isEqualTo("PENDING");
		assertThat(execution.body().get("trigger").asText()).isEqualTo("MANUAL");
		Response job = this.api.get("/api/v1/jobs/" + this.jobId);
		assertThat(job.body().at("/lastExecution/id").asLong()).isEqualTo(executionId);
	}

	@Test
	void runFindsTheHolderInEtcdWhenTheRecordedAgentIsStale() {
		assign("agent-2", this.jobId);
		this.jdbc.update("UPDATE job SET agent_id = 'agent-gone' WHERE id = ?", this.jobId);

		Response run = this.api.post("/api/v1/jobs/" + this.jobId + "/run", null);
		assertThat(run.status()).as("%s", run.body()).isEqualTo(202);
		long executionId = run.body().get("executionId").asLong();
		assertThat(this.probe.get(this.keys.once("agent-2", executionId))).isNotNull();
		assertThat(this.jdbc.queryForObject("SELECT agent_id FROM execution WHERE id = ?", String.class, executionId))
			.isEqualTo("agent-2");
	}

	@Test
	void aRunOfAJobBeingPlacedWaitsForItsAgent() throws Exception {
		// agents are up, but none the job may run on yet: the leader cannot place it
		long job = this.api
			.post("/api/v1/jobs", Jobs.with(Jobs.http("zoned"), "assignment.labels", Map.of("zone", "b")))
			.id();
		node("agent-1", Map.of("zone", "a"));

		CompletableFuture<Response> run = CompletableFuture
			.supplyAsync(() -> this.api.post("/api/v1/jobs/" + job + "/run", null));
		// the run's row is claimed; it waits for the placement rather than refusing
		Awaitility.await().atMost(Duration.ofSeconds(30)).until(() -> executions() == 1 || run.isDone());
		assertThat(run.isDone()).as("answered before the job was placed: %s", run.isDone() ? run.join().body() : "")
			.isFalse();
		// an agent it may run on joins: the leader places the job there, and the run
		// follows
		node("agent-2", Map.of("zone", "b"));

		Response placed = run.get(30, TimeUnit.SECONDS);
		assertThat(placed.status()).as("%s", placed.body()).isEqualTo(202);
		long executionId = placed.body().get("executionId").asLong();
		assertThat(this.probe.get(this.keys.once("agent-2", executionId))).isNotNull();
		assertThat(this.jdbc.queryForObject("SELECT agent_id FROM execution WHERE id = ?", String.class, executionId))
			.isEqualTo("agent-2");
	}

	@Test
	void runIsRefusedWhenNoLiveAgentHoldsTheJob() {
		Response unassigned = this.api.post("/api/v1/jobs/" + this.jobId + "/run", null);
		assertThat(unassigned.status()).isEqualTo(409);
		assertThat(unassigned.isProblem()).isTrue();
		assertThat(unassigned.body().get("detail").asText())
			.isEqualTo("job " + this.jobId + " is not assigned to a live agent");
		assertThat(executions()).isZero();
		assertThat(this.probe.dataKeys(this.keys)).isEmpty();

		// an assignment left behind by an agent whose lease is gone
		this.probe.put(this.keys.job("agent-dead", this.jobId), "{}");
		this.jdbc.update("UPDATE job SET agent_id = 'agent-dead' WHERE id = ?", this.jobId);
		assertThat(this.api.post("/api/v1/jobs/" + this.jobId + "/run", null).status()).isEqualTo(409);
		assertThat(executions()).isZero();
		assertThat(this.probe.keysUnder(this.keys.onces("agent-dead"))).isEmpty();
	}

	@Test
	void runIsRefusedForADisabledOrUnknownJob() {
		assign("agent-1", this.jobId);
		this.api.post("/api/v1/jobs/" + this.jobId + "/disable", null);
		Response disabled = this.api.post("/api/v1/jobs/" + this.jobId + "/run", null);
		assertThat(disabled.status()).isEqualTo(409);
		assertThat(disabled.body().get("detail").asText()).contains("disabled");
		assertThat(this.api.post("/api/v1/jobs/999999/run", null).status()).isEqualTo(404);
		assertThat(executions()).isZero();
		assertThat(this.probe.keysUnder(this.keys.onces("agent-1"))).isEmpty();
	}

	@Test
	void concurrentRunsEachGetTheirOwnScheduledInstant() {
		assign("agent-1", this.jobId);
		List<CompletableFuture<Response>> runs = IntStream.range(0, 8)
			.mapToObj((i) -> CompletableFuture
				.supplyAsync(() -> this.api.post("/api/v1/jobs/" + this.jobId + "/run", null)))
			.toList();
		runs.forEach((run) -> assertThat(run.join().status()).isEqualTo(202));
		assertThat(this.jdbc.queryForObject("SELECT COUNT(DISTINCT scheduled_at) FROM execution", Long.class))
			.isEqualTo(8);
		assertThat(this.probe.keysUnder(this.keys.onces("agent-1"))).hasSize(8);
	}

	/**
	 * A manual run's row sits at the request's millisecond, off the whole second: it is
	 * not moved onto a scheduled instant when the job's fires hold the seconds around it,
	 * and the scheduled fire of its own second, whose row comes later (a record written
	 * at the run's end), still finds its key free. Before, the run took the whole second
	 * (or the next free one), the very key of that fire.
	 */
	@Test
	void aManualRunTakesTheRequestsMillisecondAndLeavesTheScheduledInstantsFree() {
		assign("agent-1", this.jobId);
		// claims of an every-second job from a second ago to five seconds ahead
		Instant second = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		for (int i = -1; i <= 5; i++) {
			insertExecution(this.jobId, "agent-1", "PENDING", "CRON", second.plusSeconds(i).toString());
		}
		Instant before = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		long amid = run();
		Instant after = Instant.now();
		assertThat(scheduledAt(amid)).as("not moved onto a scheduled instant")
			.isBetween(before, after)
			.satisfies((at) -> assertThat(at.getNano()).isNotZero());
		this.jdbc.update("DELETE FROM execution WHERE trigger_type = 'CRON'");

		long alone = run();
		Instant at = scheduledAt(alone);
		assertThat(at.getNano()).as("off the whole second: %s", at).isNotZero();
		assertThat(at.getNano() % 1_000_000).as("a millisecond: %s", at).isZero();
		// the scheduled fire of that second, its row inserted after the run's
		insertExecution(this.jobId, "agent-1", "PENDING", "CRON", at.truncatedTo(ChronoUnit.SECONDS).toString());
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution WHERE job_id = ?", Long.class, this.jobId))
			.isEqualTo(3);
	}

	@Test
	void viewerCannotRunOrCancel() {
		assign("agent-1", this.jobId);
		ApiClient viewer = Users.create(this.api, "viewer", "VIEWER");
		assertThat(viewer.post("/api/v1/jobs/" + this.jobId + "/run", null).status()).isEqualTo(403);
		assertThat(executions()).isZero();
		long executionId = run();
		assertThat(viewer.post("/api/v1/executions/" + executionId + "/cancel", null).status()).isEqualTo(403);
		assertThat(this.probe.get(this.keys.once("agent-1", executionId))).isNotNull();
	}

	@Test
	void cancelOfAPendingRunWithdrawsItsRequest() {
		assign("agent-1", this.jobId);
		long executionId = run();
		assertThat(this.probe.get(this.keys.once("agent-1", executionId))).isNotNull();

		Response cancel = this.api.post("/api/v1/executions/" + executionId + "/cancel", null);
		assertThat(cancel.status()).as("%s", cancel.body()).isEqualTo(202);
		assertThat(cancel.body().get("outcome").asText()).isEqualTo("CANCELLED");
		assertThat(this.probe.get(this.keys.once("agent-1", executionId))).isNull();
		assertThat(this.probe.keysUnder(this.keys.kills("agent-1"))).isEmpty();
		Map<String, Object> row = this.jdbc.queryForMap("SELECT status, finished_at FROM execution WHERE id = ?",
				executionId);
		assertThat(row.get("status")).isEqualTo("CANCELLED");
		assertThat(row.get("finished_at")).isNotNull();

		Response again = this.api.post("/api/v1/executions/" + executionId + "/cancel", null);
		assertThat(again.status()).isEqualTo(409);
		assertThat(again.isProblem()).isTrue();
	}

	@Test
	void cancelOfARunningExecutionAsksItsAgentToKillIt() {
		assign("agent-1", this.jobId);
		long executionId = run();
		// the agent takes the request and starts the run
		this.probe.deleteUnder(this.keys.once("agent-1", executionId));
		this.jdbc.update("UPDATE execution SET status = 'RUNNING', started_at = ? WHERE id = ?",
				Timestamp.from(Instant.now()), executionId);

		Response cancel = this.api.post("/api/v1/executions/" + executionId + "/cancel", null);
		assertThat(cancel.status()).as("%s", cancel.body()).isEqualTo(202);
		assertThat(cancel.body().get("outcome").asText()).isEqualTo("KILL_REQUESTED");
		KeyValue kill = this.probe.get(this.keys.kill("agent-1", executionId));
		assertThat(kill).isNotNull();
		KillRequest request = CronyJson.fromBytes(kill.getValue().getBytes(), KillRequest.class);
		assertThat(request.executionId()).isEqualTo(executionId);
		assertThat(request.requestedBy()).isEqualTo("admin");
		assertThat(kill.getLease()).isNotZero();
		assertThat(this.probe.grantedTtlOfLease(kill.getLease())).isEqualTo(60);
		assertThat(this.jdbc.queryForObject("SELECT status FROM execution WHERE id = ?", String.class, executionId))
			.isEqualTo("RUNNING");
	}

	@Test
	void cancelIsRefusedForAnEndedOrUnknownExecution() {
		insertExecution(this.jobId, "agent-1", "SUCCEEDED", "CRON", "2026-01-01T00:00:00Z");
		long executionId = this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
		Response ended = this.api.post("/api/v1/executions/" + executionId + "/cancel", null);
		assertThat(ended.status()).isEqualTo(409);
		assertThat(ended.body().get("detail").asText()).contains("SUCCEEDED");
		assertThat(this.api.post("/api/v1/executions/999999/cancel", null).status()).isEqualTo(404);
		assertThat(this.probe.dataKeys(this.keys)).isEmpty();
	}

	@Test
	void listsExecutionsWithFiltersNewestFirst() {
		insertExecution(1, "agent-1", "SUCCEEDED", "CRON", "2026-01-01T00:00:00Z");
		insertExecution(1, "agent-1", "FAILED", "CRON", "2026-01-02T00:00:00Z");
		insertExecution(2, "agent-2", "SUCCEEDED", "MANUAL", "2026-01-03T00:00:00Z");
		insertExecution(2, "agent-2", "RUNNING", "RETRY", "2026-01-04T00:00:00Z");

		assertThat(scheduled("/api/v1/executions")).containsExactly("2026-01-04T00:00:00Z", "2026-01-03T00:00:00Z",
				"2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z");
		assertThat(scheduled("/api/v1/executions?jobId=1")).containsExactly("2026-01-02T00:00:00Z",
				"2026-01-01T00:00:00Z");
		assertThat(scheduled("/api/v1/executions?agentId=agent-2&status=RUNNING"))
			.containsExactly("2026-01-04T00:00:00Z");
		assertThat(scheduled("/api/v1/executions?trigger=MANUAL")).containsExactly("2026-01-03T00:00:00Z");
		assertThat(scheduled("/api/v1/executions?status=SUCCEEDED")).containsExactly("2026-01-03T00:00:00Z",
				"2026-01-01T00:00:00Z");
		assertThat(scheduled("/api/v1/executions?from=2026-01-02T00:00:00Z&to=2026-01-04T00:00:00Z"))
			.containsExactly("2026-01-03T00:00:00Z", "2026-01-02T00:00:00Z");

		Response page = this.api.get("/api/v1/executions?page=2&size=3");
		assertThat(page.body().get("total").asLong()).isEqualTo(4);
		assertThat(page.body().get("items")).hasSize(1);

		Response bad = this.api.get("/api/v1/executions?status=LOST&from=yesterday");
		assertThat(bad.status()).isEqualTo(400);
		assertThat(bad.isProblem()).isTrue();
		assertThat(bad.errorFields()).containsExactlyInAnyOrder("status", "from");
		assertThat(this.api.get("/api/v1/executions/999999").status()).isEqualTo(404);
	}

	@Test
	void aCronStartedWorkflowRunIsRunningUntilEveryNodeOfItsCycleHasEnded() {
		Instant load = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(3));
		long[] chain = chain();
		long root = insertRun(chain[0], "SUCCEEDED", "CRON", load, null);
		insertRun(chain[1], "SUCCEEDED", "DEPENDENCY", load.plusSeconds(40), root);

		// report, below check, has not fired yet: the workflow run is not over
		JsonNode early = workflowRun(root);
		assertThat(early.get("status").asText()).as("%s", early).isEqualTo("RUNNING");
		assertThat(early.path("finishedAt").isMissingNode()).as("%s", early).isTrue();
		assertThat(early.get("succeeded").asLong()).isEqualTo(2);

		insertRun(chain[2], "SUCCEEDED", "DEPENDENCY", load.plusSeconds(45), root);
		JsonNode done = workflowRun(root);
		assertThat(done.get("status").asText()).as("%s", done).isEqualTo("SUCCEEDED");
		assertThat(done.path("finishedAt").isTextual()).as("%s", done).isTrue();
		assertThat(done.get("runs").asLong()).isEqualTo(3);
	}

	@Test
	void aFailedInstantIsClearedAndRunsAgainForTheSameInstantWithItsDependents() {
		// two days back: longer ago than the gate's look-back, which counts from the
		// clear
		Instant load = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofDays(2));
		long[] chain = chain();
		assign("agent-1", this.jobId);
		for (long job : chain) {
			assign("agent-1", job);
			this.jdbc.update("UPDATE job SET agent_id = 'agent-1' WHERE id = ?", job);
		}
		long failed = insertRun(chain[0], "FAILED", "CRON", load, null);
		// a note the platform wrote, with its code
		this.jdbc.update(
				"UPDATE execution SET agent_id = 'agent-1', attempt = 3, error = 'Cancelled by ada', "
						+ "reason = '{\"code\": \"RUN_CANCELLED_BY\", \"params\": {\"user\": \"ada\"}}' WHERE id = ?",
				failed);
		long check = insertRun(chain[1], "SKIPPED", "CRON", load.plusSeconds(40), null);
		long report = insertRun(chain[2], "SKIPPED", "CRON", load.plusSeconds(45), null);
		Response live = this.api.post("/api/v1/executions/" + run() + "/clear", Map.of());
		assertThat(live.status()).as("%s", live.body()).isEqualTo(409);
		assertThat(live.isProblem()).isTrue();
		assertThat(live.errorFields()).containsExactly("status");
		assertThat(Users.create(this.api, "viewer", "VIEWER")
			.post("/api/v1/executions/" + failed + "/clear", null)
			.status()).isEqualTo(403);

		Response clear = this.api.post("/api/v1/executions/" + failed + "/clear", Map.of("withDependents", true));

		assertThat(clear.status()).as("%s", clear.body()).isEqualTo(202);
		assertThat(clear.body().get("dependents")).extracting(JsonNode::asLong).containsExactly(check, report);
		Map<String, Object> row = this.jdbc.queryForMap("SELECT * FROM execution WHERE id = ?", failed);
		assertThat(row).containsEntry("status", "PENDING").containsEntry("trigger_type", "RETRY");
		assertThat(((java.time.LocalDateTime) row.get("scheduled_at")).toInstant(java.time.ZoneOffset.UTC))
			.isEqualTo(load);
		OnceRequest request = CronyJson
			.fromBytes(this.probe.get(this.keys.once("agent-1", failed)).getValue().getBytes(), OnceRequest.class);
		assertThat(request.trigger()).isEqualTo(TriggerType.RETRY);
		assertThat(request.scheduledAt()).isEqualTo(load);
		JsonNode earlier = this.api.get("/api/v1/executions/" + failed).body().get("clearedRuns");
		assertThat(earlier).hasSize(1);
		assertThat(earlier.get(0).get("status").asText()).isEqualTo("FAILED");
		assertThat(earlier.get(0).get("attempt").asInt()).isEqualTo(3);
		assertThat(earlier.get(0).get("error").asText()).isEqualTo("Cancelled by ada");
		assertThat(earlier.get(0).path("reason").path("code").asText()).isEqualTo("RUN_CANCELLED_BY");
		assertThat(earlier.get(0).path("reason").path("params").path("user").asText()).isEqualTo("ada");
		assertThat(
				this.jdbc.queryForList("SELECT status FROM execution WHERE id IN (?, ?)", String.class, check, report))
			.containsOnly("WAITING");
		assertThat(
				this.jdbc.queryForObject("SELECT COUNT(*) FROM audit_log WHERE action = 'EXECUTION_CLEAR'", Long.class))
			.isEqualTo(1);

		// the agent's part, then the leader's: each dependent released by its paired run
		succeed(failed);
		awaitReleased(check, failed);
		succeed(check);
		awaitReleased(report, check);
		succeed(report);
		JsonNode again = workflowRun(failed);
		assertThat(again.get("status").asText()).as("%s", again).isEqualTo("SUCCEEDED");
		assertThat(again.get("succeeded").asLong()).isEqualTo(3);
		assertThat(this.jdbc.queryForList("SELECT scheduled_at FROM execution WHERE job_id = ?", Timestamp.class,
				chain[0]))
			.hasSize(1);
	}

	/** load (every minute at :00) → check (at :40) → report (at :45), in UTC. */
	private long[] chain() {
		long load = this.api.post("/api/v1/jobs", workflowJob("load", "0 * * * * ?", List.of())).id();
		long check = this.api.post("/api/v1/jobs", workflowJob("check", "40 * * * * ?", List.of("load"))).id();
		long report = this.api.post("/api/v1/jobs", workflowJob("report", "45 * * * * ?", List.of("check"))).id();
		return new long[] { load, check, report };
	}

	private static Map<String, Object> workflowJob(String name, String schedule, List<String> dependsOn) {
		Map<String, Object> job = Jobs.with(Jobs.with(Jobs.http(name), "schedule", schedule), "timeZone", "UTC");
		return Jobs.with(job, "dependsOn", dependsOn);
	}

	private long insertRun(long job, String status, String trigger, Instant at, Long root) {
		boolean ended = !"PENDING".equals(status) && !"WAITING".equals(status);
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, trigger_type, status, scheduled_at, started_at, finished_at, "
						+ "released_by, root_id, updated_at) VALUES (?, 'x', ?, ?, ?, ?, ?, ?, ?, ?)",
				job, trigger, status, Timestamp.from(at), ended ? Timestamp.from(at) : null,
				ended ? Timestamp.from(at.plusSeconds(1)) : null, root, root, Timestamp.from(Instant.now()));
		return this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ? AND scheduled_at = ?", Long.class,
				job, Timestamp.from(at));
	}

	// what the agent's records write for a run that ran and succeeded
	private void succeed(long executionId) {
		this.jdbc.update("UPDATE execution SET status = 'SUCCEEDED', agent_id = 'agent-1', started_at = NOW(3), "
				+ "finished_at = NOW(3) WHERE id = ?", executionId);
	}

	private void awaitReleased(long executionId, long by) {
		Awaitility.await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
			Map<String, Object> row = this.jdbc.queryForMap("SELECT * FROM execution WHERE id = ?", executionId);
			assertThat(row).containsEntry("status", "PENDING").containsEntry("trigger_type", "DEPENDENCY");
			assertThat(((Number) row.get("released_by")).longValue()).isEqualTo(by);
			// the leader writes the row first, then the request key: both are awaited
			assertThat(this.probe.get(this.keys.once("agent-1", executionId))).isNotNull();
		});
	}

	private JsonNode workflowRun(long root) {
		Response runs = this.api.get("/api/v1/workflows/runs");
		assertThat(runs.status()).as("%s", runs.body()).isEqualTo(200);
		for (JsonNode run : runs.body()) {
			if (run.get("rootId").asLong() == root) {
				return run;
			}
		}
		throw new AssertionError("no workflow run " + root + " in " + runs.body());
	}

	private long run() {
		Response run = this.api.post("/api/v1/jobs/" + this.jobId + "/run", null);
		assertThat(run.status()).as("%s", run.body()).isEqualTo(202);
		return run.body().get("executionId").asLong();
	}

	/**
	 * What the agent and the leader would have written: the agent's key and the job's
	 * assignment.
	 */
	/** An agent's node key, as its registration writes it (without its lease). */
	private void node(String agentId, Map<String, String> labels) {
		AgentInfo agent = new AgentInfo(agentId, "127.0.0.1", 9100, 1, labels, "test", Instant.now());
		this.probe.put(this.keys.node(agentId), new String(CronyJson.toBytes(agent), StandardCharsets.UTF_8));
	}

	private void assign(String agentId, long job) {
		AgentInfo agent = new AgentInfo(agentId, "127.0.0.1", 9100, 1, Map.of(), "test", Instant.now());
		this.probe.put(this.keys.node(agentId), new String(CronyJson.toBytes(agent), StandardCharsets.UTF_8));
		this.probe.put(this.keys.job(agentId, job),
				this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, job));
	}

	private Instant scheduledAt(long executionId) {
		return this.jdbc.queryForObject("SELECT scheduled_at FROM execution WHERE id = ?", Timestamp.class, executionId)
			.toInstant();
	}

	private long executions() {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Long.class);
	}

	private void insertExecution(long job, String agentId, String status, String trigger, String scheduledAt) {
		Jobs.ensureRow(this.jdbc, job);
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, updated_at)"
						+ " VALUES (?, 'x', ?, ?, ?, ?, ?)",
				job, agentId, trigger, status, Timestamp.from(Instant.parse(scheduledAt)),
				Timestamp.from(Instant.now()));
	}

	private List<String> scheduled(String path) {
		Response page = this.api.get(path);
		assertThat(page.status()).as("%s", page.body()).isEqualTo(200);
		List<String> times = new ArrayList<>();
		page.body().get("items").forEach((item) -> times.add(item.get("scheduledAt").asText()));
		return times;
	}

}
