package io.crony.web.execution;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import io.crony.web.cluster.membership.AgentRegistry;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.cluster.TestAgent;
import io.crony.web.support.ApiClient;
import io.crony.web.support.EtcdProbe;
import io.crony.web.support.Jobs;
import io.etcd.jetcd.Client;
import io.micrometer.core.instrument.MeterRegistry;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
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
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The leader closes execution rows left PENDING for good, as a killed agent, a deleted
 * job or a disabled job's released claims leave them, with its default settings: only its
 * period is shortened (1 s instead of 30 s), so the default 2-minute grace decides. Rows
 * are inserted as agents and the web write them, with their instants (and last changes)
 * set back instead of waiting.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.web.admin.initial-password=" + ExecutionReconcilerIT.ADMIN_PASSWORD,
				"crony.web.reconciler.interval=1s" })
@ExtendWith(OutputCaptureExtension.class)
class ExecutionReconcilerIT {

	static final String ADMIN_PASSWORD = "admin-password-reconciler-1";

	private static final String KILLED = "agent-killed";

	private static final String LIVE = "agent-live";

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
	private LeaderElection election;

	@Autowired
	private AgentRegistry registry;

	@Autowired
	private ExecutionReconciler reconciler;

	@Autowired
	private MeterRegistry meters;

	@Autowired
	private PlatformTransactionManager transactionManager;

	private TransactionTemplate transactions;

	private final CronyKeys keys = new CronyKeys(services.keyPrefix());

	private EtcdProbe probe;

	private ApiClient api;

	private TestAgent live;

	private Instant now;

	@BeforeEach
	void setUp() throws Exception {
		this.probe = new EtcdProbe(this.etcd);
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		await().until(this.election::isLeader);
		this.live = TestAgent.start(this.etcd, this.keys, LIVE, 1, Map.of(), 10);
		await().until(() -> this.registry.liveAgents().containsKey(LIVE));
		this.now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		this.transactions = new TransactionTemplate(this.transactionManager);
	}

	@AfterEach
	void cleanUp() throws Exception {
		this.live.close();
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
		this.probe.deleteUnder(this.keys.allOnces());
	}

