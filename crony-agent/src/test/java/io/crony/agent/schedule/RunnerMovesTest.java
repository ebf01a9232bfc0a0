package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.IntFunction;

import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptPolicy;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A run that moves: the next attempt starts at once, kept off the instance the run left,
 * without using up the retry policy's attempts; a run that keeps moving stops at the
 * limit.
 */
class RunnerMovesTest {

	@TempDir
	Path spoolDir;

	private final List<Invocation> calls = new CopyOnWriteArrayList<>();

	private final List<RunListener.FinishedRun> finished = new CopyOnWriteArrayList<>();

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

	private RecordWriter records;

	@BeforeEach
	void start() {
		this.records = new RecordWriter(new ScriptedStore(), new Spool(this.spoolDir), Duration.ofMillis(20), 1000);
		this.records.start();
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.records.close();
		this.timer.shutdownNow();
	}

	@Test
	void aMoveStartsTheNextAttemptOffTheInstanceAndLeavesTheRetriesAlone() {
		// moved, then failed (the one retry), then succeeded
		Runner runner = runner((attempt) -> switch (attempt) {
			case 1 -> AttemptResult.moved("10.0.0.5:8080", Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED));
			case 2 -> AttemptResult.failed("boom");
			default -> new AttemptResult(ExecutionStatus.SUCCEEDED, "done", null);
		});

		runner.dispatch(fire(2));

		RunListener.FinishedRun run = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.finished.isEmpty() ? null : this.finished.get(0), (one) -> one != null);
		assertThat(run.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(run.attempts()).isEqualTo(3);
		assertThat(this.calls).extracting(Invocation::attempt).containsExactly(1, 2, 3);
		assertThat(this.calls).extracting(Invocation::avoid).containsExactly(null, "10.0.0.5:8080", null);
	}

	@Test
	void aRunThatKeepsMovingFailsAtTheLimit() {
		Runner runner = runner(
				(attempt) -> AttemptResult.moved("10.0.0.5:8080", Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED)));

		runner.dispatch(fire(1));

		RunListener.FinishedRun run = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.finished.isEmpty() ? null : this.finished.get(0), (one) -> one != null);
		assertThat(run.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(run.error()).endsWith("not moved again: the run moved " + AttemptPolicy.MOVE_LIMIT + " times");
		assertThat(this.calls).hasSize(AttemptPolicy.MOVE_LIMIT + 1);
	}

	private Runner runner(IntFunction<AttemptResult> byAttempt) {
		Target target = new Target() {
			@Override
			public TargetType type() {
				return TargetType.HTTP;
			}

			@Override
			public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
				RunnerMovesTest.this.calls.add(invocation);
				return CompletableFuture.completedFuture(byAttempt.apply(invocation.attempt()));
			}
		};
		AgentMetrics metrics = new AgentMetrics(new SimpleMeterRegistry());
		RunRecords runs = new RunRecords(this.records, metrics, "a", Clock.systemUTC(), this.finished::add);
		return new Runner(new Targets(List.of(target)), runs, metrics, this.timer, Runnable::run, Clock.systemUTC(),
				10);
	}

	private static Fire fire(int maxAttempts) {
		JobSpec spec = new JobSpec(7, "j7", null, "0 0 0 1 1 ?", "UTC",
				new TargetSpec(TargetType.HTTP, "POST", "http://x", Map.of(), null, null, null, List.of()), 5,
				new RetryPolicy(maxAttempts, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true,
				1);
		JobState job = new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), null));
		return Fire.resumed(job, 0, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.MANUAL, null, 1, 0,
				System.currentTimeMillis());
	}

}
