package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptResult;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The records of a fire claimed by its job's window without a row (docs/scaling.md,
 * "Plan" 3 (c)): each attempt's start is a RUNNING insert carrying the id taken ahead,
 * and the run's end one closed row with its first attempt's start; a fire that does not
 * run is one closed row too. A fire with a row keeps its start and finish updates.
 */
class RecordsWrittenOnceTest {

	private static final Instant AT = Instant.parse("2026-11-30T10:00:00Z");

	@TempDir
	Path spoolDir;

	private final ScriptedStore store = new ScriptedStore();

	private RunnerFixture fixture;

	@BeforeEach
	void start() {
		this.fixture = new RunnerFixture(this.spoolDir, this.store);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.fixture.close();
	}

	@Test
	void aRunOfAFireWrittenOnceIsARunningInsertPerAttemptAndOneClosedRow() {
		Runner runner = this.fixture
			.runner((attempt) -> (attempt == 1) ? new AttemptResult(ExecutionStatus.FAILED, "no", "boom")
					: new AttemptResult(ExecutionStatus.SUCCEEDED, "ok", null));

		runner.dispatch(windowFire(9001));

		List<ExecutionRecord> written = await().atMost(Duration.ofSeconds(30))
			.until(() -> List.copyOf(this.store.written), (records) -> records.size() == 3);
		assertThat(written.subList(0, 2)).allSatisfy(
				(record) -> assertThat(record).isInstanceOfSatisfying(ExecutionRecord.Opened.class, (opened) -> {
					assertThat(opened.id()).isEqualTo(9001);
					assertThat(opened.trigger()).isEqualTo(TriggerType.CRON);
					assertThat(opened.jobName()).isEqualTo("j7");
				}));
		ExecutionRecord.Opened first = (ExecutionRecord.Opened) written.get(0);
		assertThat(first.attempt()).isOne();
		assertThat(((ExecutionRecord.Opened) written.get(1)).attempt()).isEqualTo(2);
		assertThat(written.get(2)).isInstanceOfSatisfying(ExecutionRecord.Closed.class, (closed) -> {
			assertThat(closed.id()).isEqualTo(9001);
			assertThat(closed.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
			assertThat(closed.attempt()).isEqualTo(2);
			assertThat(closed.output()).isEqualTo("ok");
			assertThat(closed.startedAt()).isEqualTo(first.at());
			assertThat(closed.scheduledAt()).isEqualTo(AT);
		});
	}

	@Test
	void aFireWrittenOnceThatDoesNotRunIsOneClosedRowWithoutAStart() {
		RunRecords records = new RunRecords(this.fixture.records(), new AgentMetrics(this.fixture.meters), "a",
				java.time.Clock.systemUTC(), (run) -> {
				});

		records.notRun(windowFire(9002), ExecutionStatus.CANCELLED,
				Reason.of(ReasonCode.RUN_NOT_STARTED_AGENT_STOPPED));

		ExecutionRecord written = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.store.written.isEmpty() ? null : this.store.written.get(0), (one) -> one != null);
		assertThat(written).isInstanceOfSatisfying(ExecutionRecord.Closed.class, (closed) -> {
			assertThat(closed.id()).isEqualTo(9002);
			assertThat(closed.status()).isEqualTo(ExecutionStatus.CANCELLED);
			assertThat(closed.startedAt()).isNull();
			assertThat(closed.agentId()).isEqualTo("a");
		});
	}

	@Test
	void aFireWithARowKeepsItsStartAndFinishUpdates() {
		Runner runner = this.fixture.runner((attempt) -> new AttemptResult(ExecutionStatus.SUCCEEDED, "ok", null));

		runner.dispatch(windowFire(0).claimed(9003));

		List<ExecutionRecord> written = await().atMost(Duration.ofSeconds(30))
			.until(() -> List.copyOf(this.store.written), (records) -> records.size() == 2);
		assertThat(written.get(0)).isInstanceOf(ExecutionRecord.Started.class);
		assertThat(written.get(1)).isInstanceOf(ExecutionRecord.Finished.class);
	}

	// a scheduled fire of job 7 (two attempts allowed), its id taken ahead (0: not yet
	// claimed)
	private static Fire windowFire(long id) {
		JobState job = RunnerFixture.fire(0, 2).job;
		Fire fire = Fire.scheduled(job, job.generation, AT, System.currentTimeMillis());
		return (id == 0) ? fire : fire.claimedByWindow(id);
	}

}