	@Test
	void closesWhatAKilledAgentAndADeletedJobLeftAndNothingElse(CapturedOutput log) {
		long job = job("settle");
		long other = job("rebuild");
		long deleted = job("purge");
		long disabled = job("paused");
		assertThat(this.api.delete("/api/v1/jobs/" + deleted).status()).isEqualTo(204);
		assertThat(this.api.post("/api/v1/jobs/" + disabled + "/disable", Map.of()).status()).isEqualTo(200);
		double missedBefore = closed("MISSED");
		double cancelledBefore = closed("CANCELLED");
		Map<String, Long> rows = new HashMap<>();
		// every row and request appears at once, as if left there long ago
		this.transactions.executeWithoutResult((tx) -> {
			// a run of job is going on: a fire of it claimed by a live agent may be
			// queued behind it (overlap policy QUEUE)
			rows.put("running", row(job, LIVE, "CRON", "RUNNING", ago(60), ago(60)));
			rows.put("queued", row(job, LIVE, "CRON", "PENDING", ago(600), ago(600)));
			// claims of an agent killed with kill -9 (its key gone), past the grace
			rows.put("killed1", row(job, KILLED, "CRON", "PENDING", ago(601), ago(603)));
			rows.put("killed2", row(job, KILLED, "CRON", "PENDING", ago(150), ago(151)));
			// within the grace: a live agent's fire held back (fence, record backlog),
			// or one just handed over, may still start
			rows.put("recent", row(job, KILLED, "CRON", "PENDING", ago(90), ago(91)));
			rows.put("future", row(job, KILLED, "CRON", "PENDING", this.now.plusSeconds(3600), ago(1)));
			// an old instant whose row changed within the grace (a late claim, a
			// takeover)
			rows.put("touched", row(other, LIVE, "CRON", "PENDING", ago(700), ago(5)));
			// a live agent's claim it never started, and one released to nobody
			rows.put("lost", row(other, LIVE, "CRON", "PENDING", ago(601), ago(601)));
			rows.put("released", row(other, null, "CRON", "PENDING", ago(602), ago(602)));
			// a manual run still waiting for an agent to hold its job: its request is
			// in etcd
			rows.put("waiting", row(other, KILLED, "MANUAL", "PENDING", ago(900), ago(900)));
			request(KILLED, rows.get("waiting"), other);
			// a manual run whose request an agent took (deleted) and never started
			rows.put("taken", row(other, LIVE, "MANUAL", "PENDING", ago(901), ago(901)));
			// fires of a deleted job, and a manual run of it still requested
			rows.put("deleted1", row(deleted, KILLED, "CRON", "PENDING", ago(600), ago(600)));
			rows.put("deleted2", row(deleted, null, "MISFIRE", "PENDING", ago(650), ago(650)));
			rows.put("deletedRun", row(deleted, KILLED, "MANUAL", "PENDING", ago(700), ago(700)));
			request(KILLED, rows.get("deletedRun"), deleted);
			rows.put("finished", row(other, KILLED, "CRON", "SUCCEEDED", ago(800), ago(800)));
			// a claim released seconds ago: of a disabled job nobody holds (cancelled at
			// once, no grace), and of an enabled job whose next holder may take it
			rows.put("disabledReleased", row(disabled, null, "CRON", "PENDING", ago(3), ago(2)));
			rows.put("disabledClaimed", row(disabled, LIVE, "CRON", "PENDING", ago(4), ago(2)));
			rows.put("releasedRecent", row(other, null, "CRON", "PENDING", ago(3), ago(2)));
		});

		await().until(
				() -> status(rows.get("deletedRun")).equals("CANCELLED") && status(rows.get("taken")).equals("MISSED"));
		// one more whole round after every row was in place
		this.reconciler.closeStaleRows();

		String gone = "claimed by agent agent-killed, which never recorded starting it; the agent is gone";
		assertClosed(rows.get("killed1"), "MISSED", gone);
		assertClosed(rows.get("killed2"), "MISSED", gone);
		assertClosed(rows.get("lost"), "MISSED", "claimed by agent agent-live, which never recorded starting it");
		assertClosed(rows.get("released"), "MISSED", "released by its agent and taken over by none");
		assertClosed(rows.get("taken"), "MISSED", "requested on agent agent-live, which never recorded starting it");
		assertClosed(rows.get("deleted1"), "CANCELLED", "job deleted");
		assertClosed(rows.get("deleted2"), "CANCELLED", "job deleted");
		assertClosed(rows.get("deletedRun"), "CANCELLED", "job deleted");
		assertClosed(rows.get("disabledReleased"), "CANCELLED", "Not run: its job was disabled");
		// the same notes as codes, for a reader of another language: through the API
		assertReason(rows.get("killed1"), "RUN_CLAIMED_NOT_STARTED_AGENT_GONE", KILLED);
		assertReason(rows.get("lost"), "RUN_CLAIMED_NOT_STARTED", LIVE);
		assertReason(rows.get("released"), "RUN_RELEASED_NOT_TAKEN", null);
		assertReason(rows.get("taken"), "RUN_REQUESTED_NOT_STARTED", LIVE);
		assertReason(rows.get("disabledReleased"), "RUN_JOB_DISABLED", null);
		assertThat(this.probe.get(this.keys.once(KILLED, rows.get("deletedRun")))).as("request of a deleted job")
			.isNull();

		for (String untouched : List.of("queued", "recent", "future", "touched", "waiting", "disabledClaimed",
				"releasedRecent")) {
			assertThat(this.jdbc.queryForMap("SELECT status, error, finished_at FROM execution WHERE id = ?",
					rows.get(untouched)))
				.as(untouched)
				.containsEntry("status", "PENDING")
				.containsEntry("error", null)
				.containsEntry("finished_at", null);
		}
		assertThat(this.probe.get(this.keys.once(KILLED, rows.get("waiting")))).as("request still waiting").isNotNull();
		assertThat(status(rows.get("running"))).isEqualTo("RUNNING");
		assertThat(status(rows.get("finished"))).isEqualTo("SUCCEEDED");
		assertThat(closed("MISSED") - missedBefore).isEqualTo(5);
		assertThat(closed("CANCELLED") - cancelledBefore).isEqualTo(4);
		assertThat(log.getOut()).containsPattern("Closed [1-8] stale PENDING executions");

		// once the run ends, the fire the live agent claimed behind it is closed too
		this.jdbc.update("UPDATE execution SET status = 'SUCCEEDED' WHERE id = ?", rows.get("running"));
		await().until(() -> status(rows.get("queued")).equals("MISSED"));
	}

