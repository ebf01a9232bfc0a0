package io.crony.agent.tracing;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.crony.common.execution.TriggerType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.Clock;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The hand-off from the firing threads to the recorder: spans made in the order they were
 * ended, with the ids their targets were sent and the times their firing thread read,
 * whenever the recorder gets to them; a full queue drops and counts, never waits. Under a
 * second.
 */
class SpanRecorderTest {

	private static final Instant AT = Instant.parse("2026-11-27T00:00:00Z");

	// far from now: a span stamped when the recorder makes it would not have it
	private static final long EPOCH_NANOS = TimeUnit.SECONDS
		.toNanos(Instant.parse("2020-01-01T00:00:00Z").getEpochSecond());

	private final InMemorySpanExporter spans = InMemorySpanExporter.create();

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final TestClock clock = new TestClock();

	private final OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
		.setTracerProvider(RunTracing.configure(SdkTracerProvider.builder(), Sampler.alwaysOn())
			.addSpanProcessor(SimpleSpanProcessor.create(this.spans))
			.build())
		.setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
		.build();

	private SpanRecorder recorder;

	@AfterEach
	void stop() {
		this.recorder.close();
		this.sdk.close();
	}

	@Test
	void makesEachSpanWithTheIdsItsTargetWasSentAndTheTimesItsFiringThreadRead() {
		RunTracing tracing = tracing(SpanRecorder.CAPACITY, SpanRecorder.INTERVAL);

		RunSpan run = tracing.run("reindex", 7, 41, AT, TriggerType.CRON);
		this.clock.advance(Duration.ofMillis(5));
		RunSpan attempt = tracing.attempt(run, 1);
		String sent = tracing.context(attempt).get("traceparent");
		this.clock.advance(Duration.ofMillis(20));
		RunTracing.end(attempt, false, "boom");
		this.clock.advance(Duration.ofMillis(1));
		RunTracing.end(run, true, null);

		// made by the recorder's own turn, not by this thread
		await().atMost(Duration.ofSeconds(30)).until(() -> this.spans.getFinishedSpanItems().size() == 2);
		SpanData madeRun = named("crony.run reindex");
		SpanData madeAttempt = named("crony.attempt 1");
		assertThat(madeRun.getTraceId()).isEqualTo(RunTracing.traceId(run));
		assertThat(madeRun.getSpanId()).isEqualTo(RunTracing.runSpanId(RunTracing.traceId(run), 41))
			.isEqualTo(run.spanContext().getSpanId());
		assertThat(madeRun.getParentSpanContext().isValid()).isFalse();
		assertThat(madeRun.getKind()).isEqualTo(SpanKind.INTERNAL);
		assertThat(madeRun.getAttributes().get(RunTracing.EXECUTION_ID)).isEqualTo(41L);
		assertThat(madeRun.getAttributes().get(RunTracing.LOGICAL_INSTANT)).isEqualTo("2026-11-27T00:00:00Z");
		assertThat(madeRun.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
		assertThat(sent).isEqualTo("00-" + madeRun.getTraceId() + "-" + madeAttempt.getSpanId() + "-01");
		assertThat(madeAttempt.getParentSpanId()).isEqualTo(madeRun.getSpanId());
		assertThat(madeAttempt.getKind()).isEqualTo(SpanKind.CLIENT);
		assertThat(madeAttempt.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
		assertThat(madeAttempt.getStatus().getDescription()).isEqualTo("boom");
		assertThat(madeRun.getStartEpochNanos()).isEqualTo(EPOCH_NANOS);
		assertThat(madeAttempt.getStartEpochNanos()).isEqualTo(EPOCH_NANOS + millis(5));
		assertThat(madeAttempt.getEndEpochNanos()).isEqualTo(EPOCH_NANOS + millis(25));
		assertThat(madeRun.getEndEpochNanos()).isEqualTo(EPOCH_NANOS + millis(26));
	}

	@Test
	void makesTheSpansInTheOrderTheyWereEnded() {
		RunTracing tracing = tracing(SpanRecorder.CAPACITY, Duration.ofHours(1));
		RunSpan first = tracing.run("first", 1, 1, AT, TriggerType.CRON);
		RunSpan second = tracing.run("second", 2, 2, AT, TriggerType.CRON);
		RunSpan attempt = tracing.attempt(first, 1);

		RunTracing.end(second, true, null);
		RunTracing.end(attempt, true, null);
		RunTracing.end(first, true, null);
		assertThat(this.spans.getFinishedSpanItems()).as("nothing made on the thread that ends them").isEmpty();
		this.recorder.drain();

		assertThat(this.spans.getFinishedSpanItems()).extracting(SpanData::getName)
			.containsExactly("crony.run second", "crony.attempt 1", "crony.run first");
	}

	@Test
	void dropsAndCountsASpanEndedWhileTheQueueIsFull() {
		RunTracing tracing = tracing(2, Duration.ofHours(1));

		for (int run = 1; run <= 3; run++) {
			RunTracing.end(tracing.run("r" + run, run, run, AT, TriggerType.CRON), true, null);
		}
		assertThat(dropped()).isEqualTo(1.0);
		this.recorder.drain();
		RunTracing.end(tracing.run("r4", 4, 4, AT, TriggerType.CRON), true, null);
		this.recorder.drain();

		assertThat(this.spans.getFinishedSpanItems()).extracting(SpanData::getName)
			.as("the queue takes spans again once the recorder took what waited")
			.containsExactly("crony.run r1", "crony.run r2", "crony.run r4");
		assertThat(dropped()).isEqualTo(1.0);
	}

	@Test
	void aSpanEndedTwiceIsMadeOnce() {
		RunTracing tracing = tracing(SpanRecorder.CAPACITY, Duration.ofHours(1));
		RunSpan run = tracing.run("reindex", 7, 41, AT, TriggerType.CRON);

		RunTracing.end(run, true, null);
		RunTracing.end(run, false, "again");
		this.recorder.drain();

		assertThat(this.spans.getFinishedSpanItems()).singleElement()
			.satisfies((span) -> assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET));
	}

	@Test
	void closingMakesWhatStillWaits() {
		RunTracing tracing = tracing(SpanRecorder.CAPACITY, Duration.ofHours(1));
		RunTracing.end(tracing.run("reindex", 7, 41, AT, TriggerType.CRON), true, null);

		this.recorder.close();

		assertThat(this.spans.getFinishedSpanItems()).extracting(SpanData::getName)
			.containsExactly("crony.run reindex");
	}

	private RunTracing tracing(int capacity, Duration interval) {
		this.recorder = new SpanRecorder(this.sdk, this.registry, capacity, interval);
		return new RunTracing(this.sdk, Sampler.alwaysOn(), this.recorder, this.clock);
	}

	private double dropped() {
		return this.registry.get(BackingOffSpanExporter.DROPPED)
			.tag("reason", SpanRecorder.QUEUE_FULL)
			.counter()
			.count();
	}

	private SpanData named(String name) {
		List<SpanData> made = this.spans.getFinishedSpanItems();
		return made.stream().filter((span) -> span.getName().equals(name)).findFirst().orElseThrow();
	}

	private static long millis(long millis) {
		return TimeUnit.MILLISECONDS.toNanos(millis);
	}

	/** Epoch and monotonic time both moved by the test alone. */
	private static final class TestClock implements Clock {

		private volatile long elapsedNanos;

		void advance(Duration duration) {
			this.elapsedNanos += duration.toNanos();
		}

		@Override
		public long now() {
			return EPOCH_NANOS + this.elapsedNanos;
		}

		@Override
		public long nanoTime() {
			return 1_000_000_000L + this.elapsedNanos;
		}

	}

}
