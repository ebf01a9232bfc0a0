package io.crony.agent;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

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
			List<JobSpec> jobs = EverySecondJobs.assignRunning(support, target, "from", 1, 20);

			long movedAt = System.currentTimeMillis();
			support.moveAll("from", "to", jobs);

			EverySecondJobs.assertRanOnceEachSecondOn("to", support, target, jobs, movedAt + 10_000);
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
			List<JobSpec> jobs = EverySecondJobs.assignRunning(support, target, "late-from", 101, 120);

			long sharedFrom = System.currentTimeMillis();
			jobs.forEach((job) -> support.assign("late-to", job));
			await().atMost(Duration.ofSeconds(20))
				.until(() -> jobs.stream().allMatch((job) -> ranAfter(target, job, sharedFrom + 2000)));
			long movedAt = System.currentTimeMillis();
			jobs.forEach((job) -> support.unassign("late-from", job.id()));

			EverySecondJobs.assertRanOnceEachSecondOn("late-to", support, target, jobs, movedAt + 10_000);
		}
	}

	private static boolean ranAfter(SampleTarget target, JobSpec job, long millis) {
		return target.callsOf(job.id())
			.stream()
			.anyMatch((call) -> Instant.parse(call.scheduledAt()).toEpochMilli() > millis);
	}

}
