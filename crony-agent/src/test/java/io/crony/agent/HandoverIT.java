package io.crony.agent;

import java.time.Duration;
import java.time.Instant;
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
 * Planned handovers between two live agent processes, with the settings a user gets (the
 * default lease, a job as the API makes it: overlap SKIP, misfire FIRE_NOW). A fire the
 * old holder released runs late on the new one (the target answers in 600 ms, as a real
 * one may); that is not an overlap with the next fire, so nothing is skipped, lost or run
 * twice.
 */
class HandoverIT {

	static final int MOVES = 10;

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@Test
	void aOneSecondJobMovedTenTimesBetweenAgentsRunsEverySecondOnceAndSkipsNothing() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess a = AgentProcess.start("hand-a", properties(support, "hand-a"));
				AgentProcess b = AgentProcess.start("hand-b", properties(support, "hand-b"))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("hand-a") && support.registered("hand-b"));
			JobSpec job = AgentTestSupport.defaultHttpJob(501, AgentTestSupport.EVERY_SECOND,
					target.url("/sleep?ms=600"));
			support.assign("hand-a", job);
			await().atMost(Duration.ofSeconds(30)).until(() -> target.runsByScheduledAt(job.id()).size() >= 3);

			long firstMoveAt = System.currentTimeMillis();
			String[] agents = { "hand-a", "hand-b" };
			for (int move = 0; move < MOVES; move++) {
				String from = agents[move % 2];
				String to = agents[(move + 1) % 2];
				long movedAt = System.currentTimeMillis();
				support.move(from, to, job);
				// the new holder has fired it on its own schedule: the handover is over
				await().atMost(Duration.ofSeconds(30)).until(() -> ranOnAfter(target, job, to, movedAt + 1000));
			}
			long lastMoveAt = System.currentTimeMillis();
			String holder = agents[MOVES % 2];
			await().atMost(Duration.ofSeconds(30)).until(() -> ranOnAfter(target, job, holder, lastMoveAt + 3000));

			FireCounts counts = FireCounts.of(support, target, List.of(job), firstMoveAt, lastMoveAt + 3000);
			System.out.println("a 1 s job moved " + MOVES + " times between two agents: " + counts);
			assertThat(counts.skipped()).isZero();
			assertThat(counts.missed()).isZero();
			assertThat(counts.duplicate()).isZero();
			assertThat(counts.recorded()).isEqualTo(counts.expected());
		}
	}

	private static Map<String, String> properties(AgentTestSupport support, String id) {
		return support.agentProperties(id, "target/spool-" + id + "-" + System.nanoTime());
	}

	private static boolean ranOnAfter(SampleTarget target, JobSpec job, String agentId, long millis) {
		return target.callsOf(job.id())
			.stream()
			.anyMatch((call) -> agentId.equals(call.agentId())
					&& Instant.parse(call.scheduledAt()).toEpochMilli() > millis);
	}

}
