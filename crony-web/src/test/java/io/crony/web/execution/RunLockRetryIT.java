package io.crony.web.execution;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import javax.sql.DataSource;

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
import static org.awaitility.Awaitility.await;

/**
 * Run now, SDK reports and job saves against real MariaDB while another transaction holds
 * the locks their writes need (as the agents' batched claims do under load): the web's
 * lock waits time out after a second here, are retried, and the run is created once (the
 * report applied once); if the locks are never freed the answer is 503 and nothing is
 * left behind.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "crony.web.admin.initial-password=" + RunLockRetryIT.ADMIN_PASSWORD)
class RunLockRetryIT {

	static final String ADMIN_PASSWORD = "admin-password-lock";

	private static final String AGENT = "agent-locked";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		// lock waits end in a second (error 1205) instead of MariaDB's 50 s default
		registry.add("spring.datasource.url", () -> services.properties().get("spring.datasource.url")
				+ "&sessionVariables=innodb_lock_wait_timeout=1");
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private Client etcd;

	@Autowired
	private ExecutionTokenSecret tokens;

	private final CronyKeys keys = new CronyKeys(services.keyPrefix());

	private EtcdProbe probe;

	private ApiClient api;

	private long jobId;

	@BeforeEach
	void setUp() {
		this.probe = new EtcdProbe(this.etcd);
		this.api = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		this.jobId = this.api.post("/api/v1/jobs", Jobs.http("contended")).id();
		AgentInfo agent = new AgentInfo(AGENT, "127.0.0.1", 9100, 1, Map.of(), "test", Instant.now());
		this.probe.put(this.keys.node(AGENT), new String(CronyJson.toBytes(agent), StandardCharsets.UTF_8));
		this.probe.put(this.keys.job(AGENT, this.jobId),
				this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, this.jobId));
		this.jdbc.update("UPDATE job SET agent_id = ? WHERE id = ?", AGENT, this.jobId);
	}

	@AfterEach
	void cleanUp() {
		this.jdbc.update("DELETE FROM job_dependency");
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
		this.probe.deleteUnder(this.keys.nodes());
		this.probe.deleteUnder(this.keys.onces(AGENT));
	}

	@Test
	void runWhoseInsertLostALockIsRetriedAndCreatedOnce() throws Exception {
		CompletableFuture<Response> run;
		try (Connection holder = lockExecutionsOf(this.jobId)) {
			run = CompletableFuture.supplyAsync(() -> this.api.post("/api/v1/jobs/" + this.jobId + "/run", Map.of()));
			String firstWait = await().atMost(Duration.ofSeconds(30)).until(this::lockWaiter, (id) -> id != null);
			// the first attempt timed out and a retry waits now: let it through
			await().atMost(Duration.ofSeconds(30)).until(this::lockWaiter, (id) -> id != null && !id.equals(firstWait));
			holder.rollback();
		}

		Response response = run.get();
		assertThat(response.status()).as("%s", response.body()).isEqualTo(202);
		long executionId = response.body().get("executionId").asLong();
		assertThat(this.jdbc.queryForList("SELECT id FROM execution WHERE job_id = ?", Long.class, this.jobId))
			.containsExactly(executionId);
		assertThat(this.jdbc.queryForObject("SELECT agent_id FROM execution WHERE id = ?", String.class, executionId))
			.isEqualTo(AGENT);
		assertThat(this.probe.get(this.keys.once(AGENT, executionId))).isNotNull();
	}

	@Test
	void reportWhoseUpdateLostALockIsRetriedAndApplied() throws Exception {
		this.jdbc.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at,"
				+ " started_at, attempt, mode, updated_at) VALUES (?, 'contended', ?, 'CRON', 'RUNNING', NOW(3), NOW(3),"
				+ " 1, 'ASYNC', NOW(3))", this.jobId, AGENT);
		long executionId = this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ?", Long.class,
				this.jobId);
		String token = this.tokens.tokens().tokenFor(executionId);
		CompletableFuture<ReportClient.Answer> report;
		try (Connection holder = lockExecutionsOf(this.jobId)) {
			report = CompletableFuture.supplyAsync(() -> new ReportClient(this.port).post(executionId, "result", token,
					"{\"outcome\":\"SUCCEEDED\"}"));
			String firstWait = await().atMost(Duration.ofSeconds(30)).until(this::lockWaiter, (id) -> id != null);
			// the first attempt timed out and a retry waits now: let it through
			await().atMost(Duration.ofSeconds(30)).until(this::lockWaiter, (id) -> id != null && !id.equals(firstWait));
			holder.rollback();
		}

		ReportClient.Answer answer = report.get();
		assertThat(answer.status()).as("%s", answer.body()).isEqualTo(200);
		assertThat(answer.body().get("applied").asBoolean()).isTrue();
		assertThat(answer.body().get("status").asText()).isEqualTo("SUCCEEDED");
		assertThat(this.jdbc.queryForObject("SELECT status FROM execution WHERE id = ?", String.class, executionId))
			.isEqualTo("SUCCEEDED");
	}

	@Test
	void jobSaveWhoseDependencyInsertLostALockIsRetriedAndSavedOnce() throws Exception {
		// a job waiting for 'contended': its dependency row's foreign key check needs the
		// upstream's row, which the web leader's placement update holds at times
		Map<String, Object> downstream = Jobs.http("waits-for-contended");
		downstream.put("dependsOn", List.of("contended"));
		CompletableFuture<Response> save;
		try (Connection holder = lockJobRow(this.jobId)) {
			save = CompletableFuture.supplyAsync(() -> this.api.post("/api/v1/jobs", downstream));
			String firstWait = await().atMost(Duration.ofSeconds(30)).until(this::lockWaiter, (id) -> id != null);
			// the first attempt timed out (a 500 before) and a retry waits now: let it
			// through
			await().atMost(Duration.ofSeconds(30)).until(this::lockWaiter, (id) -> id != null && !id.equals(firstWait));
			holder.rollback();
		}

		Response response = save.get();
		assertThat(response.status()).as("%s", response.body()).isEqualTo(201);
		long id = response.id();
		assertThat(this.jdbc.queryForList("SELECT id FROM job WHERE name = 'waits-for-contended'", Long.class))
			.containsExactly(id);
		assertThat(this.jdbc.queryForList("SELECT upstream_id FROM job_dependency WHERE job_id = ?", Long.class, id))
			.containsExactly(this.jobId);
	}

	@Test
	void runThatNeverGetsItsLockAnswers503AndLeavesNothing() throws Exception {
		Response response;
		try (Connection holder = lockExecutionsOf(this.jobId)) {
			response = this.api.post("/api/v1/jobs/" + this.jobId + "/run", Map.of());
			holder.rollback();
		}

		assertThat(response.status()).as("%s", response.body()).isEqualTo(503);
		assertThat(response.isProblem()).isTrue();
		assertThat(this.jdbc.queryForObject("SELECT COUNT(*) FROM execution", Long.class)).isZero();
		assertThat(this.probe.keysUnder(this.keys.onces(AGENT))).isEmpty();
	}

	/**
	 * Takes the next-key locks over the job's range of the (job_id, scheduled_at) index
	 * in an open transaction, so any insert of a row for the job waits.
	 */
	private Connection lockExecutionsOf(long job) throws Exception {
		Connection connection = this.dataSource.getConnection();
		connection.setAutoCommit(false);
		try (PreparedStatement lock = connection
			.prepareStatement("SELECT id FROM execution WHERE job_id = ? FOR UPDATE")) {
			lock.setLong(1, job);
			lock.executeQuery().close();
		}
		return connection;
	}

	/**
	 * Holds the job's row as the leader's placement update does, in an open transaction.
	 */
	private Connection lockJobRow(long job) throws Exception {
		Connection connection = this.dataSource.getConnection();
		connection.setAutoCommit(false);
		try (PreparedStatement lock = connection.prepareStatement("SELECT id FROM job WHERE id = ? FOR UPDATE")) {
			lock.setLong(1, job);
			lock.executeQuery().close();
		}
		return connection;
	}

	/** The transaction now waiting for a lock, if any. */
	private String lockWaiter() throws Exception {
		List<String> waiting = this.jdbc.queryForList(
				"SELECT trx_id FROM information_schema.innodb_trx WHERE trx_state = 'LOCK WAIT'", String.class);
		return waiting.isEmpty() ? null : waiting.get(0);
	}

}
