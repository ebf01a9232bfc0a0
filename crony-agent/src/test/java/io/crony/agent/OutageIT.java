package io.crony.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
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
 * etcd, MariaDB, and both at once stopped under a running agent (services of this class
 * alone), with the settings a user gets: the default lease (10 s) and jobs as the API
 * makes them by default (misfire FIRE_NOW, overlap SKIP).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class OutageIT {

	static final String AGENT = "agent-outage";

	static final int ETCD_OUTAGE_JOBS = 200;

	static final LocalServices local = LocalServices.dedicated();

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension(local);

	static AgentTestSupport support;

	static final SampleTarget target = SampleTarget.start(0);

	@Autowired
	AgentRuntime runtime;

	final List<JobSpec> assigned = new ArrayList<>();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
	}

	// set by Spring: the agent stops before the services it talks to (stopped with the
	// context, after them, it waited on both until the test JVM was killed)
	static AgentRuntime agent;

	@Autowired
	void keepAgent(AgentRuntime runtime) {
		agent = runtime;
	}

	@AfterEach
	void unassign() {
		await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> {
			this.assigned.forEach((job) -> support.unassign(AGENT, job.id()));
			return true;
		});
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
	void firesEverySecondOnceThroughASixtySecondEtcdOutage() {
		List<JobSpec> jobs = new ArrayList<>();
		for (long id = 1; id <= ETCD_OUTAGE_JOBS; id++) {
			jobs.add(job(id));
		}
		startFiring(jobs);
		long stoppedAt = System.currentTimeMillis();
		local.stopEtcd();
		awaitFiredUntil(jobs, stoppedAt + 60_000);
		local.startEtcd();
		long restartedAt = System.currentTimeMillis();

		// the watch is back: a job assigned now is picked up
		JobSpec later = job(ETCD_OUTAGE_JOBS + 1);
		await().atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> {
			support.assign(AGENT, later);
			return true;
		});
		this.assigned.add(later);
		await().atMost(Duration.ofSeconds(60)).until(() -> !target.runsByScheduledAt(later.id()).isEmpty());
		awaitFiredUntil(jobs, restartedAt + 5000);

		FireCounts counts = FireCounts.of(support, target, jobs, stoppedAt, restartedAt + 5000);
		System.out.println("etcd stopped 60 s, default lease, " + jobs.size() + " every-second jobs: " + counts);
		assertThat(counts.missed()).isZero();
		assertThat(counts.duplicate()).isZero();
		assertThat(counts.skipped()).isZero();
		assertThat(counts.recorded()).isEqualTo(counts.expected());
		assertThat(counts.pending()).isZero();
	}

	@Test
	void firesThroughADatabaseOutageAndRecordsEveryRunExactlyOnce() {
		JobSpec job = job(301);
		startFiring(List.of(job));
		long stoppedAt = System.currentTimeMillis();
		local.stopDb();
		awaitFiredUntil(List.of(job), stoppedAt + 20_000);
		local.startDb();
		long restartedAt = System.currentTimeMillis();
		awaitFiredUntil(List.of(job), restartedAt + 3000);

		FireCounts counts = FireCounts.of(support, target, List.of(job), stoppedAt, restartedAt + 3000);
		System.out.println("database stopped 20 s, default lease, one every-second job: " + counts);
		assertThat(counts.missed()).isZero();
		assertThat(counts.duplicate()).isZero();
		assertThat(counts.recorded()).isEqualTo(counts.expected());
	}

	/**
	 * With neither etcd nor a database claim the agent fires on what it can still trust:
	 * fires claimed locally (spooled) while the lease may be valid, then nothing (fenced)
	 * until one of them is back. Nothing runs twice, and every run is recorded.
	 */
	@Test
	void spoolsThenFencesWhenEtcdAndTheDatabaseAreBothAwayAndRunsNothingTwiceAfter() {
		JobSpec job = job(401);
		startFiring(List.of(job));
		long stoppedAt = System.currentTimeMillis();
		local.stopDb();
		local.stopEtcd();
		// the lease was last confirmed before etcd stopped (stopping MariaDB first can
		// take
		// seconds on a loaded machine): the fence counts from there
		long etcdGoneAt = System.currentTimeMillis();
		// the lease may live up to its TTL: fires go on, claimed locally, up to TTL -
		// margin
		awaitFiredUntil(List.of(job), stoppedAt + 5000);
		long fencedFrom = etcdGoneAt / 1000 + 10;
		// while both stay away: once the lease may have expired, nothing starts (fenced)
		await().during(Duration.ofSeconds(25))
			.atMost(Duration.ofSeconds(30))
			.until(() -> seconds(target.runsByScheduledAt(job.id()).keySet()).stream()
				.noneMatch((second) -> second >= fencedFrom));
		Set<Long> firedWhileAway = seconds(target.runsByScheduledAt(job.id()).keySet());
		local.startEtcd();
		local.startDb();
		long restartedAt = System.currentTimeMillis();
		awaitFiredUntil(List.of(job), restartedAt + 5000);

		long fencedTo = etcdGoneAt / 1000 + 24;
		assertThat(firedWhileAway).as("fenced once the lease may have expired")
			.noneMatch((second) -> second >= fencedFrom && second <= fencedTo);
		FireCounts counts = FireCounts.of(support, target, List.of(job), stoppedAt, restartedAt + 5000);
		System.out.println("etcd and database stopped 25 s, default lease, one every-second job: " + counts);
		assertThat(counts.duplicate()).isZero();
		assertThat(counts.fired()).as("fired while the lease was valid, spooled").isGreaterThanOrEqualTo(5);
		assertThat(counts.recorded()).as("every run recorded once").isEqualTo(counts.fired());
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(FireCounts.of(support, target, List.of(job), stoppedAt, restartedAt + 5000))
				.as("every fire recorded: run, or skipped while fenced; none left unfinished")
				.satisfies((after) -> {
					assertThat(after.rows()).isEqualTo(after.expected());
					assertThat(after.pending()).isZero();
					assertThat(after.missedRows()).isEqualTo(after.expected() - after.fired());
				}));
	}

	private JobSpec job(long id) {
		return AgentTestSupport.defaultHttpJob(id, AgentTestSupport.EVERY_SECOND, target.url("/ok"));
	}

	private void startFiring(List<JobSpec> jobs) {
		await().atMost(Duration.ofSeconds(30)).until(() -> this.runtime.fence().mayFire());
		jobs.forEach((job) -> support.assign(AGENT, job));
		this.assigned.addAll(jobs);
		await().atMost(Duration.ofSeconds(60))
			.until(() -> jobs.stream().allMatch((job) -> target.runsByScheduledAt(job.id()).size() >= 2));
	}

	private static void awaitFiredUntil(List<JobSpec> jobs, long millis) {
		await().atMost(Duration.ofSeconds(120))
			.until(() -> jobs.stream()
				.allMatch((job) -> target.callsOf(job.id())
					.stream()
					.anyMatch((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() >= millis)));
	}

	private static Set<Long> seconds(Set<String> instants) {
		return instants.stream()
			.map((at) -> Instant.parse(at).getEpochSecond())
			.collect(Collectors.toCollection(TreeSet::new));
	}

}
