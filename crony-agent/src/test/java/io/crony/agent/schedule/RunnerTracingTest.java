package io.crony.agent.schedule;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntFunction;

import io.crony.agent.target.AttemptResult;
import io.crony.agent.tracing.RunSpan;
import io.crony.agent.tracing.RunTracing;
import io.crony.agent.tracing.SpanRecorder;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A run's spans: one for the run with the job's and fire's attributes, a child for each
 * attempt, and each attempt's call carrying its own span's W3C trace context; a run
 * released by another's success is a child of that run's span, in its trace; without
 * tracing no context is sent.
 */
class RunnerTracingTest {

	// fails the first attempt, succeeds the second
	private static final IntFunction<AttemptResult> FIRST_FAILS = (attempt) -> (attempt == 1)
			? AttemptResult.failed("boom") : new AttemptResult(ExecutionStatus.SUCCEEDED, "done", null);

	@TempDir
	Path spoolDir;

	private final InMemorySpanExporter spans = InMemorySpanExporter.create();

	private RunnerFixture fixture;

	private final List<SpanRecorder> recorders = new CopyOnWriteArrayList<>();

	// the threads the SDK started and ended spans on
	private final List<String> madeOn = new CopyOnWriteArrayList<>();

	@BeforeEach
	void start() {
		this.fixture = new RunnerFixture(this.spoolDir);
	}

	@AfterEach
	void stop() throws InterruptedException {
		this.fixture.close();
		this.recorders.forEach(SpanRecorder::close);
	}

