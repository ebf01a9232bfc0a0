package io.crony.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

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
 * etcd stalls (SIGSTOP, services of this class alone) under a running agent, with the
 * default lease: its keepalives go unanswered and its fence closes, but its lease never
 * expires. The fires due meanwhile start on time on their database claims (held back
 * until the lease was confirmed again, they used to start late; released, they were lost,
 * as no other agent holds the job): none is lost, none runs twice, and the same lease
 * goes on once etcd answers.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class LateKeepaliveIT {

	static final String AGENT = "agent-late-keepalive";

	static final LocalServices local = LocalServices.dedicated();

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension(local);

	static AgentTestSupport support;

	static final SampleTarget target = SampleTarget.start(0);

	@Autowired
	AgentRuntime runtime;

	// The fence closes 3 s after the last confirmed keepalive (sent every 2 s), the lease
	// expires after 10 s: a 5 s stall closes the fence for at least 2 s, and the first
	// keepalive after it (at most 2 s later) still finds the lease.
	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		Map<String, String> properties = support.agentProperties(AGENT, "target/spool-" + services.schema());
		properties.put("crony.agent.fencing-margin", "7s");
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

	static long fencedAt;

	@Test
	void firesDueWhileTheLeaseIsUnconfirmedStartOnTimeOnTheirClaims() {
		await().atMost(Duration.ofSeconds(30)).until(() -> this.runtime.fence().mayFire());
		JobSpec job = EverySecondJobs.job(1, target);
		support.assign(AGENT, job);
		await().atMost(Duration.ofSeconds(30)).until(() -> target.runsByScheduledAt(job.id()).size() >= 2);
		long lease = support.leaseOf(AGENT);

		local.pauseEtcd();
		try {
			await().atMost(Duration.ofSeconds(15)).until(() -> !this.runtime.fence().mayFire());
			fencedAt = System.currentTimeMillis();
			await().atMost(Duration.ofSeconds(10)).until(() -> System.currentTimeMillis() >= fencedAt + 2500);
		}
		finally {
			local.resumeEtcd();
		}
		long resumedAt = System.currentTimeMillis();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.runtime.fence().mayFire());
		assertThat(support.leaseOf(AGENT)).as("the lease held through the stall").isEqualTo(lease);
		await().atMost(Duration.ofSeconds(30))
			.until(() -> target.callsOf(job.id())
				.stream()
				.anyMatch((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() > resumedAt + 2000));

		EverySecondJobs.assertRanOnceEachSecond(target, job);
		long from = fencedAt + 500;
		long to = resumedAt - 500;
		assertThat(target.callsOf(job.id())
			.stream()
			.filter((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() >= from
					&& Instant.parse(call.scheduledAt()).toEpochMilli() <= to)
			.toList()).as("fires due while the fence was closed, started before etcd answered again")
			.isNotEmpty()
			.allSatisfy((call) -> assertThat(call.receivedAtMillis()).isLessThan(resumedAt));
		support.unassign(AGENT, job.id());
	}

}
