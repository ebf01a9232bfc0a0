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

import io.crony.agent.execution.RecordWriter;
import io.crony.agent.execution.Spool;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Target;
import io.crony.agent.target.Targets;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A run's spans: one for the run with the job's and fire's attributes, a child for each
 * attempt, and each attempt's call carrying its own span's W3C trace context; without
 * tracing no context is sent.
 */
class RunnerTracingTest {

	@TempDir
	Path spoolDir;

	private final List<Invocation> calls = new CopyOnWriteArrayList<>();

	private final List<RunListener.FinishedRun> finished = new CopyOnWriteArrayList<>();

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

	private final InMemorySpanExporter spans = InMemorySpanExporter.create();

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
	void aRunIsASpanWithAChildPerAttemptAndEachCallCarriesItsAttemptsContext() {
		Runner runner = runner(new RunTracing(sdk()));

		runner.dispatch(fire());

		await().atMost(Duration.ofSeconds(30)).until(() -> this.spans.getFinishedSpanItems().size() == 3);
		SpanData run = named("crony.run j7");
		assertThat(run.getParentSpanContext().isValid()).isFalse();
		assertThat(run.getAttributes().get(AttributeKey.longKey("crony.job.id"))).isEqualTo(7L);
		assertThat(run.getAttributes().get(AttributeKey.longKey("crony.execution.id"))).isEqualTo(41L);
		assertThat(run.getAttributes().get(AttributeKey.stringKey("crony.logical_instant")))
			.isEqualTo("2026-11-27T00:00:00Z");
		assertThat(run.getAttributes().get(AttributeKey.stringKey("crony.trigger"))).isEqualTo("MANUAL");
		assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
		SpanData first = named("crony.attempt 1");
		SpanData second = named("crony.attempt 2");
		for (SpanData attempt : List.of(first, second)) {
			assertThat(attempt.getTraceId()).isEqualTo(run.getTraceId());
			assertThat(attempt.getParentSpanId()).isEqualTo(run.getSpanId());
		}
		assertThat(first.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
		assertThat(first.getStatus().getDescription()).isEqualTo("boom");
		assertThat(this.calls).extracting((call) -> call.trace().get("traceparent"))
			.containsExactly("00-" + run.getTraceId() + "-" + first.getSpanId() + "-01",
					"00-" + run.getTraceId() + "-" + second.getSpanId() + "-01");
		assertThat(this.finished).singleElement()
			.extracting(RunListener.FinishedRun::status)
			.isEqualTo(ExecutionStatus.SUCCEEDED);
	}

	@Test
	void withoutTracingNoContextIsSent() {
		Runner runner = runner(RunTracing.off());

		runner.dispatch(fire());

		await().atMost(Duration.ofSeconds(30)).until(() -> this.finished.size() == 1);
		assertThat(this.calls).hasSize(2).allSatisfy((call) -> assertThat(call.trace()).isEmpty());
	}

	private SpanData named(String name) {
		return this.spans.getFinishedSpanItems()
			.stream()
			.filter((span) -> span.getName().equals(name))
			.findFirst()
			.orElseThrow();
	}

	private OpenTelemetrySdk sdk() {
		return OpenTelemetrySdk.builder()
			.setTracerProvider(
					SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(this.spans)).build())
			.setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
			.build();
	}

	// fails the first attempt, succeeds the second
	private Runner runner(RunTracing tracing) {
		Target target = new Target() {
			@Override
			public TargetType type() {
				return TargetType.HTTP;
			}

			@Override
			public CompletableFuture<AttemptResult> invoke(Invocation invocation) {
				RunnerTracingTest.this.calls.add(invocation);
				return CompletableFuture.completedFuture((invocation.attempt() == 1) ? AttemptResult.failed("boom")
						: new AttemptResult(ExecutionStatus.SUCCEEDED, "done", null));
			}
		};
		AgentMetrics metrics = new AgentMetrics(new SimpleMeterRegistry());
		RunRecords runs = new RunRecords(this.records, metrics, "a", Clock.systemUTC(), this.finished::add);
		return new Runner(new Targets(List.of(target)), runs, metrics, this.timer, Runnable::run, Clock.systemUTC(), 10,
				tracing);
	}

	private static Fire fire() {
		JobSpec spec = new JobSpec(7, "j7", null, "0 0 0 1 1 ?", "UTC",
				new TargetSpec(TargetType.HTTP, "POST", "http://x", Map.of(), null, null, null, List.of()), 5,
				new RetryPolicy(2, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
		JobState job = new JobState(spec, new ScheduleParser().parse(spec.schedule(), ZoneId.of("UTC"), null));
		return Fire.resumed(job, 41, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.MANUAL, null, 1, 0,
				System.currentTimeMillis());
	}

}
