package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.common.execution.ExecutionStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The claim stage: fires woken by the plan are claimed, contested ones retried. */
class ClaimStageTest {

	private static final Duration WAIT = Duration.ofSeconds(10);

	@TempDir
	Path spoolDir;

	private final ScriptedStore store = new ScriptedStore();

	private final List<Fire> won = new CopyOnWriteArrayList<>();

	private final JobState job = TestJobs.everySecond();

	private final Planner planner = new Planner(
			new LateFires(Duration.ofSeconds(5), new AgentMetrics(new SimpleMeterRegistry())), Clock.systemUTC(), 2000);

	private RecordWriter records;

	private ClaimStage claims;

	private Thread thread;

	@BeforeEach
	void start() {
		this.records = new RecordWriter(this.store, new Spool(this.spoolDir), Duration.ofMillis(20), 1000);
		this.claims = new ClaimStage(this.planner,
				new Claimer(this.store, this.records, "a", Clock.systemUTC(), () -> true,
						new Windows(this.store, "a", Clock.systemUTC(), Duration.ofSeconds(11), () -> true)),
				this.won::addAll, Clock.systemUTC());
		this.thread = new Thread(this.claims, "test-claim");
		this.thread.start();
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.claims.stop();
		this.thread.interrupt();
		this.records.close();
	}

	@Test
	void aFireWhoseRowNamesThisAgentIsWonAsScheduled() {
		Instant at = nextSecond();
		this.store.rows.put(new FireKey(1, at), new ExecutionStore.Row(7, "a", ExecutionStatus.PENDING));

		this.planner.add(Fire.scheduled(this.job, this.job.generation, at, at.toEpochMilli() - 2000));

		await().atMost(WAIT).until(() -> !this.won.isEmpty());
		assertThat(this.won.get(0).executionId).isEqualTo(7);
		assertThat(this.won.get(0).kind).isEqualTo(FireKind.SCHEDULED);
	}

	@Test
	void aFireAnotherAgentHoldsIsWonAsAHandoverOnceThatAgentReleasesIt() {
		Instant at = nextSecond();
		this.store.rows.put(new FireKey(1, at), new ExecutionStore.Row(7, "b", ExecutionStatus.PENDING));

		this.planner.add(Fire.scheduled(this.job, this.job.generation, at, at.toEpochMilli() - 2000));
		await().during(Duration.ofMillis(300)).atMost(WAIT).until(this.won::isEmpty);
		this.store.free.add(7L);

		await().atMost(WAIT).until(() -> !this.won.isEmpty());
		assertThat(this.won).singleElement().satisfies((fire) -> {
			assertThat(fire.executionId).isEqualTo(7);
			assertThat(fire.kind).isEqualTo(FireKind.HANDOVER);
			assertThat(fire.startsLate()).isTrue();
		});
	}

	@Test
	void aFireWhoseRowAlreadyRanIsNotWon() {
		Instant at = nextSecond();
		this.store.rows.put(new FireKey(1, at), new ExecutionStore.Row(7, "b", ExecutionStatus.SUCCEEDED));

		this.planner.add(Fire.scheduled(this.job, this.job.generation, at, at.toEpochMilli() - 2000));

		await().during(Duration.ofMillis(500)).atMost(WAIT).until(this.won::isEmpty);
	}

	private static Instant nextSecond() {
		return Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
	}

}
