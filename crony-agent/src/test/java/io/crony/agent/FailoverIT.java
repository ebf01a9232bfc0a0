package io.crony.agent;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.sql.SqlTime;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Agent processes that die or stop while firing: one killed with SIGKILL, its jobs moved
 * to the survivor as the web leader would once the dead agent's node key expires; one
 * stopped with SIGTERM, handing its claims to the survivor; and agents stopped with
 * SIGTERM while their runs are in flight. Only the killed agent's case tunes the lease
 * ({@link #TTL_SECONDS}, as its expiry is waited for); the SIGTERM cases run at the
 * default lease, which a graceful stop revokes at once.
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
			// how soon is printed, not asserted: the wait above is a generous bound, and
			// bench/AgentFailover measures the failover's time
			System.out.printf("FailoverIT: the survivor resumed the killed agent's jobs %d ms after the kill "
					+ "(lease TTL %d s)%n", resumedAt - killedAt, TTL_SECONDS);

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

	/**
	 * A rolling upgrade: the agent gets SIGTERM with every-second jobs and the fire of
	 * each claimed 1.5 s ahead. It hands those claims back before it revokes its lease;
	 * the survivor, given the jobs as soon as the node key is gone (as the leader moves
	 * them), runs them. Before, they stayed PENDING under the stopped agent, the survivor
	 * gave them up as contested, and each job lost that second (closed MISSED two minutes
	 * later).
	 * <p>
	 * One more job, CATCH_UP, reaches the survivor only 6 s after the stop (a new
	 * leader's grace, or no other agent alive for a while): its seconds in between are
	 * missed, and the stopped agent's stop mark tells the survivor it ran none of them
	 * unrecorded, so they are caught up. Before the mark they were recorded MISSED under
	 * the stopped agent, as under one cut off. About 30 s: two agent JVMs, default lease.
	 */
	@Test
	void anAgentStoppedWithSigtermHandsItsClaimedFiresToTheSurvivorSoNoInstantIsLost() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess leaving = AgentProcess.start("leaving",
						support.agentProperties("leaving", "target/spool-leaving-" + System.nanoTime()));
				AgentProcess staying = AgentProcess.start("staying",
						support.agentProperties("staying", "target/spool-staying-" + System.nanoTime()))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("leaving") && support.registered("staying"));
			JobSpec late = AgentTestSupport.with(
					AgentTestSupport.httpJob(105, AgentTestSupport.EVERY_SECOND, target.url("/ok")), 5,
					RetryPolicy.NONE, MisfirePolicy.CATCH_UP, OverlapPolicy.ALLOW);
			support.assign("leaving", late);
			List<JobSpec> jobs = EverySecondJobs.assignRunning(support, target, "leaving", 101, 104);
			await().atMost(Duration.ofSeconds(30)).until(() -> target.runsByScheduledAt(late.id()).size() >= 3);

			long stoppedAt = System.currentTimeMillis();
			leaving.terminate();
			// the leader's part: the node key is gone (lease revoked), each job moves
			await().atMost(Duration.ofSeconds(20))
				.pollInterval(Duration.ofMillis(50))
				.until(() -> !support.registered("leaving"));
			jobs.forEach((job) -> support.move("leaving", "staying", job));
			// the late one after some of its seconds have passed unclaimed, more than a
			// fencing margin before its arrival
			long unregisteredAt = System.currentTimeMillis();
			await().atMost(Duration.ofSeconds(20)).until(() -> System.currentTimeMillis() >= unregisteredAt + 6000);
			support.move("leaving", "staying", late);
			leaving.close();

			long settled = System.currentTimeMillis() + 3000;
			List<JobSpec> all = new ArrayList<>(jobs);
			all.add(late);
			EverySecondJobs.assertRanOnceEachSecondOn("staying", support, target, all, settled);
			// the late job's missed seconds were caught up on the survivor
			assertThat(support.jdbc()
				.queryForObject("SELECT COUNT(*) FROM execution WHERE job_id = ? AND agent_id = 'staying' "
						+ "AND trigger_type = 'MISFIRE' AND status = 'SUCCEEDED'", Long.class, late.id()))
				.isGreaterThanOrEqualTo(3);
			// each second from before the stop to after the move ran, once
			for (JobSpec job : all) {
				List<Long> seconds = target.runsByScheduledAt(job.id())
					.keySet()
					.stream()
					.map((at) -> Instant.parse(at).getEpochSecond())
					.toList();
				assertThat(seconds).as("job %d", job.id())
					.contains(stoppedAt / 1000 - 1, stoppedAt / 1000, stoppedAt / 1000 + 1, stoppedAt / 1000 + 2);
			}
			assertThat(target.runsByFire()).allSatisfy((fire, count) -> assertThat(count).as(fire).isEqualTo(1));
			// and recorded: nothing before the settled second is left PENDING or MISSED
			await().atMost(Duration.ofSeconds(20))
				.untilAsserted(() -> assertThat(support.jdbc()
					.queryForList(
							"SELECT CONCAT(job_id, ' ', scheduled_at, ' ', status, ' ', COALESCE(error, '')) "
									+ "FROM execution WHERE job_id BETWEEN 101 AND 105 AND scheduled_at < ? "
									+ "AND status <> 'SUCCEEDED'",
							String.class, SqlTime.of(Instant.ofEpochMilli(settled))))
					.isEmpty());
		}
	}

	/**
	 * A rolling upgrade stops agents while slow calls are in flight. The stop waits for
	 * them (default {@code shutdown-grace}, 30 s) before it closes the HTTP client and
	 * the record writer: the 6 s run is recorded SUCCEEDED with the target's answer.
	 * Before, the client closed at once and the run was recorded FAILED ("Connection is
	 * closed"). An agent given a 1 s grace records a longer run FAILED, saying its agent
	 * stopped, rather than losing it or leaving it RUNNING. About 25 s: two agent JVMs,
	 * side by side.
	 */
	@Test
	void anAgentStoppedWithSigtermLetsItsRunsInFlightEndAndRecordsThem() throws Exception {
		try (AgentTestSupport support = new AgentTestSupport(services);
				SampleTarget target = SampleTarget.start(0);
				AgentProcess patient = AgentProcess.start("patient",
						support.agentProperties("patient", "target/spool-patient-" + System.nanoTime()));
				AgentProcess hasty = AgentProcess.start("hasty", hasty(support))) {
			await().atMost(AgentTestSupport.PROCESS_START)
				.until(() -> support.registered("patient") && support.registered("hasty"));
			JobSpec slow = AgentTestSupport.defaultHttpJob(301, AgentTestSupport.NEVER_SOON,
					target.url("/sleep?ms=6000"));
			JobSpec slower = AgentTestSupport.defaultHttpJob(302, AgentTestSupport.NEVER_SOON,
					target.url("/sleep?ms=20000"));
			support.assign("patient", slow);
			support.assign("hasty", slower);
			long slowRun = support.runOnce("patient", slow, null);
			long slowerRun = support.runOnce("hasty", slower, null);
			// each agent stopped as soon as its call is in flight
			await().atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(20))
				.until(() -> !target.callsOf(slow.id()).isEmpty());
			Instant stoppedAt = Instant.now();
			patient.terminate();
			await().atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(20))
				.until(() -> !target.callsOf(slower.id()).isEmpty());
			hasty.terminate();
			patient.close();
			hasty.close();

			Map<String, Object> inFlight = support.row(slowRun);
			assertThat(inFlight).as("the run in flight, within the grace")
				.containsEntry("status", "SUCCEEDED")
				.containsEntry("output", "slept");
			assertThat(support.jdbc()
				.queryForObject("SELECT finished_at FROM execution WHERE id = ?", Timestamp.class, slowRun)
				.toInstant()).as("ended after the agent was told to stop").isAfter(stoppedAt);
			Map<String, Object> cutShort = support.row(slowerRun);
			assertThat(cutShort).as("the run longer than the grace").containsEntry("status", "FAILED");
			assertThat((String) cutShort.get("error")).startsWith("Its agent stopped before the run ended");
			assertThat((String) cutShort.get("reason")).contains("RUN_AGENT_STOPPED");
			assertThat(target.callsOf(slow.id())).hasSize(1);
			assertThat(target.callsOf(slower.id())).hasSize(1);
		}
	}

	private static Map<String, String> hasty(AgentTestSupport support) {
		Map<String, String> properties = support.agentProperties("hasty", "target/spool-hasty-" + System.nanoTime());
		properties.put("crony.agent.shutdown-grace", "1s");
		return properties;
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
