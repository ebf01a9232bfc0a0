package io.crony.web.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.common.etcd.CronyKeys;
import io.crony.test.CronyServicesExtension;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.ApiClient;
import io.crony.web.support.Users;
import io.etcd.jetcd.Client;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One crony-web context per test class on its own schema and key prefix, raw etcd leases
 * standing in for agents, and job rows written as the job API writes them. Each test
 * leaves no agent, job or assignment behind.
 */
abstract class ClusterItSupport {

	static final String TEST_ADMIN = "it-admin";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
		registry.add("crony.web.cluster.poll-interval", () -> "200ms");
	}

	@Autowired
	Client client;

	@Autowired
	CronyKeys keys;

	@Autowired
	JdbcTemplate jdbc;

	@Autowired
	LeaderElection election;

	JobRows jobs;

	EtcdAssignments assignments;

	private final List<TestAgent> agents = new ArrayList<>();

	@BeforeEach
	void startCluster() {
		this.jobs = new JobRows(this.jdbc);
		this.assignments = new EtcdAssignments(this.client, this.keys);
		await().until(this.election::isLeader);
	}

	@AfterEach
	void leaveNothingBehind() throws Exception {
		for (TestAgent agent : this.agents) {
			agent.close();
		}
		this.jobs.deleteAll();
		await().until(() -> this.assignments.byJob().isEmpty());
		this.jdbc.update("DELETE FROM agent");
		this.jdbc.update("DELETE FROM agent_event");
		this.jdbc.update("DELETE FROM cluster_request");
		this.jdbc
			.update("DELETE FROM auth_token WHERE user_id IN (SELECT id FROM app_user WHERE username LIKE 'it-%')");
		this.jdbc.update("DELETE FROM app_user WHERE username LIKE 'it-%'");
	}

	TestAgent agent(String id, int weight, Map<String, String> labels) throws Exception {
		return agent(id, weight, labels, 5);
	}

	TestAgent agent(String id, int weight, Map<String, String> labels, long ttlSeconds) throws Exception {
		TestAgent agent = TestAgent.start(this.client, this.keys, id, weight, labels, ttlSeconds);
		this.agents.add(agent);
		// The leader records an agent in table agent once it saw it join.
		await().until(() -> this.jdbc.queryForObject("SELECT COUNT(*) FROM agent WHERE id = ? AND status = 'ONLINE'",
				Integer.class, id) == 1);
		return agent;
	}

	/**
	 * Signs in as an admin of this test's own making: the cluster test classes share a
	 * schema, whose first-start admin has a random password. Users whose names start with
	 * {@code it-} are removed after each test.
	 */
	ApiClient signedInAdmin(int port) {
		this.jdbc.update(
				"INSERT IGNORE INTO app_user (username, password_hash, global_admin, enabled, created_at, updated_at) "
						+ "VALUES (?, ?, 1, 1, NOW(3), NOW(3))",
				TEST_ADMIN, new BCryptPasswordEncoder().encode(Users.PASSWORD));
		return ApiClient.anonymous(port).login(TEST_ADMIN, Users.PASSWORD);
	}

	static ConditionFactory await() {
		return Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).pollInSameThread();
	}

	/** Every job in the list is on exactly one agent, and on one of the given ones. */
	void assertEachOnExactlyOneOf(List<Long> jobIds, List<String> agentIds) {
		Map<Long, List<String>> byJob = this.assignments.byJob();
		for (Long jobId : jobIds) {
			assertThat(byJob.get(jobId)).as("agents of job %s", jobId).hasSize(1);
			assertThat(agentIds).contains(byJob.get(jobId).get(0));
		}
	}

}
