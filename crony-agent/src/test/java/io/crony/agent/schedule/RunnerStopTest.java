package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Targets;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What a stopping agent's runner does with the runs it started: they count as going until
 * they end; at the end of the stop's grace a run still going is recorded FAILED once (its
 * cancelled call records nothing more), a run left to others (an accepted ASYNC attempt)
 * is let go unrecorded, and nothing starts any more.
 */
class RunnerStopTest {

	static final Reason STOPPED = Reason.of(ReasonCode.RUN_AGENT_STOPPED, 30, "crony.agent.shutdown-grace");

	@TempDir
	Path spoolDir;

	private RunnerFixture fixture;

	// the records written, in the order they were made
	private final ScriptedStore store = new ScriptedStore();

	// the calls in flight: the target answers none until the test says so
	private final List<CompletableFuture<AttemptResult>> calls = new CopyOnWriteArrayList<>();

	private Runner runner;

	// the runner's clock (a run is admitted under it) and its records' (a record is made
	// under it): each can hold a thread right there
	private final GatedClock runnerClock = new GatedClock();

	private final GatedClock recordsClock = new GatedClock();

	@BeforeEach
	void start() {
		this.fixture = new RunnerFixture(this.spoolDir, this.store);
		AgentMetrics metrics = new AgentMetrics(this.fixture.meters);
		RunRecords records = new RunRecords(this.fixture.records(), metrics, "a", this.recordsClock,
				this.fixture.finished::add);
		Targets slow = RunnerFixture.httpTarget((invocation) -> {
			CompletableFuture<AttemptResult> call = new CompletableFuture<>();
			this.calls.add(call);
			return call;
		});
		this.runner = new Runner(slow, records, metrics, this.fixture.timer(), Runnable::run, this.runnerClock, 10);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.fixture.close();
	}

	@Test
	void aRunGoesUntilItsCallEnds() {
		this.runner.dispatch(RunnerFixture.fire(0, 1));
		assertThat(this.runner.anyGoing((id) -> false)).isTrue();

		this.calls.get(0).complete(new AttemptResult(ExecutionStatus.SUCCEEDED, "done", null));

		assertThat(this.runner.anyGoing((id) -> false)).isFalse();
		assertThat(this.fixture.finished).extracting(RunListener.FinishedRun::status)
			.containsExactly(ExecutionStatus.SUCCEEDED);
	}

	@Test
	void aRunStillGoingWhenTheGraceEndsIsRecordedFailedOnceAndItsCallCancelled() {
		this.runner.dispatch(RunnerFixture.fire(0, 2));

		assertThat(this.runner.endGoing(STOPPED, (id) -> false)).isEqualTo(1);

		assertThat(this.runner.anyGoing((id) -> false)).isFalse();
		assertThat(this.calls.get(0)).isCancelled();
		assertThat(this.fixture.finished).singleElement().satisfies((run) -> {
			assertThat(run.status()).isEqualTo(ExecutionStatus.FAILED);
			assertThat(run.error()).isEqualTo(STOPPED.text());
		});
		// the cancelled call neither retried (two attempts allowed) nor recorded again
		assertThat(this.calls).hasSize(1);
	}

	@Test
	void aRunLeftToOthersIsNotWaitedForNorRecordedNorRetried() {
		this.runner.dispatch(RunnerFixture.fire(5, 2));
		assertThat(this.runner.anyGoing((id) -> id == 5)).isFalse();

		assertThat(this.runner.endGoing(STOPPED, (id) -> id == 5)).isZero();
		// the agent closes its async runs: the accepted attempt's result is cancelled
		this.calls.get(0).cancel(true);

		assertThat(this.fixture.finished).isEmpty();
		assertThat(this.calls).hasSize(1);
	}

	@Test
	void nothingStartsOnceTheGraceEnded() {
		this.runner.endGoing(STOPPED, (id) -> false);

		this.runner.dispatch(RunnerFixture.fire(0, 1));

		assertThat(this.calls).isEmpty();
		assertThat(this.runner.anyGoing((id) -> false)).isFalse();
	}

	@Test
	void aFireAdmittedAsTheGraceEndsStartsNoRunAfterIt() throws InterruptedException {
		// a worker's dispatch past the runner's check, held while its run is admitted
		this.runnerClock.arm();
		Thread dispatching = new Thread(() -> this.runner.dispatch(RunnerFixture.fire(3, 1)));
		dispatching.start();
		this.runnerClock.awaitHeld();

		this.runner.endGoing(STOPPED, (id) -> false);
		this.runnerClock.release();
		dispatching.join();

		// it did not start after the cut: recorded not started, and nothing goes on
		assertThat(this.calls).isEmpty();
		assertThat(this.runner.anyGoing((id) -> false)).isFalse();
		assertThat(this.fixture.finished).singleElement().satisfies((run) -> {
			assertThat(run.status()).isEqualTo(ExecutionStatus.CANCELLED);
			assertThat(run.error()).isEqualTo(Reason.of(ReasonCode.RUN_NOT_STARTED_AGENT_STOPPED).text());
		});
	}

	@Test
	void aRetryStartingAsTheGraceEndsLeavesNoRecordAfterTheRunsLast() throws InterruptedException {
		this.runner.dispatch(RunnerFixture.fire(4, 2));
		// the retry's attempt (no backoff, on the timer's thread) held as it makes its
		// start record
		this.recordsClock.arm();
		this.calls.get(0).complete(AttemptResult.failed("boom"));
		this.recordsClock.awaitHeld();

		Thread ending = new Thread(() -> this.runner.endGoing(STOPPED, (id) -> false));
		ending.start();
		// the cut either waits for the start record being made, or is over
		await().atMost(Duration.ofSeconds(30))
			.until(() -> ending.getState() == Thread.State.BLOCKED || ending.getState() == Thread.State.TERMINATED);
		this.recordsClock.release();
		ending.join();

		// the run's records in the order they were made: its finish the last of them
		List<ExecutionRecord> records = await().atMost(Duration.ofSeconds(30))
			.until(() -> List.copyOf(this.store.written),
					(written) -> written.stream().anyMatch((record) -> record instanceof ExecutionRecord.Finished));
		assertThat(records.get(records.size() - 1)).isInstanceOfSatisfying(ExecutionRecord.Finished.class,
				(finished) -> assertThat(finished.status()).isEqualTo(ExecutionStatus.FAILED));
		assertThat(this.fixture.finished).singleElement()
			.satisfies((run) -> assertThat(run.status()).isEqualTo(ExecutionStatus.FAILED));
		// an attempt that started before the cut is cancelled by it, and not retried
		await().atMost(Duration.ofSeconds(30)).until(() -> this.calls.stream().allMatch(CompletableFuture::isDone));
		assertThat(this.calls).hasSizeLessThanOrEqualTo(2);
	}

}
