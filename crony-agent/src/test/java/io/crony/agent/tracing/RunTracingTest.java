package io.crony.agent.tracing;

import java.time.Instant;
import java.util.Map;

import io.crony.common.execution.TriggerType;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A shard call's span is a child of the run's, found from the context the fire's
 * invocation carries; with the default sampling (0) nothing is recorded but a run still
 * has a trace id and sends its context, marked not sampled.
 */
class RunTracingTest {

	private final InMemorySpanExporter spans = InMemorySpanExporter.create();

	@Test
	void aShardCallIsAChildOfTheRunWhoseContextItWasHanded() {
		RunTracing tracing = new RunTracing(sdk(Sampler.alwaysOn()));
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
		RunTracing tracing = new RunTracing(sdk(Sampler.parentBased(Sampler.traceIdRatioBased(0.0))));
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

	private OpenTelemetrySdk sdk(Sampler sampler) {
		return OpenTelemetrySdk.builder()
			.setTracerProvider(SdkTracerProvider.builder()
				.setSampler(sampler)
				.addSpanProcessor(SimpleSpanProcessor.create(this.spans))
				.build())
			.setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
			.build();
	}

}
