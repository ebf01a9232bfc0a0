package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.crony.agent.AgentTestSupport;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.lease.AgentStanding;
import io.crony.agent.lease.Fence;
import io.crony.agent.lease.LeaseKeeper;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.support.AgentIdentity;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AgentInfo;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.sql.SqlTime;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An agent's start as {@code AgentRuntime} orders it, against a real etcd and MariaDB and
 * with the default lease: the engine first, then the {@link LeaseKeeper}, whose grant has
 * the assignment loaded before the fence opens. The engine gets its jobs at the start of
 * that load, so a fire of theirs can come due before the load ends: here the catch-up
 * fire of a FIRE_NOW job this agent ran before its restart, claimed and due at once,
 * while the rest of the load (once requests, watches) is still running.
 */
class FenceOpeningIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final Duration WAIT = Duration.ofSeconds(20);

	private static final String AGENT = "agent-1";

	@TempDir
	Path spoolDir;

	private final AgentTestSupport support = new AgentTestSupport(services);

	private final ExecutionStore store = new ExecutionStore(this.support.jdbc());

	private final Fence fence = new Fence(Duration.ofSeconds(10), Duration.ofSeconds(2));

	private final ExecutorService workers = Executors.newFixedThreadPool(2);

	private RunnerFixture runs;

	private FiringEngine engine;

	private LeaseKeeper lease;

	@BeforeEach
	void build() {
		this.support.jdbc().update("DELETE FROM execution");
		this.support.jdbc().update("DELETE FROM job");
		this.runs = new RunnerFixture(this.spoolDir, this.store);
		Targets targets = this.runs.targets((attempt) -> new AttemptResult(ExecutionStatus.SUCCEEDED, "ok", null));
		this.engine = FiringEngine.create(new EngineParts(AGENT, new ScheduleParser(), this.store, this.runs.records(),
				targets, this.fence, new AgentMetrics(this.runs.meters), this.workers, this.runs.timer(),
				Clock.systemUTC(), Duration.ofMillis(1500), 10, 10, Duration.ofSeconds(5), RunListener.NONE,
				(agentId) -> AgentStanding.GONE, Optional::empty, (jobId) -> null, RunTracing.off(),
				// the agent's default unless the build is given the setting
				AgentTestSupport.recordsWrittenOnce()));
		AgentIdentity identity = new AgentIdentity(AGENT,
				new AgentInfo(AGENT, "127.0.0.1", 8081, 100, Map.of(), "test", Instant.now()));
		this.lease = new LeaseKeeper(this.support.etcd(), this.support.keys(), identity, this.fence.ttl(), this.fence);
	}

	@AfterEach
	void close() throws InterruptedException {
		this.lease.close();
		this.engine.close();
		this.runs.close();
		this.workers.shutdownNow();
		this.support.close();
	}

	@Test
	void aCatchUpFireDueBeforeTheFenceFirstOpensStartsOnceItOpens() {
		JobSpec spec = TestJobs.spec(1, "0 0 0 1 1 ?", MisfirePolicy.FIRE_NOW);
		this.support.placeInJobTable(spec, AGENT);

		startAndAssertTheCatchUpFireRunsHere(spec);
	}

	/**
	 * The leader writes column {@code job.agent_id} only after it moved a job in etcd, so
	 * a job the agent loads at its start may not be placed on it by table {@code job}
	 * yet. Claimed held-only, as under an unconfirmed lease, its catch-up fire got no row
	 * and was lost without a trace; under a lease about to open the fence it is claimed
	 * in full.
	 */
	@Test
	void aCatchUpFireOfAJobTableJobDoesNotPlaceHereYetStartsOnceTheFenceOpens() {
		JobSpec spec = TestJobs.spec(2, "0 0 0 1 1 ?", MisfirePolicy.FIRE_NOW);
		this.support.placeInJobTable(spec, "agent-0");

		startAndAssertTheCatchUpFireRunsHere(spec);
	}

	/**
	 * Starts the agent with the job's last fire a year ago, here: this year's instant
	 * (once a year) was missed while it was down. The assignment's load holds the job at
	 * once and goes on until the catch-up fire has reached dispatch; the fire then runs
	 * once, under its own claim, which it was never released from.
	 */
	private void startAndAssertTheCatchUpFireRunsHere(JobSpec spec) {
		Instant missed = LocalDate.now(ZoneOffset.UTC).withDayOfYear(1).atStartOfDay(ZoneOffset.UTC).toInstant();
		this.support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "updated_at) VALUES (?, ?, ?, ?, 'CRON', 'SUCCEEDED', ?, NOW(3))", this.support.executionId(),
					spec.id(), spec.name(), AGENT, SqlTime.of(missed.atZone(ZoneOffset.UTC).minusYears(1).toInstant()));
		this.engine.start();
		this.lease.addListener((leaseId) -> {
			this.engine.holdExactly(List.of(spec));
			await().atMost(WAIT).until(() -> this.runs.meters.get("crony.agent.fenced").counter().count() > 0);
		});

		this.lease.start();

		await().atMost(WAIT).until(() -> !this.runs.calls.isEmpty());
		assertThat(this.runs.calls).singleElement()
			.satisfies((call) -> assertThat(call.scheduledAt()).isEqualTo(missed));
		long id = this.runs.calls.get(0).executionId();
		await().atMost(WAIT).until(() -> this.support.status(id), "SUCCEEDED"::equals);
		assertThat(this.support.row(id)).containsEntry("agent_id", AGENT);
	}

}
