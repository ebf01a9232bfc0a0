package io.crony.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An agent whose lease is revoked while it lives on: the leader moves its jobs at once,
 * the agent learns at its next keepalive, stops firing and registers again; the claims
 * keep every fire single in the meantime.
 */
class FencingIT {

	static final int TTL_SECONDS = 4;

	static final long FENCE_MILLIS = (TTL_SECONDS - 1) * 1000L;

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@Test
	void revokedAgentStopsFiringBeforeItsLeaseCouldHaveExpiredAndNothingRunsTwice() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess fenced = AgentProcess.start("fenced", FailoverIT.properties(support, "fenced"));
				AgentProcess other = AgentProcess.start("other", FailoverIT.properties(support, "other"))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("fenced") && support.registered("other"));
			List<JobSpec> jobs = new ArrayList<>();
			for (long id = 1; id <= 10; id++) {
				JobSpec job = AgentTestSupport.httpJob(id, AgentTestSupport.EVERY_SECOND, target.url("/ok"));
				jobs.add(job);
				support.assign("fenced", job);
			}
			await().atMost(Duration.ofSeconds(30))
				.until(() -> jobs.stream().allMatch((job) -> target.runsByScheduledAt(job.id()).size() >= 2));

			long lease = support.leaseOf("fenced");
			long revokedAt = System.currentTimeMillis();
			support.etcd().getLeaseClient().revoke(lease).get(10, TimeUnit.SECONDS);
			jobs.forEach((job) -> support.move("fenced", "other", job));

			await().atMost(Duration.ofSeconds(20))
				.until(() -> support.leaseOf("fenced") != 0 && support.leaseOf("fenced") != lease);
			long settled = System.currentTimeMillis() + 3000;
			await().atMost(Duration.ofSeconds(20))
				.until(() -> jobs.stream()
					.allMatch((job) -> target.callsOf(job.id())
						.stream()
						.anyMatch((call) -> "other".equals(call.agentId())
								&& Instant.parse(call.scheduledAt()).toEpochMilli() > settled)));

			long lastFencedRun = target.calls()
				.stream()
				.filter((call) -> "fenced".equals(call.agentId()))
				.mapToLong((call) -> Instant.parse(call.scheduledAt()).toEpochMilli())
				.max()
				.getAsLong();
			assertThat(lastFencedRun).isLessThan(revokedAt + FENCE_MILLIS);
			Map<String, Long> runs = target.runsByFire();
			assertThat(runs).allSatisfy((fire, count) -> assertThat(count).as(fire).isEqualTo(1));
		}
	}

	/**
	 * The fenced agent's claims made ahead (up to claim-ahead) are released when it
	 * learns of the revoked lease, and the new holder, which found them claimed, takes
	 * them: every second of the window runs exactly once across both agents.
	 */
	@Test
	void everySecondRunsExactlyOnceAcrossTheFencedAgentAndTheNewHolder() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess fenced = AgentProcess.start("fenced-2", FailoverIT.properties(support, "fenced-2"));
				AgentProcess other = AgentProcess.start("other-2", FailoverIT.properties(support, "other-2"))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("fenced-2") && support.registered("other-2"));
			List<JobSpec> jobs = EverySecondJobs.assignRunning(support, target, "fenced-2", 101, 120);

			long lease = support.leaseOf("fenced-2");
			support.etcd().getLeaseClient().revoke(lease).get(10, TimeUnit.SECONDS);
			support.moveAll("fenced-2", "other-2", jobs);

			await().atMost(Duration.ofSeconds(20))
				.until(() -> support.leaseOf("fenced-2") != 0 && support.leaseOf("fenced-2") != lease);
			EverySecondJobs.assertRanOnceEachSecondOn("other-2", support, target, jobs,
					System.currentTimeMillis() + 3000);
		}
	}

}
