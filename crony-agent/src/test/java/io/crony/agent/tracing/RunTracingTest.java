package io.crony.agent.tracing;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.crony.common.execution.TriggerType;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
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

	@Test
	void aShardCallIsAChildOfTheRunWhoseContextItWasHanded() {
		RunTracing tracing = tracing(Sampler.alwaysOn());
		Span run = tracing.run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);

		Span shard = tracing.shard(tracing.context(run), 2, 3, 1);
		Map<String, String> sent = tracing.context(shard);
		shard.end();
		run.end();

		SpanData recorded = this.spans.getFinishedSpanItems()
			.stream()
			.filter((span) -> span.getName().equals("crony.shard 2/3"))
			.findFirst()
			.orElseThrow();
		assertThat(recorded.getTraceId()).isEqualTo(RunTracing.traceId(run));
		assertThat(recorded.getParentSpanId()).isEqualTo(run.getSpanContext().getSpanId());
		assertThat(sent).containsEntry("traceparent",
				"00-" + RunTracing.traceId(run) + "-" + recorded.getSpanId() + "-01");
	}

	@Test
	void withTheDefaultSamplingARunRecordsNothingButStillHasATraceToSend() {
		// Spring Boot's sampler at management.tracing.sampling.probability=0.0
		RunTracing tracing = tracing(Sampler.parentBased(Sampler.traceIdRatioBased(0.0)));
		Span run = tracing.run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);
		Span attempt = tracing.attempt(run, 1);

		Map<String, String> sent = tracing.context(attempt);
		attempt.end();
		run.end();

		assertThat(RunTracing.traceId(run)).matches("[0-9a-f]{32}");
		assertThat(sent.get("traceparent")).matches("00-" + RunTracing.traceId(run) + "-[0-9a-f]{16}-00");
		assertThat(this.spans.getFinishedSpanItems()).isEmpty();
	}

	@Test
	void offSendsNothingAndStoresNoTraceId() {
		Span run = RunTracing.off().run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), null);
		assertThat(RunTracing.off().context(RunTracing.off().attempt(run, 1))).isEmpty();
		assertThat(RunTracing.traceId(run)).isNull();
	}

	@Test
	void aReleasedRunJoinsTheTraceOfTheRunThatReleasedItSampledAsThatTraceWas() {
		// half of all traces sampled: a workflow's runs are all recorded or none is
		RunTracing tracing = tracing(Sampler.parentBased(Sampler.traceIdRatioBased(0.5)));
		int sampled = 0;
		for (long upstreamId = 1; upstreamId <= 64; upstreamId++) {
			Span upstream = tracing.run("load", 6, upstreamId, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);
			Span downstream = tracing.run("report", 7, 1000 + upstreamId, Instant.parse("2026-11-27T00:00:00Z"),
					TriggerType.DEPENDENCY, new RunTracing.Upstream(upstreamId, RunTracing.traceId(upstream)));

			assertThat(RunTracing.traceId(downstream)).isEqualTo(RunTracing.traceId(upstream));
			assertThat(downstream.getSpanContext().isSampled()).isEqualTo(upstream.getSpanContext().isSampled());
			sampled += upstream.getSpanContext().isSampled() ? 1 : 0;
			downstream.end();
			upstream.end();
		}
		assertThat(sampled).as("traces sampled of 64").isBetween(1, 63);
		this.spans.getFinishedSpanItems()
			.stream()
			.filter((span) -> span.getName().equals("crony.run report"))
			.forEach((downstream) -> assertThat(this.spans.getFinishedSpanItems())
				.anySatisfy((upstream) -> assertThat(upstream.getSpanId()).isEqualTo(downstream.getParentSpanId())));
	}

	@Test
	void aRunReleasedByAnUntracedRunStartsATraceOfItsOwn() {
		RunTracing tracing = tracing(Sampler.alwaysOn());

		Span run = tracing.run("report", 7, 42, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.DEPENDENCY,
				new RunTracing.Upstream(41, null));
		run.end();

		assertThat(this.spans.getFinishedSpanItems()).singleElement()
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

		Span run = tracing.run("reindex", 7, 41, Instant.parse("2026-11-27T00:00:00Z"), TriggerType.CRON);
		Span shard = tracing.shard(tracing.context(tracing.attempt(run, 1)), 2, 3, 1);

		assertThat(seen).containsExactly("crony.run 0", "crony.attempt 0", "crony.shard 0");
		assertThat(tracing.context(shard).get("traceparent"))
			.matches("00-" + RunTracing.traceId(run) + "-[0-9a-f]{16}-00");
	}

	private RunTracing tracing(Sampler sampler) {
		return new RunTracing(sdk(sampler), sampler);
	}

	private OpenTelemetrySdk sdk(Sampler sampler) {
		return OpenTelemetrySdk.builder()
			.setTracerProvider(SdkTracerProvider.builder()
				.setIdGenerator(new RunIds())
				.setSampler(sampler)
				.addSpanProcessor(SimpleSpanProcessor.create(this.spans))
				.build())
			.setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
			.build();
	}

}
