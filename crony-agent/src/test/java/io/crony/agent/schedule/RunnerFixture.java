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
import java.util.function.Function;
import java.util.function.IntFunction;

import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import static org.awaitility.Awaitility.await;

/**
 * A {@link Runner} calling a scripted target, its records written in batches to a
 * scripted store (or the one a test gives) and its meters kept in memory: the calls the
 * target got and the runs that finished, in order. An engine's test takes its targets,
 * records and timer from here too. Close it after each test.
 */
final class RunnerFixture implements AutoCloseable {

	/** The calls the target got, in order. */
	final List<Invocation> calls = new CopyOnWriteArrayList<>();

	/** The runs that finished, as the run listener heard of them. */
	final List<RunListener.FinishedRun> finished = new CopyOnWriteArrayList<>();

	final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

	private final RecordWriter records;

	RunnerFixture(Path spoolDir) {
		this(spoolDir, new ScriptedStore());
	}

	/**
	 * A fixture whose records go to the given store: a test that scripts or reads the
	 * store itself, or gives its engine the same one.
	 */
	RunnerFixture(Path spoolDir, ExecutionStore store) {
		this.records = new RecordWriter(store, new Spool(spoolDir), Duration.ofMillis(20), 1000);
		this.records.start();
	}

	/** The record writer, started: the runners' records go through it. */
	RecordWriter records() {
		return this.records;
	}

	/** The timer of the runners' retry backoff. */
	ScheduledExecutorService timer() {
		return this.timer;
	}

	/**
	 * A runner whose target answers each attempt as the script says, without tracing.
	 */
	Runner runner(IntFunction<AttemptResult> byAttempt) {
		return runner(byAttempt, RunTracing.off());
	}

	Runner runner(IntFunction<AttemptResult> byAttempt, RunTracing tracing) {
		AgentMetrics metrics = new AgentMetrics(this.meters);
		RunRecords runs = new RunRecords(this.records, metrics, "a", Clock.systemUTC(), this.finished::add);
		return new Runner(targets(byAttempt), runs, metrics, this.timer, Runnable::run, Clock.systemUTC(), 10, tracing);
	}

	/**
	 * One HTTP target that answers each attempt as the script says, each call kept in
	 * {@link #calls}.
	 */
	Targets targets(IntFunction<AttemptResult> byAttempt) {
		return httpTarget((invocation) -> {
			this.calls.add(invocation);
			return CompletableFuture.completedFuture(byAttempt.apply(invocation.attempt()));
		});
	}

	/** One HTTP target that answers each call as given. */
	static Targets httpTarget(Function<Invocation, CompletableFuture<AttemptResult>> answer) {
		Target target = new Target() {
			@Override
			public TargetType type() {
				return TargetType.HTTP;
			}

			@Override
			public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
				return answer.apply(invocation);
			}
		};
		return new Targets(List.of(target));
	}

	/**
	 * A fire of job 7 ({@code j7}, HTTP) at 2026-11-27T00:00:00Z, started by hand.
	 * @param executionId its row, 0 for none
	 * @param maxAttempts the job's retry policy's attempts
	 */
	static Fire fire(long executionId, int maxAttempts) {
		return Fire.resumed(job(maxAttempts), executionId, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.MANUAL,
				null, 1, 0, System.currentTimeMillis());
	}

	/**
	 * Job 7 ({@code j7}, HTTP, misfires skipped, overlaps allowed).
	 * @param maxAttempts its retry policy's attempts
	 */
	static JobState job(int maxAttempts) {
		JobSpec spec = new JobSpec(7, "j7", null, "0 0 0 1 1 ?", "UTC",
				new TargetSpec(TargetType.HTTP, "POST", "http://x", Map.of(), null, null, null, List.of()), 5,
				new RetryPolicy(maxAttempts, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true,
				1);
		return new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), null));
	}

	/** The first run that finished, once one has. */
	RunListener.FinishedRun awaitFinished() {
		return await().atMost(Duration.ofSeconds(30))
			.until(() -> this.finished.isEmpty() ? null : this.finished.get(0), (one) -> one != null);
	}

	@Override
	public void close() throws InterruptedException {
		this.records.close();
		this.timer.shutdownNow();
	}

}