	@Test
	void aRunIsASpanWithAChildPerAttemptAndEachCallCarriesItsAttemptsContext() {
		Runner runner = this.fixture.runner(FIRST_FAILS, tracing());

		runner.dispatch(RunnerFixture.fire(41, 2));

		await().atMost(Duration.ofSeconds(30)).until(() -> this.spans.getFinishedSpanItems().size() == 3);
		SpanData run = named("crony.run j7");
		assertThat(run.getParentSpanContext().isValid()).isFalse();
		assertThat(run.getAttributes().get(AttributeKey.longKey("crony.job.id"))).isEqualTo(7L);
		assertThat(run.getAttributes().get(AttributeKey.longKey("crony.execution.id"))).isEqualTo(41L);
		assertThat(run.getAttributes().get(AttributeKey.stringKey("crony.logical_instant")))
			.isEqualTo("2026-11-27T00:00:00Z");
		assertThat(run.getAttributes().get(AttributeKey.stringKey("crony.trigger"))).isEqualTo("MANUAL");
		assertThat(run.getAttributes().get(AttributeKey.longKey("crony.released_by"))).isNull();
		assertThat(run.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
		SpanData first = named("crony.attempt 1");
		SpanData second = named("crony.attempt 2");
		for (SpanData attempt : List.of(first, second)) {
			assertThat(attempt.getTraceId()).isEqualTo(run.getTraceId());
			assertThat(attempt.getParentSpanId()).isEqualTo(run.getSpanId());
		}
		assertThat(first.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
		assertThat(first.getStatus().getDescription()).isEqualTo("boom");
		assertThat(this.fixture.calls).extracting((call) -> call.trace().get("traceparent"))
			.containsExactly("00-" + run.getTraceId() + "-" + first.getSpanId() + "-01",
					"00-" + run.getTraceId() + "-" + second.getSpanId() + "-01");
		assertThat(this.fixture.finished).singleElement()
			.extracting(RunListener.FinishedRun::status)
			.isEqualTo(ExecutionStatus.SUCCEEDED);
	}

	/**
	 * What a workflow's downstream run knows of its upstream is what the rows keep: the
	 * upstream run's execution id and trace id. From them it finds the upstream run's
	 * span, made by another agent, to be its child.
	 */
	@Test
	void aReleasedRunIsAChildOfTheRunThatReleasedItInItsTrace() {
		RunSpan upstream = tracing().run("load", 6, 40, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);
		RunTracing.end(upstream, true, null);
		Runner runner = this.fixture.runner(FIRST_FAILS, tracing());

		runner
			.dispatch(RunnerFixture.fire(41, 2).releasedBy(new RunTracing.Upstream(40, RunTracing.traceId(upstream))));

		await().atMost(Duration.ofSeconds(30)).until(() -> this.spans.getFinishedSpanItems().size() == 4);
		SpanData run = named("crony.run j7");
		assertThat(run.getTraceId()).isEqualTo(RunTracing.traceId(upstream));
		assertThat(run.getParentSpanId()).isEqualTo(upstream.spanContext().getSpanId());
		assertThat(run.getAttributes().get(AttributeKey.longKey("crony.released_by"))).isEqualTo(40L);
		assertThat(named("crony.attempt 2").getParentSpanId()).isEqualTo(run.getSpanId());
		assertThat(this.fixture.calls).extracting((call) -> call.trace().get("traceparent"))
			.allSatisfy((traceparent) -> assertThat(traceparent).startsWith("00-" + run.getTraceId() + "-"));
	}

	/**
	 * The threads a run fires on (the dispatching one, the workers, the target's) build
	 * no span and touch no span processor: the recorder's thread does, from what they
	 * handed it.
	 */
	@Test
	void noSpanIsMadeOnTheThreadsTheRunFiresOn() {
		Runner runner = this.fixture.runner(FIRST_FAILS, tracing());

		runner.dispatch(RunnerFixture.fire(41, 2));

		await().atMost(Duration.ofSeconds(30)).until(() -> this.spans.getFinishedSpanItems().size() == 3);
		assertThat(this.madeOn).hasSize(6).containsOnly("crony-span-recorder");
	}

	@Test
	void aRunIsTimedOnceWhenItEndsByItsStatus() {
		Runner runner = this.fixture.runner(FIRST_FAILS, tracing());

		runner.dispatch(RunnerFixture.fire(41, 2));

		this.fixture.awaitFinished();
		Timer succeeded = this.fixture.meters.find("crony.agent.run.duration").tag("status", "SUCCEEDED").timer();
		assertThat(succeeded).isNotNull();
		assertThat(succeeded.count()).as("one run of two attempts").isOne();
		assertThat(this.fixture.meters.find("crony.agent.run.duration").tag("status", "FAILED").timer()).isNull();
	}

	@Test
	void withoutTracingNoContextIsSent() {
		Runner runner = this.fixture.runner(FIRST_FAILS);

		runner.dispatch(RunnerFixture.fire(41, 2));

		this.fixture.awaitFinished();
		assertThat(this.fixture.calls).hasSize(2).allSatisfy((call) -> assertThat(call.trace()).isEmpty());
	}

	private SpanData named(String name) {
		return this.spans.getFinishedSpanItems()
			.stream()
			.filter((span) -> span.getName().equals(name))
			.findFirst()
			.orElseThrow();
	}

	/** Notes the thread each span starts and ends on. */
	private final class ThreadsOfSpans implements SpanProcessor {

		@Override
		public void onStart(Context parentContext, ReadWriteSpan span) {
			RunnerTracingTest.this.madeOn.add(Thread.currentThread().getName());
		}

		@Override
		public boolean isStartRequired() {
			return true;
		}

		@Override
		public void onEnd(ReadableSpan span) {
			RunnerTracingTest.this.madeOn.add(Thread.currentThread().getName());
		}

		@Override
		public boolean isEndRequired() {
			return true;
		}

	}

	/** Every run sampled, with the agent's id generator, as Spring Boot's SDK has it. */
	private RunTracing tracing() {
		OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
			.setTracerProvider(RunTracing.configure(SdkTracerProvider.builder(), Sampler.alwaysOn())
				.addSpanProcessor(SimpleSpanProcessor.create(this.spans))
				.addSpanProcessor(new ThreadsOfSpans())
				.build())
			.setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
			.build();
		SpanRecorder recorder = new SpanRecorder(sdk, new SimpleMeterRegistry());
		this.recorders.add(recorder);
		return new RunTracing(sdk, Sampler.alwaysOn(), recorder);
	}

}
