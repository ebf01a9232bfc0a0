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

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every-second FIRE_NOW jobs moved between agent processes (failover, fencing, live
 * moves), and the check those tests share: each second ran exactly once.
 */
final class EverySecondJobs {

	private EverySecondJobs() {
	}

	static JobSpec job(long id, SampleTarget target) {
		return AgentTestSupport.with(AgentTestSupport.httpJob(id, AgentTestSupport.EVERY_SECOND, target.url("/ok")), 5,
				RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.ALLOW);
	}

	/**
	 * Assigns jobs {@code fromId..toId} to the agent and waits until each ran 3 times.
	 */
	static List<JobSpec> assignRunning(AgentTestSupport support, SampleTarget target, String agentId, long fromId,
			long toId) {
		List<JobSpec> jobs = new ArrayList<>();
		for (long id = fromId; id <= toId; id++) {
			JobSpec job = job(id, target);
			jobs.add(job);
			support.assign(agentId, job);
		}
		await().atMost(Duration.ofSeconds(30))
			.until(() -> jobs.stream().allMatch((job) -> target.runsByScheduledAt(job.id()).size() >= 3));
		return jobs;
	}

	/**
	 * Waits until the agent ran each job for a second after {@code settled}, then checks
	 * that every job ran each second from its first to its last run exactly once, and
	 * that the agent recorded a success of each.
	 */
	static void assertRanOnceEachSecondOn(String agentId, AgentTestSupport support, SampleTarget target,
			List<JobSpec> jobs, long settled) {
		await().atMost(Duration.ofSeconds(30))
			.until(() -> jobs.stream()
				.allMatch((job) -> target.callsOf(job.id())
					.stream()
					.anyMatch((call) -> agentId.equals(call.agentId())
							&& Instant.parse(call.scheduledAt()).toEpochMilli() > settled)));
		jobs.forEach((job) -> assertRanOnceEachSecond(target, job));
		assertThat(support.jdbc()
			.queryForObject("SELECT COUNT(DISTINCT job_id) FROM execution WHERE agent_id = ? AND status = 'SUCCEEDED'",
					Long.class, agentId))
			.isEqualTo(jobs.size());
	}

	/** The job ran each second from its first to its last run, exactly once. */
	static void assertRanOnceEachSecond(SampleTarget target, JobSpec job) {
		Map<String, Long> runs = target.runsByScheduledAt(job.id());
		assertThat(runs).as("job %d", job.id()).allSatisfy((at, count) -> assertThat(count).isEqualTo(1));
		List<Long> seconds = runs.keySet().stream().map((at) -> Instant.parse(at).getEpochSecond()).sorted().toList();
		long first = seconds.get(0);
		long last = seconds.get(seconds.size() - 1);
		assertThat(seconds).as("job %d every second from %d to %d", job.id(), first, last)
			.containsExactlyElementsOf(LongStream.rangeClosed(first, last).boxed().toList());
	}

}