	@Test
	void worksOffABacklogInBatchesOfTheDefaultSize() {
		long job = job("backlog");
		List<Object[]> rows = new ArrayList<>();
		for (int i = 0; i < 1_234; i++) {
			Instant at = ago(200 + i);
			rows.add(new Object[] { job, "backlog", KILLED, SqlTime.of(at), SqlTime.of(at) });
		}
		this.jdbc.batchUpdate("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, "
				+ "scheduled_at, attempt, updated_at) VALUES (?, ?, ?, 'CRON', 'PENDING', ?, 1, ?)", rows);
		double before = closed("MISSED");

		await().until(() -> count("PENDING") == 0);

		assertThat(count("MISSED")).isEqualTo(1_234);
		assertThat(closed("MISSED") - before).isEqualTo(1_234);
	}

	private void assertClosed(long id, String status, String reason) {
		Map<String, Object> row = this.jdbc.queryForMap("SELECT status, error, finished_at FROM execution WHERE id = ?",
				id);
		assertThat(row).as("row %s", id).containsEntry("status", status).containsEntry("error", reason);
		assertThat(row.get("finished_at")).as("finished_at of %s", id).isNotNull();
	}

	private void assertReason(long id, String code, String agent) {
		JsonNode detail = this.api.get("/api/v1/executions/" + id).body();
		assertThat(detail.path("reason").path("code").asText()).as("reason of %s", id).isEqualTo(code);
		assertThat(detail.path("reason").path("params").path("agent").asText(null)).as("agent of %s", id)
			.isEqualTo(agent);
		assertThat(detail.path("reason").path("text").asText()).isEqualTo(detail.path("error").asText());
	}

	private long job(String name) {
		return this.api.post("/api/v1/jobs", Jobs.http(name)).id();
	}

	private Instant ago(long seconds) {
		return this.now.minusSeconds(seconds);
	}

	/** A row as an agent claims it (or the web inserts a manual run). */
	private long row(long jobId, String agentId, String trigger, String status, Instant scheduledAt,
			Instant updatedAt) {
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, attempt, "
						+ "updated_at) VALUES (?, 'job', ?, ?, ?, ?, 1, ?)",
				jobId, agentId, trigger, status, SqlTime.of(scheduledAt), SqlTime.of(updatedAt));
		return this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ? AND scheduled_at = ?", Long.class,
				jobId, SqlTime.of(scheduledAt));
	}

	/** A run request waiting in etcd, as the web puts it. */
	private void request(String agentId, long executionId, long jobId) {
		OnceRequest request = new OnceRequest(executionId, jobId, TriggerType.MANUAL, null, this.now, "admin");
		this.probe.put(this.keys.once(agentId, executionId), CronyJson.toJson(request));
	}

	private String status(long id) {
		return this.jdbc.queryForObject("SELECT status FROM execution WHERE id = ?", String.class, id);
	}

	private long count(String status) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM execution WHERE status = ?", Long.class, status);
	}

	private double closed(String status) {
		return this.meters.counter("crony.reconciler.closed", "status", status).count();
	}

	private static ConditionFactory await() {
		return Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100));
	}

}
