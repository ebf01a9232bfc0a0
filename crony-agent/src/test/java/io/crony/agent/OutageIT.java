package io.crony.agent;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * etcd and MariaDB each stopped for 20 s under a running agent (services of this class
 * alone). The lease TTL is 60 s here: the design lets an agent fire through an etcd
 * outage only while its lease may still be valid, and this test is about the outage, not
 * fencing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class OutageIT {

	static final String AGENT = "agent-outage";

	static final LocalServices local = LocalServices.dedicated();

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension(local);

	static AgentTestSupport support;

	static final SampleTarget target = SampleTarget.start(0);

	@Autowired
	AgentRuntime runtime;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		Map<String, String> properties = support.agentProperties(AGENT, "target/spool-" + services.schema());
		properties.put("crony.agent.lease-ttl", "60s");
		properties.forEach((key, value) -> registry.add(key, () -> value));
	}

	// set by Spring: the agent stops before the services it talks to (stopped with the
	// context, after them, it waited on both until the test JVM was killed)
	static AgentRuntime agent;

	@Autowired
	void keepAgent(AgentRuntime runtime) {
		agent = runtime;
	}

	@AfterAll
	static void close() {
		if (agent != null) {
			agent.stop();
		}
		target.close();
		support.close();
		local.close();
	}

	@Test
	void keepsFiringThroughAnEtcdOutageAndResyncsAfterIt() {
		JobSpec job = AgentTestSupport.httpJob(1, AgentTestSupport.EVERY_SECOND, target.url("/ok"));
		startFiring(job);
		long stoppedAt = System.currentTimeMillis();
		local.stopEtcd();
		awaitFiredUntil(job, stoppedAt + 20_000);
		local.startEtcd();
		long restartedAt = System.currentTimeMillis();

		// the watch is back: a job assigned now is picked up
		JobSpec later = AgentTestSupport.httpJob(2, AgentTestSupport.EVERY_SECOND, target.url("/ok"));
		await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> {
			support.assign(AGENT, later);
			return true;
		});
		await().atMost(Duration.ofSeconds(60)).until(() -> !target.runsByScheduledAt(later.id()).isEmpty());
		assertEverySecondOnce(job, stoppedAt, restartedAt);
		support.unassign(AGENT, job.id());
		support.unassign(AGENT, later.id());
	}

	@Test
	void keepsFiringThroughADatabaseOutageAndRecordsEveryRunExactlyOnce() {
		JobSpec job = AgentTestSupport.httpJob(3, AgentTestSupport.EVERY_SECOND, target.url("/ok"));
		startFiring(job);
		long stoppedAt = System.currentTimeMillis();
		local.stopDb();
		awaitFiredUntil(job, stoppedAt + 20_000);
		local.startDb();
		long restartedAt = System.currentTimeMillis();
		assertEverySecondOnce(job, stoppedAt, restartedAt);

		// fires claimed ahead of the unassign never run: compare only what was due before
		// it
		awaitFiredUntil(job, restartedAt + 2000);
		long cutoff = System.currentTimeMillis() - 2000;
		support.unassign(AGENT, job.id());
		await().atMost(Duration.ofSeconds(60))
			.ignoreExceptions()
			.untilAsserted(() -> assertThat(rowsUntil(job, cutoff, "SUCCEEDED")).isEqualTo(firesUntil(job, cutoff)));
		assertThat(rowsUntil(job, cutoff, null)).isEqualTo(firesUntil(job, cutoff));
	}

	private void startFiring(JobSpec job) {
		await().atMost(Duration.ofSeconds(30)).until(() -> this.runtime.fence().mayFire());
		support.assign(AGENT, job);
		await().atMost(Duration.ofSeconds(30)).until(() -> target.runsByScheduledAt(job.id()).size() >= 2);
	}

	private static void awaitFiredUntil(JobSpec job, long millis) {
		await().atMost(Duration.ofSeconds(40))
			.until(() -> target.callsOf(job.id())
				.stream()
				.anyMatch((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() >= millis));
	}

	/** Every second between the two instants fired, once. */
	private static void assertEverySecondOnce(JobSpec job, long fromMillis, long toMillis) {
		Map<String, Long> runs = target.runsByScheduledAt(job.id());
		assertThat(runs.values()).allMatch((count) -> count == 1);
		Set<Long> seconds = runs.keySet()
			.stream()
			.map((at) -> Instant.parse(at).getEpochSecond())
			.collect(Collectors.toCollection(TreeSet::new));
		for (long second = fromMillis / 1000 + 1; second < toMillis / 1000; second++) {
			assertThat(seconds).as("fired at second %d", second).contains(second);
		}
	}

	private static Set<Instant> firesUntil(JobSpec job, long millis) {
		return target.runsByScheduledAt(job.id())
			.keySet()
			.stream()
			.map(Instant::parse)
			.filter((at) -> at.toEpochMilli() <= millis)
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private static Set<Instant> rowsUntil(JobSpec job, long millis, String status) {
		List<Timestamp> rows = support.jdbc()
			.queryForList(
					"SELECT scheduled_at FROM execution WHERE job_id = ? AND scheduled_at <= ?"
							+ ((status != null) ? " AND status = '" + status + "'" : ""),
					Timestamp.class, job.id(), new Timestamp(millis));
		assertThat(rows).doesNotHaveDuplicates();
		return rows.stream().map(Timestamp::toInstant).collect(Collectors.toCollection(TreeSet::new));
	}

}
