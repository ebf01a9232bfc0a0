package io.crony.agent.tracing;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.Map;

import com.sun.management.ThreadMXBean;
import io.crony.common.execution.TriggerType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What tracing allocates per fire at the default sampling (0), on the fire's own thread:
 * the run's span, one attempt's, the W3C trace context its call sends, both spans ended,
 * as the Runner does. Printed, not asserted (docs/benchmarks.md has the figures); what is
 * asserted is that the target still gets the attempt's {@code traceparent}, marked not
 * sampled.
 */
class RunTracingAllocationTest {

	private static final int FIRES = 200_000;

	// what a fire keeps (its run's span, the context its invocation carries): written
	// here so that the JIT cannot drop the allocations a real fire makes
	static volatile Object kept;

	@Test
	void printsWhatAFireAllocatesForTracingAtTheDefaultSampling() {
		// as Spring Boot's SDK is configured by default: a ratio of 0, W3C trace context
		// and baggage, the agent's id generator
		Sampler sampler = Sampler.parentBased(Sampler.traceIdRatioBased(0.0));
		OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
			.setTracerProvider(RunTracing.configure(SdkTracerProvider.builder(), sampler).build())
			.setPropagators(ContextPropagators.create(TextMapPropagator
				.composite(W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance())))
			.build();
		SpanRecorder recorder = new SpanRecorder(sdk, new SimpleMeterRegistry());
		RunTracing tracing = new RunTracing(sdk, sampler, recorder);
		// compiled first, so that what is counted is the steady state
		fires(tracing, FIRES);
		ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
		long before = threads.getCurrentThreadAllocatedBytes();

		Map<String, String> sent = fires(tracing, FIRES);

		long bytes = threads.getCurrentThreadAllocatedBytes() - before;
		System.out.printf("RunTracing at sampling 0: %d bytes per fire (a run span, an attempt span, the context sent)"
				+ " over %,d fires%n", bytes / FIRES, FIRES);
		assertThat(sent).containsOnlyKeys("traceparent");
		assertThat(sent.get("traceparent")).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-00");
		recorder.close();
	}

	private static Map<String, String> fires(RunTracing tracing, int count) {
		Instant at = Instant.parse("2026-11-27T00:00:00Z");
		Map<String, String> sent = Map.of();
		for (int fire = 0; fire < count; fire++) {
			RunSpan run = tracing.run("reindex-orders", 7, 1000 + fire, at, TriggerType.CRON);
			RunSpan attempt = tracing.attempt(run, 1);
			sent = tracing.context(attempt);
			kept = run;
			kept = sent;
			RunTracing.end(attempt, true, null);
			RunTracing.end(run, true, null);
		}
		return sent;
	}

}
