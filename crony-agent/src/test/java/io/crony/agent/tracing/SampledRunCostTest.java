package io.crony.agent.tracing;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.ServerSocket;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.OperatingSystemMXBean;
import com.sun.management.ThreadMXBean;
import io.crony.common.execution.TriggerType;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a run's tracing costs the thread that fires it: the run's span, one attempt's, the
 * {@code traceparent} its call sends, the run made current while its duration is timed,
 * both spans ended, as the Runner does; on SDKs set up as Spring Boot's, one with every
 * run sampled and the OTLP exporter at a closed port behind the agent's back-off (a dead
 * collector), one at the default sampling (0). Measured in turns, each after both are
 * compiled; every 1,000 runs the loop waits, parked, until the recorder has made their
 * spans, so that, as at 1,000 runs a second, none is dropped at its queue (asserted). The
 * figures are printed, not asserted (docs/benchmarks.md has them): the calling thread's
 * CPU and allocation per run, and the whole process's CPU per run over the same window
 * (the recorder, the threads that export, the JIT, the garbage collector). About 1 s at
 * the default 20,000 runs.
 */
class SampledRunCostTest {

	// 20,000 keep make check's share small; the figures in docs/benchmarks.md are made
	// with
	// -Dcrony.tracing.cost.runs=200000
	private static final int RUNS = Integer.getInteger("crony.tracing.cost.runs", 20_000);

	// runs between two waits for the recorder: their spans fit in its queue
	private static final int RUNS_PER_TURN = 1_000;

	// written so that the JIT cannot drop what a real fire keeps
	static volatile Object kept;

	private final List<OpenTelemetrySdk> sdks = new ArrayList<>();

	private final List<SpanRecorder> recorders = new ArrayList<>();

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	@AfterEach
	void stop() {
		this.recorders.forEach(SpanRecorder::close);
		// not waited for: the exporter's last try at the closed port takes seconds
		this.sdks.forEach(OpenTelemetrySdk::shutdown);
	}

	@Test
	void printsWhatARunsTracingCostsTheThreadThatFiresIt() throws IOException {
		Traced sampled = tracing(1.0);
		Traced unsampled = tracing(0.0);
		runs(sampled, RUNS);
		runs(unsampled, RUNS);

		for (int turn = 0; turn < 2; turn++) {
			assertThat(measure(unsampled, "sampling 0")).endsWith("-00");
			assertThat(measure(sampled, "every run sampled, collector dead")).endsWith("-01");
		}
		assertThat(this.registry.find(BackingOffSpanExporter.DROPPED).tag("reason", SpanRecorder.QUEUE_FULL).counter())
			.as("every span handed to the recorder, as at 1,000 runs a second")
			.satisfies((dropped) -> assertThat(dropped.count()).isZero());
	}

	private Traced tracing(double probability) throws IOException {
		Sampler sampler = Sampler.parentBased(Sampler.traceIdRatioBased(probability));
		OtlpHttpSpanExporter otlp = OtlpHttpSpanExporter.builder()
			.setEndpoint("http://127.0.0.1:" + closedPort() + "/v1/traces")
			.build();
		OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
			.setTracerProvider(RunTracing.configure(SdkTracerProvider.builder(), sampler)
				.addSpanProcessor(BatchSpanProcessor
					.builder(new BackingOffSpanExporter(otlp, new SimpleMeterRegistry(), Clock.systemUTC()))
					.build())
				.build())
			.setPropagators(ContextPropagators.create(TextMapPropagator
				.composite(W3CTraceContextPropagator.getInstance(), W3CBaggagePropagator.getInstance())))
			.build();
		this.sdks.add(sdk);
		// taking what waits every millisecond rather than every 50: the loop fires far
		// faster than an agent, and waits for it between turns
		SpanRecorder recorder = new SpanRecorder(sdk, this.registry, SpanRecorder.CAPACITY, Duration.ofMillis(1));
		this.recorders.add(recorder);
		return new Traced(new RunTracing(sdk, sampler, recorder), recorder);
	}

	/**
	 * @return the traceparent the last run's attempt sent
	 */
	private static String measure(Traced traced, String what) {
		ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
		OperatingSystemMXBean process = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
		long cpuBefore = threads.getCurrentThreadCpuTime();
		long bytesBefore = threads.getCurrentThreadAllocatedBytes();
		long processBefore = process.getProcessCpuTime();

		Map<String, String> sent = runs(traced, RUNS);

		long cpu = threads.getCurrentThreadCpuTime() - cpuBefore;
		long bytes = threads.getCurrentThreadAllocatedBytes() - bytesBefore;
		long processCpu = process.getProcessCpuTime() - processBefore;
		System.out.printf(
				"Run tracing, %s: firing thread %,d ns CPU and %,d bytes per run; process %,d ns CPU per run"
						+ " (a run span, an attempt span, the context sent) over %,d runs%n",
				what, cpu / RUNS, bytes / RUNS, processCpu / RUNS, RUNS);
		assertThat(sent).containsOnlyKeys("traceparent");
		return sent.get("traceparent");
	}

	private static Map<String, String> runs(Traced traced, int count) {
		Instant at = Instant.parse("2026-11-27T00:00:00Z");
		RunTracing tracing = traced.tracing();
		Map<String, String> sent = Map.of();
		for (int run = 0; run < count; run++) {
			RunSpan span = tracing.run("reindex-orders", 7, 1000 + run, at, TriggerType.CRON);
			RunSpan attempt = tracing.attempt(span, 1);
			sent = tracing.context(attempt);
			kept = sent;
			RunTracing.end(attempt, true, null);
			try (Scope timed = RunTracing.current(span)) {
				kept = span;
			}
			RunTracing.end(span, true, null);
			if (run % RUNS_PER_TURN == RUNS_PER_TURN - 1) {
				traced.awaitRecorded();
			}
		}
		traced.awaitRecorded();
		return sent;
	}

	/** A run's tracing and the recorder that makes its spans. */
	private record Traced(RunTracing tracing, SpanRecorder recorder) {

		// parked, not spinning: the calling thread's CPU is what firing costs it
		void awaitRecorded() {
			while (this.recorder.waiting() > 0) {
				LockSupport.parkNanos(1_000_000);
			}
		}

	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
