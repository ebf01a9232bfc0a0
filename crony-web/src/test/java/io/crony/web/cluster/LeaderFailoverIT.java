package io.crony.web.cluster;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.crony.common.etcd.CronyKeys;
import io.crony.test.CronyServicesExtension;
import io.crony.test.FaultProxy;
import io.crony.web.CronyWebApplication;
import io.crony.web.cluster.leadership.LeaderElection;
import io.etcd.jetcd.Client;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two web instances on one schema and prefix: one leads; when it dies in the middle of a
 * failover, the other finishes it. Once with the leader's lease at its default (10 s) and
 * the leader cut off from etcd as a kill -9 leaves it (its lease expires, nobody revokes
 * it), once with a 3 s lease and the leader shut down.
 */
class LeaderFailoverIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	/**
	 * A short lease and a fast poll: the tuned twin of the default case. The dead agent's
	 * key is gone when the next leader starts, which then waits a start grace of one
	 * agent lease TTL for it to come back ({@code StartGrace}), the TTL etcd granted the
	 * live agents' leases: {@link #TUNED_AGENT_LEASE_TTL_SECONDS} here, the agents' 10 s
	 * default in the default case.
	 */
	private static final Map<String, String> TUNED = Map.of("crony.web.cluster.leader-lease-ttl", "3s",
			"crony.web.cluster.poll-interval", "200ms");

	/**
	 * The agents' lease TTL of the tuned case (crony.agent.lease-ttl, 10 s by default).
	 */
	private static final long TUNED_AGENT_LEASE_TTL_SECONDS = 3;

	/** crony.web.cluster.leader-lease-ttl's default. */
	private static final Duration DEFAULT_LEASE = Duration.ofSeconds(10);

	private ConfigurableApplicationContext first;

	private ConfigurableApplicationContext second;

	private Client client;

	private final java.util.List<TestAgent> agents = new java.util.ArrayList<>();

	@AfterEach
	void stopEverything() throws Exception {
		for (TestAgent agent : this.agents) {
			agent.close();
		}
		if (this.second != null) {
			new JobRows(this.second.getBean(JdbcTemplate.class)).deleteAll();
			EtcdAssignments assignments = new EtcdAssignments(this.client, this.second.getBean(CronyKeys.class));
			Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> assignments.byJob().isEmpty());
			this.second.close();
		}
		if (this.first != null) {
			this.first.close();
		}
	}

	@Test
	void nextLeaderFinishesAFailoverTheDeadLeaderLeftHalfDone() throws Exception {
		this.first = start("web-1", TUNED);
		LeaderElection firstElection = this.first.getBean(LeaderElection.class);
		Awaitility.await().atMost(Duration.ofSeconds(30)).until(firstElection::isLeader);
		this.second = start("web-2", TUNED);
		LeaderElection secondElection = this.second.getBean(LeaderElection.class);
		this.client = this.second.getBean(Client.class);
		CronyKeys keys = this.second.getBean(CronyKeys.class);
		assertThat(firstElection.isLeader()).isTrue();
		assertThat(secondElection.isLeader()).isFalse();
		assertThat(secondElection.leaderId()).isEqualTo("web-1");

		TestAgent doomed = TestAgent.start(this.client, keys, "doomed", 1, Map.of(), TUNED_AGENT_LEASE_TTL_SECONDS);
		this.agents.add(doomed);
		JobRows jobs = new JobRows(this.second.getBean(JdbcTemplate.class));
		EtcdAssignments assignments = new EtcdAssignments(this.client, keys);
		List<Long> ids = jobs.createMany("half-done", 2000);
		Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> assignments.count(this.client, "doomed") == 2000);
		this.agents.add(TestAgent.start(this.client, keys, "survivor-1", 1, Map.of(), TUNED_AGENT_LEASE_TTL_SECONDS));
		this.agents.add(TestAgent.start(this.client, keys, "survivor-2", 1, Map.of(), TUNED_AGENT_LEASE_TTL_SECONDS));
		EtcdAssignments.Snapshot before = assignments.snapshot();

		try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, keys, before.byJob(),
				before.revision() + 1)) {
			doomed.kill();
			AtomicLong left = new AtomicLong();
			Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5)).until(() -> {
				left.set(assignments.count(this.client, "doomed"));
				return left.get() > 0 && left.get() < 1900;
			});
			this.first.close();
			this.first = null;
			long leftByFirst = assignments.count(this.client, "doomed");

			Awaitility.await().atMost(Duration.ofSeconds(30)).until(secondElection::isLeader);
			Awaitility.await()
				.atMost(Duration.ofSeconds(120))
				.until(() -> assignments.count(this.client, "doomed") == 0);
			assertThat(leftByFirst).isPositive();
			assertThat(invariant.violations()).isEmpty();
		}
		assertEachJobOnOneSurvivor(assignments, ids);
	}

	/**
	 * The core case with the defaults: the leader's lease (10 s) and poll interval as
	 * shipped. The leader reaches etcd through a fault proxy that cuts it off in the
	 * middle of the failover, so its lease is neither kept alive nor revoked; the other
	 * instance leads once etcd expires it and finishes the failover, each job on one
	 * survivor, none on two at any revision. About 45 s: two web starts, 2,000 jobs, the
	 * lease's 10 s.
	 */
	@Test
	void withTheDefaultLeaseTheNextLeaderFinishesAFailoverOfALeaderCutOff() throws Exception {
		try (FaultProxy proxy = FaultProxy.start()) {
			FaultProxy.Route etcd = proxy.route("leader-etcd", URI.create(services.etcdEndpoint()).getPort());
			this.first = start("web-1", Map.of("crony.etcd.endpoints", "http://127.0.0.1:" + etcd.port()));
			LeaderElection firstElection = this.first.getBean(LeaderElection.class);
			Awaitility.await().atMost(Duration.ofSeconds(30)).until(firstElection::isLeader);
			this.second = start("web-2", Map.of());
			LeaderElection secondElection = this.second.getBean(LeaderElection.class);
			this.client = this.second.getBean(Client.class);
			CronyKeys keys = this.second.getBean(CronyKeys.class);
			assertThat(secondElection.leaderId()).isEqualTo("web-1");

			TestAgent doomed = TestAgent.start(this.client, keys, "doomed", 1, Map.of(), 10);
			this.agents.add(doomed);
			JobRows jobs = new JobRows(this.second.getBean(JdbcTemplate.class));
			EtcdAssignments assignments = new EtcdAssignments(this.client, keys);
			List<Long> ids = jobs.createMany("cut-off", 2000);
			Awaitility.await()
				.atMost(Duration.ofSeconds(60))
				.until(() -> assignments.count(this.client, "doomed") == 2000);
			this.agents.add(TestAgent.start(this.client, keys, "survivor-1", 1, Map.of(), 10));
			this.agents.add(TestAgent.start(this.client, keys, "survivor-2", 1, Map.of(), 10));
			EtcdAssignments.Snapshot before = assignments.snapshot();

			try (AssignmentInvariant invariant = new AssignmentInvariant(this.client, keys, before.byJob(),
					before.revision() + 1)) {
				doomed.kill();
				Awaitility.await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(5)).until(() -> {
					long left = assignments.count(this.client, "doomed");
					return left > 0 && left < 1900;
				});
				etcd.cut();
				Instant cut = Instant.now();
				long leftByFirst = assignments.count(this.client, "doomed");

				Awaitility.await().atMost(DEFAULT_LEASE.plusSeconds(30)).until(secondElection::isLeader);
				assertThat(Duration.between(cut, Instant.now())).as("the cut leader's lease ran out first")
					.isGreaterThan(DEFAULT_LEASE.minusSeconds(5));
				Awaitility.await()
					.atMost(Duration.ofSeconds(120))
					.until(() -> assignments.count(this.client, "doomed") == 0);
				assertThat(leftByFirst).isPositive();
				assertThat(invariant.violations()).isEmpty();
			}
			assertEachJobOnOneSurvivor(assignments, ids);
			// stopped while cut off, as the dead process it stands for
			this.first.close();
			this.first = null;
		}
	}

	private static ConfigurableApplicationContext start(String instanceId, Map<String, String> settings) {
		Map<String, Object> properties = new HashMap<>(services.properties());
		properties.put("server.port", "0");
		properties.put("crony.web.cluster.instance-id", instanceId);
		properties.putAll(settings);
		// One transaction at a time makes the failover slow enough to cut it in the
		// middle.
		properties.put("crony.web.cluster.max-in-flight", "1");
		// Command-line arguments, so they win over application.yml (default properties
		// would not).
		String[] args = properties.entrySet()
			.stream()
			.map((entry) -> "--" + entry.getKey() + "=" + entry.getValue())
			.toArray(String[]::new);
		return new SpringApplicationBuilder(CronyWebApplication.class).run(args);
	}

	// every job of the failover on exactly one of the survivors, none left behind
	private static void assertEachJobOnOneSurvivor(EtcdAssignments assignments, List<Long> ids) {
		Map<Long, List<String>> byJob = assignments.byJob();
		assertThat(byJob).hasSize(ids.size());
		for (Long id : ids) {
			assertThat(byJob.get(id)).hasSize(1);
			assertThat(byJob.get(id).get(0)).isIn("survivor-1", "survivor-2");
		}
	}

}
