package io.crony.agent.tracing;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.crony.common.execution.TriggerType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A shard call's span is a child of the run's, found from the context the fire's
 * invocation carries; with the default sampling (0) nothing is recorded but a run still
 * has a trace id and sends its context, marked not sampled. A run released by another
 * joins its trace, sampled as the trace's first run was.
 */
class RunTracingTest {

	private final InMemorySpanExporter spans = InMemorySpanExporter.create();

	private final List<SpanRecorder> recorders = new CopyOnWriteArrayList<>();

	@AfterEach
	void stop() {
		this.recorders.forEach(SpanRecorder::close);
	}

	@Test
	void aShardCallIsAChildOfTheRunWhoseContextItWasHanded() {
		RunTracing tracing = tracing(Sampler.alwaysOn());
		RunSpan run = tracing.run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);

		RunSpan shard = tracing.shard(tracing.context(run), 2, 3, 1);
		Map<String, String> sent = tracing.context(shard);
		RunTracing.end(shard, true, null);
		RunTracing.end(run, true, null);

		SpanData recorded = finished().stream()
			.filter((span) -> span.getName().equals("crony.shard 2/3"))
			.findFirst()
			.orElseThrow();
		assertThat(recorded.getTraceId()).isEqualTo(RunTracing.traceId(run));
		assertThat(recorded.getParentSpanId()).isEqualTo(run.spanContext().getSpanId());
		assertThat(sent).containsEntry("traceparent",
				"00-" + RunTracing.traceId(run) + "-" + recorded.getSpanId() + "-01");
	}

	@Test
	void withTheDefaultSamplingARunRecordsNothingButStillHasATraceToSend() {
		// Spring Boot's sampler at management.tracing.sampling.probability=0.0
		RunTracing tracing = tracing(Sampler.parentBased(Sampler.traceIdRatioBased(0.0)));
		RunSpan run = tracing.run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);
		RunSpan attempt = tracing.attempt(run, 1);

		Map<String, String> sent = tracing.context(attempt);
		RunTracing.end(attempt, true, null);
		RunTracing.end(run, true, null);

		assertThat(RunTracing.traceId(run)).matches("[0-9a-f]{32}");
		assertThat(sent.get("traceparent")).matches("00-" + RunTracing.traceId(run) + "-[0-9a-f]{16}-00");
		assertThat(finished()).isEmpty();
	}

	@Test
	void offSendsNothingAndStoresNoTraceId() {
		RunSpan run = RunTracing.off().run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), null);
		assertThat(RunTracing.off().context(RunTracing.off().attempt(run, 1))).isEmpty();
		assertThat(RunTracing.traceId(run)).isNull();
	}

	@Test
	void aReleasedRunJoinsTheTraceOfTheRunThatReleasedItSampledAsThatTraceWas() {
		// half of all traces sampled: a workflow's runs are all recorded or none is
		RunTracing tracing = tracing(Sampler.parentBased(Sampler.traceIdRatioBased(0.5)));
		int sampled = 0;
		for (long upstreamId = 1; upstreamId <= 64; upstreamId++) {
			RunSpan upstream = tracing.run("load", 6, upstreamId, Instant.parse("2026-11-27T00:00:00Z"),
					TriggerType.CRON);
			RunSpan downstream = tracing.run("report", 7, 1000 + upstreamId, Instant.parse("2026-11-27T00:00:00Z"),
					TriggerType.DEPENDENCY, new RunTracing.Upstream(upstreamId, RunTracing.traceId(upstream)));

			assertThat(RunTracing.traceId(downstream)).isEqualTo(RunTracing.traceId(upstream));
			assertThat(downstream.spanContext().isSampled()).isEqualTo(upstream.spanContext().isSampled());
			sampled += upstream.spanContext().isSampled() ? 1 : 0;
			RunTracing.end(downstream, true, null);
			RunTracing.end(upstream, true, null);
		}
		assertThat(sampled).as("traces sampled of 64").isBetween(1, 63);
		finished().stream()
			.filter((span) -> span.getName().equals("crony.run report"))
			.forEach((downstream) -> assertThat(this.spans.getFinishedSpanItems())
				.anySatisfy((upstream) -> assertThat(upstream.getSpanId()).isEqualTo(downstream.getParentSpanId())));
	}

	@Test
	void aRunReleasedByAnUntracedRunStartsATraceOfItsOwn() {
		RunTracing tracing = tracing(Sampler.alwaysOn());

		RunSpan run = tracing.run("report", 7, 42, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.DEPENDENCY,
				new RunTracing.Upstream(41, null));
		RunTracing.end(run, true, null);

		assertThat(finished()).singleElement()
			.satisfies((span) -> assertThat(span.getParentSpanContext().isValid()).isFalse());
	}

	@Test
	void aRunsSpanIdIsDerivedFromItsTraceAndExecution() {
		String trace = "4bf92f3577b34da6a3ce929d0e0e4736";

		assertThat(RunTracing.runSpanId(trace, 41)).matches("[0-9a-f]{16}")
			.isEqualTo(RunTracing.runSpanId(trace, 41))
			.isNotEqualTo(RunTracing.runSpanId(trace, 42))
			.isNotEqualTo(RunTracing.runSpanId("4bf92f3577b34da6a3ce929d0e0e4737", 41));
	}

	/**
	 * At the default sampling a fire builds no span name or attribute: the sampler
	 * decides on the bare names, and only a span that records gets the rest.
	 */
	@Test
	void theSamplerDecidesBeforeAnyNameOrAttributeIsBuilt() {
		List<String> seen = new CopyOnWriteArrayList<>();
		Sampler dropsAll = new Sampler() {
			@Override
			public SamplingResult shouldSample(Context parent, String traceId, String name, SpanKind kind,
					Attributes attributes, List<LinkData> links) {
				seen.add(name + " " + attributes.size());
				return SamplingResult.drop();
			}

			@Override
			public String getDescription() {
				return "drops all";
			}
		};
		RunTracing tracing = tracing(dropsAll);

		RunSpan run = tracing.run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);
		RunSpan shard = tracing.shard(tracing.context(tracing.attempt(run, 1)), 2, 3, 1);

		assertThat(seen).containsExactly("crony.run 0", "crony.attempt 0", "crony.shard 0");
		assertThat(tracing.context(shard).get("traceparent"))
			.matches("00-" + RunTracing.traceId(run) + "-[0-9a-f]{16}-00");
	}

	/** The spans ended so far, made now rather than on the recorder's next turn. */
	private List<SpanData> finished() {
		this.recorders.forEach(SpanRecorder::drain);
		return this.spans.getFinishedSpanItems();
	}

	private RunTracing tracing(Sampler sampler) {
		OpenTelemetrySdk sdk = sdk(sampler);
		SpanRecorder recorder = new SpanRecorder(sdk, new SimpleMeterRegistry());
		this.recorders.add(recorder);
		return new RunTracing(sdk, sampler, recorder);
	}

	private OpenTelemetrySdk sdk(Sampler sampler) {
		return OpenTelemetrySdk.builder()
			.setTracerProvider(RunTracing.configure(SdkTracerProvider.builder(), sampler)
				.addSpanProcessor(SimpleSpanProcessor.create(this.spans))
				.build())
			.setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
			.build();
	}

}
