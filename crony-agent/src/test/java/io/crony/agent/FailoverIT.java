package io.crony.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two agent processes; one is killed with SIGKILL while firing, and the test moves its
 * jobs to the survivor as the web leader would once the dead agent's node key expires.
 */
class FailoverIT {

	static final int TTL_SECONDS = 4;

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@Test
	void survivorResumesKilledAgentsJobsFiringTheMissedInstantOnceAndNothingTwice() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess victim = AgentProcess.start("victim", properties(support, "victim"));
				AgentProcess survivor = AgentProcess.start("survivor", properties(support, "survivor"))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("victim") && support.registered("survivor"));
			List<JobSpec> victimJobs = new ArrayList<>();
			for (long id = 1; id <= 40; id++) {
				JobSpec job = EverySecondJobs.job(id, target);
				if (id <= 30) {
					victimJobs.add(job);
					support.assign("victim", job);
				}
				else {
					support.assign("survivor", job);
				}
			}
			await().atMost(Duration.ofSeconds(30))
				.until(() -> victimJobs.stream().allMatch((job) -> target.runsByScheduledAt(job.id()).size() >= 3));

			long killedAt = System.currentTimeMillis();
			victim.kill9();
			// the leader's part: when the node key is gone, move each job in one
			// transaction
			await().atMost(Duration.ofSeconds(TTL_SECONDS + 5)).until(() -> !support.registered("victim"));
			victimJobs.forEach((job) -> support.move("victim", "survivor", job));

			await().atMost(Duration.ofSeconds(TTL_SECONDS + 10))
				.until(() -> victimJobs.stream().allMatch((job) -> firstCallAfter(target, job, killedAt) > 0));
			long resumedAt = victimJobs.stream()
				.mapToLong((job) -> firstCallAfter(target, job, killedAt))
				.max()
				.getAsLong();
			assertThat(resumedAt - killedAt).isLessThanOrEqualTo((TTL_SECONDS + 2) * 1000L);

			// a few regular seconds on the survivor, then every record written
			long settled = System.currentTimeMillis() + 3000;
			await().atMost(Duration.ofSeconds(20))
				.until(() -> victimJobs.stream()
					.allMatch((job) -> target.callsOf(job.id())
						.stream()
						.anyMatch((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() > settled)));
			Map<String, Long> runs = target.runsByFire();
			assertThat(runs).allSatisfy((fire, count) -> assertThat(count).as(fire).isEqualTo(1));
			await().atMost(Duration.ofSeconds(10))
				.untilAsserted(() -> assertThat(support.jdbc()
					.queryForList(
							"SELECT job_id FROM execution WHERE trigger_type = 'MISFIRE' AND status = 'SUCCEEDED'",
							Long.class))
					.containsExactlyInAnyOrderElementsOf(victimJobs.stream().map(JobSpec::id).toList()));
		}
	}

	private static long firstCallAfter(SampleTarget target, JobSpec job, long millis) {
		return target.callsOf(job.id())
			.stream()
			.mapToLong(SampleTarget.Call::receivedAtMillis)
			.filter((at) -> at > millis)
			.min()
			.orElse(0);
	}

	static Map<String, String> properties(AgentTestSupport support, String id) {
		Map<String, String> properties = support.agentProperties(id, "target/spool-" + id + "-" + System.nanoTime());
		properties.put("crony.agent.lease-ttl", TTL_SECONDS + "s");
		properties.put("crony.agent.fencing-margin", "1s");
		return properties;
	}

}
