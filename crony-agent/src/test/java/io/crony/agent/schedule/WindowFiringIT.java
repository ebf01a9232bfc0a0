package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Stream;

import io.crony.agent.AgentTestSupport;
import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.JobWindowAsk;
import io.crony.agent.execution.LastFire;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.lease.AgentStanding;
import io.crony.agent.lease.Fence;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The engine against a real MariaDB, with the default lease and claim-ahead: a scheduled
 * fire runs only inside its job's window that names this agent (docs/scaling.md, "Plan"
 * 3). The job arrives while another agent's window still covers its next seconds, as a
 * dead holder's does until its end: none of those seconds is called here, and every
 * second from the window's end is, once. A window whose holder is gone and ran the job
 * last is taken from its fence on.
 */
class WindowFiringIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final String AGENT = "agent-a";

	@TempDir
	Path spoolDir;

	private final List<Invocation> calls = new CopyOnWriteArrayList<>();

	// the lease always confirmed: this test is about the windows, not the fence
	private final Fence fence = new Fence(Duration.ofSeconds(10), Duration.ofSeconds(2), () -> 0L);

	private final ExecutorService workers = Executors.newFixedThreadPool(2);

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

	private AgentTestSupport support;

	private RecordWriter records;

	private FiringEngine engine;

	@BeforeEach
	void build() {
		this.support = new AgentTestSupport(services);
		ExecutionStore store = new ExecutionStore(this.support.jdbc());
		this.records = new RecordWriter(store, new Spool(this.spoolDir), Duration.ofMillis(50), 1000);
		Targets targets = RunnerFixture.httpTarget((invocation) -> {
			this.calls.add(invocation);
			return CompletableFuture.completedFuture(new AttemptResult(ExecutionStatus.SUCCEEDED, "ok", null));
		});
		this.engine = FiringEngine.create(new EngineParts(AGENT, new ScheduleParser(), store, this.records, targets,
				this.fence, new AgentMetrics(new SimpleMeterRegistry()), this.workers, this.timer, Clock.systemUTC(),
				Duration.ofMillis(1500), 100, 10, Duration.ofSeconds(5), RunListener.NONE,
				(agentId) -> AgentStanding.GONE, Optional::empty, (jobId) -> null, RunTracing.off(),
				// the agent's default unless the build is given the setting
				AgentTestSupport.recordsWrittenOnce()));
		this.fence.granted(0L);
		this.fence.open(0L);
	}

	@AfterEach
	void close() throws InterruptedException {
		this.engine.close();
		this.records.close();
		this.workers.shutdownNow();
		this.timer.shutdownNow();
		this.support.close();
	}

	@Test
	void aJobsSecondsInsideAnotherAgentsWindowAreNotRunHereAndThoseFromItsEndAreRunOnce() {
		JobSpec spec = TestJobs.spec(1, "* * * * * ?", MisfirePolicy.SKIP);
		this.support.placeInJobTable(spec, AGENT);
		Instant end = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(4);
		this.support.jdbc()
			.update("INSERT INTO job_window (job_id, agent_id, from_at, until_at) VALUES (?, 'agent-b', ?, ?)", 1L,
					SqlTime.of(end.minusSeconds(20)), SqlTime.of(end));
		this.records.start();
		this.engine.start();

		this.engine.holdExactly(List.of(spec));

		await().atMost(Duration.ofSeconds(30))
			.until(() -> this.calls.stream().filter((call) -> !call.scheduledAt().isBefore(end)).count() >= 2);
		assertThat(this.calls).allSatisfy((call) -> assertThat(call.scheduledAt()).isAfterOrEqualTo(end));
		assertThat(this.calls.stream().map(Invocation::scheduledAt)).doesNotHaveDuplicates();
		assertThat(this.calls.stream().map(Invocation::scheduledAt).sorted().findFirst()).contains(end);
		assertThat(this.support.jdbc().queryForObject("SELECT agent_id FROM job_window WHERE job_id = 1", String.class))
			.isEqualTo(AGENT);
	}

	/**
	 * A killed holder's window lasts {@code lease-ttl + 1 s} past its last extension,
	 * past its fence: the arriving agent takes it from the last instant the dead holder
	 * may have run ({@code FormerHolderFires}), whether or not records are written once.
	 * Left to its end, the arriving job's seconds inside it ran nowhere, with no row (a
	 * chaos run's killed agent lost four).
	 */
	@Test
	void aDeadFormerHoldersWindowIsTakenPastItsFenceAndTheArrivingJobFiresInsideIt() {
		JobSpec spec = TestJobs.spec(2, "* * * * * ?", MisfirePolicy.SKIP);
		this.support.placeInJobTable(spec, AGENT);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		// agent-b ran the job a second ago and is gone (not registered, no stop mark);
		// its window covers the next 10 s
		Instant end = now.plusSeconds(10);
		this.support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "attempt, updated_at) VALUES (?, 2, ?, 'agent-b', 'CRON', 'SUCCEEDED', ?, 1, ?)",
					this.support.executionId(), spec.name(), SqlTime.of(now.minusSeconds(1)),
					SqlTime.of(now.minusSeconds(1)));
		this.support.jdbc()
			.update("INSERT INTO job_window (job_id, agent_id, from_at, until_at) VALUES (?, 'agent-b', ?, ?)", 2L,
					SqlTime.of(now.minusSeconds(20)), SqlTime.of(end));
		this.records.start();
		this.engine.start();

		Instant arrival = Instant.now();
		this.engine.holdExactly(List.of(spec));

		await().atMost(Duration.ofSeconds(30)).until(() -> this.calls.size() >= 2);
		assertThat(this.calls.stream().map(Invocation::scheduledAt).sorted().findFirst())
			.hasValueSatisfying((first) -> assertThat(first).as("fired inside the dead holder's window")
				.isAfter(arrival)
				.isBefore(end.minusSeconds(5)));
		assertThat(this.calls.stream().map(Invocation::scheduledAt)).doesNotHaveDuplicates();
		assertThat(this.support.jdbc().queryForObject("SELECT agent_id FROM job_window WHERE job_id = 2", String.class))
			.isEqualTo(AGENT);
	}

	/**
	 * The arrival's take of a dead former holder's window races the claim of the job's
	 * planned fires: a fire past that window's end takes the window from its end first,
	 * the arrival's cut then finds no window of that holder to cut, and the instants
	 * between the holder's fence and its window's end would be nobody's (a chaos run's
	 * kill lost the first planned instant after the arrival of two jobs this way). The
	 * window this agent took reaches back to the cut instead.
	 */
	@Test
	void aDeadHoldersWindowTakenFromItsEndBeforeTheArrivalsCutReachesBackToTheCut() {
		JobSpec spec = TestJobs.spec(4, "* * * * * ?", MisfirePolicy.FIRE_NOW);
		this.support.placeInJobTable(spec, AGENT);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		ExecutionStore store = new ExecutionStore(this.support.jdbc());
		agentBsWindow(4, now.minusSeconds(20), now.plusSeconds(2));
		FormerHolderFires formerHolder = judgingAgentBGone(store);
		// the arrival read agent-b's window and judged its fence 3 s ago
		JobWindow read = formerHolder.windows(List.of(4L)).get(4L);
		assertThat(read.agentId()).isEqualTo("agent-b");
		// the claim of a planned fire past the window's end takes it from there
		assertThat(store.extendWindows(AGENT, List.of(new JobWindowAsk(4, now.plusSeconds(2), now.plusSeconds(12))),
				false))
			.containsValue(new JobWindow(4, AGENT, now.plusSeconds(2), now.plusSeconds(12)));

		FormerHolderFires.WindowTake take = new FormerHolderFires.WindowTake(4, "agent-b", now.minusSeconds(3),
				List.of(), "agent-b");
		assertThat(formerHolder.takeWindows(List.of(take))).isEmpty();

		assertThat(store.readWindows(List.of(4L)))
			.containsValue(new JobWindow(4, AGENT, now.minusSeconds(3), now.plusSeconds(12)));
	}

	/**
	 * A dead holder cut off from etcd and the database after its last ask has a window
	 * that ended before its fence, and fired on from its spool up to that fence. The
	 * claim of the arriving agent's planned fire takes the window from its end, before
	 * the fence; the arrival then starts it just past the fence, so the former holder's
	 * records of the instants in between, replayed when it reaches the database again, go
	 * in. Left starting at the dead window's end, the taken window kept them out until
	 * its start moved up past what this agent dispatched (PartitionIT's cut: a replay
	 * within those seconds left calls without a row).
	 */
	@Test
	void aWindowTakenFromADeadHoldersEndBeforeItsFenceStartsPastTheFenceSoTheHoldersReplayGoesIn() {
		JobSpec spec = TestJobs.spec(5, "* * * * * ?", MisfirePolicy.FIRE_NOW);
		this.support.placeInJobTable(spec, AGENT);
		Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		ExecutionStore store = new ExecutionStore(this.support.jdbc());
		agentBsWindow(5, now.minusSeconds(20), now.minusSeconds(6));
		FormerHolderFires formerHolder = judgingAgentBGone(store);
		// the job arrived a second ago: agent-b's fence 3 s ago, its last run 7 s ago
		Instant arrival = now.minusSeconds(1);
		JobWindow read = formerHolder.windows(List.of(5L)).get(5L);
		List<Instant> missed = List.of(now.minusSeconds(6), now.minusSeconds(5), now.minusSeconds(4),
				now.minusSeconds(3), now.minusSeconds(2), now.minusSeconds(1));
		FormerHolderFires.Theirs theirs = formerHolder.mayHaveRunThere(5, new LastFire(now.minusSeconds(7), "agent-b"),
				missed, arrival, read);
		assertThat(theirs.instants()).containsExactlyElementsOf(missed.subList(0, 4));
		// a planned fire's claim takes the ended window from its end, before the fence
		assertThat(store.extendWindows(AGENT, List.of(new JobWindowAsk(5, now.plusSeconds(1), now.plusSeconds(12))),
				false))
			.containsValue(new JobWindow(5, AGENT, now.minusSeconds(6), now.plusSeconds(12)));

		// as the arrival makes it (Arrivals)
		assertThat(formerHolder.takeWindows(Stream.ofNullable(theirs.take()).toList())).isEmpty();
		assertThat(store.readWindows(List.of(5L)))
			.containsValue(new JobWindow(5, AGENT, now.minusSeconds(3).plusMillis(1), now.plusSeconds(12)));

		// agent-b's replay of the run of 4 s ago, spooled as a claim and its finish
		store.write(List.of(
				new ExecutionRecord.Claimed(5, spec.name(), now.minusSeconds(4), "agent-b", TriggerType.CRON, null,
						now.minusSeconds(4)),
				new ExecutionRecord.Finished(5, now.minusSeconds(4), "agent-b", ExecutionStatus.SUCCEEDED, 1, null,
						null, now.minusSeconds(4))));
		assertThat(this.support.jdbc()
			.queryForObject("SELECT status FROM execution WHERE job_id = 5 AND scheduled_at = ?", String.class,
					SqlTime.of(now.minusSeconds(4))))
			.isEqualTo("SUCCEEDED");
	}

	// a window of agent-b, the job's dead former holder
	private void agentBsWindow(long jobId, Instant from, Instant until) {
		this.support.jdbc()
			.update("INSERT INTO job_window (job_id, agent_id, from_at, until_at) VALUES (?, 'agent-b', ?, ?)", jobId,
					SqlTime.of(from), SqlTime.of(until));
	}

	// the arrival's judge of former holders, with the default lease and fencing margin:
	// every agent gone from etcd without a stop mark, no leader lease TTL read yet
	private FormerHolderFires judgingAgentBGone(ExecutionStore store) {
		return new FormerHolderFires(store, this.records, AGENT, Duration.ofSeconds(10), Optional::empty,
				Duration.ofSeconds(2), (agentId) -> AgentStanding.GONE, (jobId) -> null);
	}

}
