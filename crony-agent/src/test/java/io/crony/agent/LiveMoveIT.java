package io.crony.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two live agent processes; every job moves from one to the other at once, as the web
 * leader does on drain. The claims the old holder made ahead are released and taken by
 * the new holder, so no second is lost and none runs twice.
 */
class LiveMoveIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@Test
	void everySecondRunsExactlyOnceAcrossAMoveBetweenLiveAgents() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess from = AgentProcess.start("from", FailoverIT.properties(support, "from"));
				AgentProcess to = AgentProcess.start("to", FailoverIT.properties(support, "to"))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("from") && support.registered("to"));
			List<JobSpec> jobs = new ArrayList<>();
			for (long id = 1; id <= 20; id++) {
				JobSpec job = AgentTestSupport.with(
						AgentTestSupport.httpJob(id, AgentTestSupport.EVERY_SECOND, target.url("/ok")), 5,
						RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.ALLOW);
				jobs.add(job);
				support.assign("from", job);
			}
			await().atMost(Duration.ofSeconds(30))
				.until(() -> jobs.stream().allMatch((job) -> target.runsByScheduledAt(job.id()).size() >= 3));

			long movedAt = System.currentTimeMillis();
			support.moveAll("from", "to", jobs);

			assertEverySecondRanOnceOn("to", support, target, jobs, movedAt + 10_000);
		}
	}

	/**
	 * The old holder sees the move late (its key is deleted only after the new holder has
	 * held the jobs for two seconds), so the new holder finds its next fires claimed by a
	 * live agent and must take them once released.
	 */
	@Test
	void everySecondRunsExactlyOnceWhenTheOldHolderLetsGoLate() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess from = AgentProcess.start("late-from", FailoverIT.properties(support, "late-from"));
				AgentProcess to = AgentProcess.start("late-to", FailoverIT.properties(support, "late-to"))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("late-from") && support.registered("late-to"));
			List<JobSpec> jobs = new ArrayList<>();
			for (long id = 101; id <= 120; id++) {
				JobSpec job = AgentTestSupport.with(
						AgentTestSupport.httpJob(id, AgentTestSupport.EVERY_SECOND, target.url("/ok")), 5,
						RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.ALLOW);
				jobs.add(job);
				support.assign("late-from", job);
			}
			await().atMost(Duration.ofSeconds(30))
				.until(() -> jobs.stream().allMatch((job) -> target.runsByScheduledAt(job.id()).size() >= 3));

			long sharedFrom = System.currentTimeMillis();
			jobs.forEach((job) -> support.assign("late-to", job));
			await().atMost(Duration.ofSeconds(20))
				.until(() -> jobs.stream().allMatch((job) -> ranAfter(target, job, sharedFrom + 2000)));
			long movedAt = System.currentTimeMillis();
			jobs.forEach((job) -> support.unassign("late-from", job.id()));

			assertEverySecondRanOnceOn("late-to", support, target, jobs, movedAt + 10_000);
		}
	}

	private static boolean ranAfter(SampleTarget target, JobSpec job, long millis) {
		return target.callsOf(job.id())
			.stream()
			.anyMatch((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() > millis);
	}

	private static void assertEverySecondRanOnceOn(String agentId, AgentTestSupport support, SampleTarget target,
			List<JobSpec> jobs, long settled) {
		await().atMost(Duration.ofSeconds(30))
			.until(() -> jobs.stream()
				.allMatch((job) -> target.callsOf(job.id())
					.stream()
					.anyMatch((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() > settled)));
		for (JobSpec job : jobs) {
			Map<String, Long> runs = target.runsByScheduledAt(job.id());
			assertThat(runs).as("job %d", job.id()).allSatisfy((at, count) -> assertThat(count).isEqualTo(1));
			List<Long> seconds = runs.keySet()
				.stream()
				.map((at) -> Instant.parse(at).getEpochSecond())
				.sorted()
				.toList();
			long first = seconds.get(0);
			long last = seconds.get(seconds.size() - 1);
			assertThat(seconds).as("job %d every second from %d to %d", job.id(), first, last)
				.containsExactlyElementsOf(LongStream.rangeClosed(first, last).boxed().toList());
		}
		assertThat(support.jdbc()
			.queryForObject("SELECT COUNT(DISTINCT job_id) FROM execution WHERE agent_id = ? AND status = 'SUCCEEDED'",
					Long.class, agentId))
			.isEqualTo(jobs.size());
	}

}
