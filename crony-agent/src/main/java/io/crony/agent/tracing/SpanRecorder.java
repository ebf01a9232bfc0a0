package io.crony.agent.tracing;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.crony.agent.support.DaemonThreads;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the SDK spans of runs off the threads that fire them. A firing thread only ends a
 * {@link RecordedSpan} (plain values) and hands it over here: into a bounded queue,
 * lock-free, never waiting; when {@value #CAPACITY} spans are already waiting the span is
 * dropped and counted in {@code crony.agent.tracing.spans.dropped} (reason
 * {@value #QUEUE_FULL}). One thread of its own ({@code crony-span-recorder}) takes them
 * in the order they were handed over every {@link #INTERVAL} and makes each through the
 * OpenTelemetry API with its recorded start and end, its ids planned in {@link RunIds}
 * and its sampling decision in {@link PlannedSampler}: the SDK builds, ends and hands it
 * to its batch processor there, so the processor's queue, the span objects, names and
 * attributes cost the firing threads nothing.
 */
public final class SpanRecorder implements AutoCloseable {

	/**
	 * Spans that may wait for the recorder: a few seconds' worth at 1,000 runs a second.
	 */
	static final int CAPACITY = 8_192;

	/** How often the recorder takes what waits. */
	static final Duration INTERVAL = Duration.ofMillis(50);

	static final String QUEUE_FULL = "queue-full";

	private static final Logger log = LoggerFactory.getLogger(SpanRecorder.class);

	private final Tracer tracer;

	private final int capacity;

	private final Queue<RecordedSpan> queue = new ConcurrentLinkedQueue<>();

	// spans in the queue, counted apart: a ConcurrentLinkedQueue's size() walks it
	private final AtomicInteger waiting = new AtomicInteger();

	private final Counter dropped;

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-span-recorder");

	// guarded by this: each said once, not per span
	private boolean failureLogged;

	private boolean idsMismatchLogged;

	/**
	 * @param telemetry the SDK the spans are made with; its tracer provider set up by
	 * {@link RunTracing#configure}
	 */
	public SpanRecorder(OpenTelemetry telemetry, MeterRegistry registry) {
		this(telemetry, registry, CAPACITY, INTERVAL);
	}

	SpanRecorder(OpenTelemetry telemetry, MeterRegistry registry, int capacity, Duration interval) {
		this.tracer = telemetry.getTracer(RunTracing.INSTRUMENTATION);
		this.capacity = capacity;
		this.dropped = BackingOffSpanExporter.dropped(registry, QUEUE_FULL);
		this.thread.scheduleWithFixedDelay(this::drain, interval.toMillis(), interval.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	/** Hands an ended span over, or drops it when the queue is full; never waits. */
	void offer(RecordedSpan span) {
		if (this.waiting.incrementAndGet() > this.capacity) {
			this.waiting.decrementAndGet();
			this.dropped.increment();
			return;
		}
		this.queue.offer(span);
	}

	/** Spans handed over and not made yet. */
	int waiting() {
		return this.waiting.get();
	}

	/**
	 * Makes every span handed over so far, in order: on the recorder's thread, or on a
	 * caller that needs them made now (a test, {@link #close}).
	 */
	synchronized void drain() {
		RecordedSpan span;
		while ((span = this.queue.poll()) != null) {
			this.waiting.decrementAndGet();
			try {
				make(span);
			}
			catch (RuntimeException ex) {
				// never thrown out: the recorder's schedule would stop
				if (!this.failureLogged) {
					this.failureLogged = true;
					log.warn("A run's span could not be made (further failures are not logged): {}", ex.toString(), ex);
				}
			}
		}
	}

	private void make(RecordedSpan recorded) {
		RunIds.plan(recorded.spanContext().getTraceId(), recorded.spanContext().getSpanId());
		PlannedSampler.plan(recorded.sampling);
		Span span;
		try {
			SpanBuilder builder = this.tracer.spanBuilder(recorded.name)
				.setSpanKind(recorded.kind)
				.setStartTimestamp(recorded.startEpochNanos, TimeUnit.NANOSECONDS);
			if (recorded.parent != null) {
				builder.setParent(recorded.parent);
			}
			else {
				builder.setNoParent();
			}
			span = builder.startSpan();
		}
		finally {
			RunIds.clear();
			PlannedSampler.clear();
		}
		checkIds(recorded, span);
		recorded.describe(span);
		if (recorded.failed) {
			span.setStatus(StatusCode.ERROR, (recorded.error != null) ? recorded.error : "");
		}
		span.end(recorded.endEpochNanos, TimeUnit.NANOSECONDS);
	}

	// an SDK set up without RunTracing.configure gives its own ids: the spans exported
	// would not be those the targets were sent
	private void checkIds(RecordedSpan recorded, Span span) {
		if (!this.idsMismatchLogged && !span.getSpanContext().equals(recorded.spanContext())) {
			this.idsMismatchLogged = true;
			log.warn(
					"Run spans are exported with other ids than their targets were sent ({} against {}): the"
							+ " tracer provider lacks RunTracing.configure's id generator and sampler",
					span.getSpanContext(), recorded.spanContext());
		}
	}

	/** Makes what still waits, then stops the recorder's thread. */
	@Override
	public void close() {
		this.thread.shutdown();
		try {
			this.thread.awaitTermination(5, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		drain();
	}

}
