package io.crony.agent;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.sql.SqlTime;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * CATCH_UP and QUEUE with the settings a user gets (catch-up bound 100, queue bound 10,
 * overlap SKIP unless the test is about QUEUE): one agent in this JVM against real etcd
 * and MariaDB and a real HTTP target. A job that "was down" has its last run inserted in
 * the past, as this agent left it before it went down (or as another agent, its former
 * holder, left it: see the failover test).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class MisfireAndQueueIT {

	static final String AGENT = "agent-policies";

	static final String EVERY_MINUTE = "0 * * * * ?";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	static final SampleTarget target = SampleTarget.start(0);

	static final AtomicLong jobIds = new AtomicLong(700);

	@Autowired
	AgentRuntime runtime;

	JobSpec current;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
	}

	@AfterEach
	void unassign() {
		if (this.current != null) {
			support.unassign(AGENT, this.current.id());
		}
	}

	@AfterAll
	static void close() {
		target.close();
		support.close();
	}

	@Test
	void catchUpRunsEveryFireMissedWhileTheAgentWasDownOneAfterAnother() {
		JobSpec job = catchUp(EVERY_MINUTE, "/ok");
		Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES);
		ranLastAt(job, minute.minus(Duration.ofMinutes(6)));
		assign(job);

		List<Instant> missed = List.of(5, 4, 3, 2, 1, 0)
			.stream()
			.map((ago) -> minute.minus(Duration.ofMinutes(ago)))
			.toList();
		await().atMost(Duration.ofSeconds(30))
			.until(() -> runs(job).keySet().containsAll(missed.stream().map(Instant::toString).toList()));
		assertThat(runs(job)).allSatisfy((at, count) -> assertThat(count).isOne());
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(support.jdbc()
				.queryForList("SELECT status FROM execution WHERE job_id = ? AND trigger_type = 'MISFIRE'",
						String.class, job.id()))
				.hasSize(6)
				.containsOnly("SUCCEEDED"));
	}

	@Test
	void catchUpRunsAtMostItsBoundAndRecordsTheRestMissedWithTheReason() {
		JobSpec job = catchUp(AgentTestSupport.EVERY_SECOND, "/ok");
		Instant second = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		ranLastAt(job, second.minusSeconds(150));
		assign(job);

		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(support.jdbc()
				.queryForObject("SELECT COUNT(*) FROM execution WHERE job_id = ? AND trigger_type = 'MISFIRE' "
						+ "AND status = 'SUCCEEDED'", Long.class, job.id()))
				.isEqualTo(100));
		Map<String, Object> missed = await().atMost(Duration.ofSeconds(10))
			.until(() -> support.jdbc()
				.queryForList(
						"SELECT scheduled_at, error, reason FROM execution WHERE job_id = ? AND status = 'MISSED'",
						job.id()),
					(rows) -> rows.size() == 1)
			.get(0);
		assertThat((String) missed.get("error")).contains("beyond the catch-up bound of 100")
			.contains("missed fires from " + second.minusSeconds(149));
		// the dashboard words the note from its code in the reader's language
		Reason beyond = ReasonJson.read((String) missed.get("reason"));
		assertThat(beyond.code()).isEqualTo(ReasonCode.RUN_BEYOND_CATCH_UP_BOUND);
		assertThat(beyond.params()).containsEntry("limit", "100")
			.containsEntry("from", second.minusSeconds(149).toString())
			.containsEntry("setting", "crony.agent.catch-up-limit");
		assertThat(beyond.text()).isEqualTo(missed.get("error"));
		assertThat(skippedBehindNoOnTimeRun(job)).as("fires skipped with no on-time run of the job going").isEmpty();
	}

	/**
	 * The instants of the job's SKIPPED fires for which no on-time run of an earlier
	 * instant was going when they were due. A catch-up run never makes an on-time fire
	 * skip, it makes it wait ({@code SkipRule}); an on-time run still going does, which a
	 * loaded machine brings about by making each call of an every-second job take more
	 * than a second.
	 */
	private static List<Timestamp> skippedBehindNoOnTimeRun(JobSpec job) {
		return support.jdbc()
			.queryForList("SELECT s.scheduled_at FROM execution s WHERE s.job_id = ? AND s.status = 'SKIPPED' "
					+ "AND NOT EXISTS (SELECT 1 FROM execution r WHERE r.job_id = s.job_id AND r.trigger_type = 'CRON' "
					+ "AND r.scheduled_at < s.scheduled_at AND r.started_at < s.scheduled_at "
					+ "AND (r.finished_at IS NULL OR r.finished_at > s.scheduled_at))", Timestamp.class, job.id());
	}

	/**
	 * A job taken over from an agent that was cut off from etcd and MariaDB: the instants
	 * up to a fencing margin before its arrival here may have run there from its spool,
	 * so they are recorded MISSED under that agent, never called here, and its spool's
	 * replay corrects them. About 2 s.
	 */
	@Test
	void aJobTakenOverLeavesItsFormerHolderTheInstantsItMayHaveRunUnrecorded() {
		JobSpec job = catchUp(AgentTestSupport.EVERY_SECOND, "/ok");
		Instant second = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		ranLastAt(job, second.minusSeconds(6), "cut");
		assign(job);

		// the arrival is after `second`, so these are at least a fencing margin (2 s)
		// before it
		List<Instant> theirs = List.of(5, 4, 3, 2).stream().map(second::minusSeconds).toList();
		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(
					() -> assertThat(support.jdbc()
						.queryForList("SELECT scheduled_at FROM execution WHERE job_id = ? AND status = 'MISSED' "
								+ "AND agent_id = 'cut' AND error LIKE '%its former holder cut may have run it%'",
								Timestamp.class, job.id())
						.stream()
						.map(Timestamp::toInstant)
						.toList()).containsAll(theirs));
		// the instants after them are caught up here, and the regular fires go on
		await().atMost(Duration.ofSeconds(20)).until(() -> runs(job).containsKey(second.plusSeconds(2).toString()));
		assertThat(runs(job)).doesNotContainKeys(theirs.stream().map(Instant::toString).toArray(String[]::new))
			.allSatisfy((at, count) -> assertThat(count).isOne());

		// the former holder's spool, replayed once it reaches MariaDB again, says one ran
		new ExecutionStore(support.jdbc()).write(List.of(new ExecutionRecord.Finished(job.id(), theirs.get(0), "cut",
				ExecutionStatus.SUCCEEDED, 1, "ok", null, Instant.now())));
		assertThat(support.jdbc()
			.queryForObject("SELECT status FROM execution WHERE job_id = ? AND scheduled_at = ?", String.class,
					job.id(), SqlTime.of(theirs.get(0))))
			.isEqualTo("SUCCEEDED");
	}

	/**
	 * A job that passed A, B and here: A ran it last and stopped gracefully (its stop
	 * mark, after that run), B was cut off before it recorded any run of it. The move
	 * names B as the job's former holder, and B, gone without a mark, is left the
	 * instants it may have run from its spool: recorded MISSED under it, never called
	 * here. Judged by A's mark, they were caught up, and B's replay recorded them twice.
	 * About 2 s.
	 */
	@Test
	void aJobPassedOnByAnAgentCutOffBeforeItRecordedARunLeavesThatAgentTheInstants() throws Exception {
		JobSpec job = catchUp(AgentTestSupport.EVERY_SECOND, "/ok");
		Instant second = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		ranLastAt(job, second.minusSeconds(6), "stopped-a");
		String mark = support.keys().stopMark("stopped-a");
		support.put(mark, second.minusSeconds(6).plusMillis(500).toString().getBytes(StandardCharsets.UTF_8));
		try {
			this.current = job;
			support.move("cut-b", AGENT, job);

			List<Instant> theirs = List.of(5, 4, 3, 2).stream().map(second::minusSeconds).toList();
			await().atMost(Duration.ofSeconds(20))
				.untilAsserted(() -> assertThat(support.jdbc()
					.queryForList("SELECT scheduled_at FROM execution WHERE job_id = ? AND status = 'MISSED' "
							+ "AND agent_id = 'cut-b'", Timestamp.class, job.id())
					.stream()
					.map(Timestamp::toInstant)
					.toList()).containsAll(theirs));
			await().atMost(Duration.ofSeconds(20)).until(() -> runs(job).containsKey(second.plusSeconds(2).toString()));
			assertThat(runs(job)).doesNotContainKeys(theirs.stream().map(Instant::toString).toArray(String[]::new));
		}
		finally {
			support.etcd().getKVClient().delete(AgentTestSupport.bytes(mark)).get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void aJobHandedOverByAnAgentStillRegisteredCatchesUpItsMissedInstants() throws Exception {
		// a live move or a restart: the former holder has its node key (its lease), so it
		// was not cut off from etcd and ran nothing from a spool; before, these instants
		// were recorded MISSED under it, not run
		String nodeKey = support.keys().node("handing");
		support.put(nodeKey, "{}".getBytes(StandardCharsets.UTF_8));
		try {
			JobSpec job = catchUp(AgentTestSupport.EVERY_SECOND, "/ok");
			Instant second = Instant.now().truncatedTo(ChronoUnit.SECONDS);
			ranLastAt(job, second.minusSeconds(6), "handing");
			assign(job);

			List<String> missed = List.of(5, 4, 3, 2).stream().map((s) -> second.minusSeconds(s).toString()).toList();
			await().atMost(Duration.ofSeconds(20)).until(() -> runs(job).keySet().containsAll(missed));
			assertThat(support.jdbc()
				.queryForObject("SELECT COUNT(*) FROM execution WHERE job_id = ? AND status = 'MISSED'", Long.class,
						job.id()))
				.isZero();
		}
		finally {
			support.etcd().getKVClient().delete(AgentTestSupport.bytes(nodeKey)).get(10, TimeUnit.SECONDS);
		}
	}

	@Test
	void enablingADisabledJobCatchesUpNothingOfTheTimeItWasOff() {
		JobSpec job = catchUp(EVERY_MINUTE, "/ok");
		Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES);
		ranLastAt(job, minute.minus(Duration.ofMinutes(6)));
		// disabled after that run, enabled again just now: the leader places it anew
		JobSpec enabled = job.withEnabled(false, 2, minute.minus(Duration.ofMinutes(6)))
			.withEnabled(true, 3, Instant.now());
		assign(enabled);

		await().atMost(Duration.ofSeconds(10)).until(() -> this.runtime.engine().jobIds().contains(job.id()));
		await().during(Duration.ofSeconds(3))
			.atMost(Duration.ofSeconds(10))
			.until(() -> support.jdbc()
				.queryForObject("SELECT COUNT(*) FROM execution WHERE job_id = ? AND trigger_type = 'MISFIRE'",
						Long.class, job.id()) == 0);
	}

	@Test
	void aQueueLongerThanItsBoundSkipsTheOverflowWithTheReason() {
		JobSpec job = queued("/sleep?ms=30000");
		assign(job);

		Map<String, Object> skipped = await().atMost(Duration.ofSeconds(40))
			.until(() -> support.jdbc()
				.queryForList("SELECT error, reason FROM execution WHERE job_id = ? AND status = 'SKIPPED'", job.id()),
					(rows) -> !rows.isEmpty())
			.get(0);
		assertThat((String) skipped.get("error")).startsWith("Queue full: 10 fires already wait");
		Reason full = ReasonJson.read((String) skipped.get("reason"));
		assertThat(full.code()).isEqualTo(ReasonCode.RUN_QUEUE_FULL);
		assertThat(full.params()).containsEntry("waiting", "10").containsEntry("limit", "10");
		assertThat(target.callsOf(job.id())).hasSize(1);
	}

	@Test
	void deletingAJobDropsItsQueueAndRecordsTheWaitingFiresCancelled() {
		JobSpec job = queued("/sleep?ms=8000");
		assign(job);
		await().atMost(Duration.ofSeconds(30)).until(() -> this.runtime.engine().waiting(job.id()) >= 3);

		support.unassign(AGENT, job.id());
		this.current = null;
		long removedAt = System.currentTimeMillis();

		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> assertThat(support.jdbc()
				.queryForList("SELECT reason FROM execution WHERE job_id = ? AND status = 'CANCELLED'", String.class,
						job.id()))
				.hasSizeGreaterThanOrEqualTo(3)
				.allSatisfy(
						(reason) -> assertThat(ReasonJson.read(reason).text()).contains("its job left this agent")));
		// the run going when the job left ends; nothing waiting starts after it
		await().during(Duration.ofSeconds(10))
			.atMost(Duration.ofSeconds(15))
			.until(() -> target.callsOf(job.id()).stream().allMatch((call) -> call.receivedAtMillis() < removedAt));
	}

	@Test
	void disablingAJobDropsItsQueueAndRecordsTheWaitingFiresCancelled() {
		JobSpec job = queued("/sleep?ms=8000");
		assign(job);
		await().atMost(Duration.ofSeconds(30)).until(() -> this.runtime.engine().waiting(job.id()) >= 3);

		support.assign(AGENT, job.withEnabled(false, 2, Instant.now()));
		long disabledAt = System.currentTimeMillis();

		await().atMost(Duration.ofSeconds(20))
			.untilAsserted(() -> assertThat(support.jdbc()
				.queryForList("SELECT reason FROM execution WHERE job_id = ? AND status = 'CANCELLED'", String.class,
						job.id()))
				.hasSizeGreaterThanOrEqualTo(3)
				.allSatisfy((reason) -> assertThat(ReasonJson.read(reason).code())
					.isEqualTo(ReasonCode.RUN_NOT_STARTED_JOB_DISABLED)));
		await().during(Duration.ofSeconds(10))
			.atMost(Duration.ofSeconds(15))
			.until(() -> target.callsOf(job.id()).stream().allMatch((call) -> call.receivedAtMillis() < disabledAt));
	}

	private JobSpec catchUp(String schedule, String path) {
		await().atMost(Duration.ofSeconds(30)).until(() -> support.registered(AGENT) && this.runtime.fence().mayFire());
		return AgentTestSupport.with(
				AgentTestSupport.defaultHttpJob(jobIds.incrementAndGet(), schedule, target.url(path)), 60,
				RetryPolicy.NONE, MisfirePolicy.CATCH_UP, OverlapPolicy.SKIP);
	}

	private JobSpec queued(String path) {
		await().atMost(Duration.ofSeconds(30)).until(() -> support.registered(AGENT) && this.runtime.fence().mayFire());
		return AgentTestSupport.with(AgentTestSupport.defaultHttpJob(jobIds.incrementAndGet(),
				AgentTestSupport.EVERY_SECOND, target.url(path)), 60, RetryPolicy.NONE, MisfirePolicy.FIRE_NOW,
				OverlapPolicy.QUEUE);
	}

	private void assign(JobSpec job) {
		this.current = job;
		support.assign(AGENT, job);
	}

	private static void ranLastAt(JobSpec job, Instant at) {
		ranLastAt(job, at, AGENT);
	}

	private static void ranLastAt(JobSpec job, Instant at, String agentId) {
		support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "attempt, updated_at) VALUES (?, ?, ?, ?, 'CRON', 'SUCCEEDED', ?, 1, ?)", support.executionId(),
					job.id(), job.name(), agentId, SqlTime.of(at), SqlTime.of(at));
	}

	private static Map<String, Long> runs(JobSpec job) {
		return target.runsByScheduledAt(job.id());
	}

}
