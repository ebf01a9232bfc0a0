package io.crony.agent.tracing;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.crony.common.execution.TriggerType;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;

/**
 * The spans of a run, through the OpenTelemetry API the application's SDK backs (Spring
 * Boot's, exporting over OTLP when {@code management.otlp.tracing.endpoint} is set): one
 * span per run, a child per attempt and per shard call, and the W3C trace context
 * ({@code traceparent}, {@code tracestate}) a call hands its target. Parents are passed
 * explicitly rather than through the current context: a run hops between the timer, the
 * worker pool and the HTTP client's threads, so no thread-local would follow it. With
 * {@link #off()} every span is a no-op, no context is sent and no trace id is stored.
 */
public final class RunTracing {

	static final AttributeKey<Long> JOB_ID = AttributeKey.longKey("crony.job.id");

	static final AttributeKey<Long> EXECUTION_ID = AttributeKey.longKey("crony.execution.id");

	static final AttributeKey<String> LOGICAL_INSTANT = AttributeKey.stringKey("crony.logical_instant");

	static final AttributeKey<String> TRIGGER = AttributeKey.stringKey("crony.trigger");

	static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("crony.attempt");

	static final AttributeKey<Long> SHARD_INDEX = AttributeKey.longKey("crony.shard.index");

	static final AttributeKey<Long> SHARD_TOTAL = AttributeKey.longKey("crony.shard.total");

	private static final TextMapGetter<Map<String, String>> FROM_MAP = new TextMapGetter<>() {
		@Override
		public Iterable<String> keys(Map<String, String> carrier) {
			return carrier.keySet();
		}

		@Override
		public String get(Map<String, String> carrier, String key) {
			return (carrier != null) ? carrier.get(key) : null;
		}
	};

	private static final RunTracing OFF = new RunTracing(OpenTelemetry.noop());

	private final Tracer tracer;

	private final TextMapPropagator propagator;

	public RunTracing(OpenTelemetry telemetry) {
		this.tracer = telemetry.getTracer("io.crony.agent");
		this.propagator = telemetry.getPropagators().getTextMapPropagator();
	}

	/** No spans, no context sent (unit tests, an application without tracing). */
	public static RunTracing off() {
		return OFF;
	}

	/** The span of a whole run, a new trace: {@code crony.run <job name>}. */
	public Span run(String jobName, long jobId, long executionId, Instant logicalInstant, TriggerType trigger) {
		return this.tracer.spanBuilder("crony.run " + jobName)
			.setNoParent()
			.setSpanKind(SpanKind.INTERNAL)
			.setAttribute(JOB_ID, jobId)
			.setAttribute(EXECUTION_ID, executionId)
			.setAttribute(LOGICAL_INSTANT, logicalInstant.toString())
			.setAttribute(TRIGGER, (trigger != null) ? trigger.name() : "UNKNOWN")
			.startSpan();
	}

	/** An attempt's span, a child of its run's: {@code crony.attempt <n>}. */
	public Span attempt(Span run, int attempt) {
		return this.tracer.spanBuilder("crony.attempt " + attempt)
			.setParent(Context.root().with(run))
			.setSpanKind(SpanKind.CLIENT)
			.setAttribute(ATTEMPT, (long) attempt)
			.startSpan();
	}

	/**
	 * A shard call's span, a child of the span whose context the fire's invocation
	 * carries (its run's): {@code crony.shard <index>/<total>}.
	 */
	public Span shard(Map<String, String> parentContext, int index, int total, int attempt) {
		Context parent = this.propagator.extract(Context.root(), parentContext, FROM_MAP);
		return this.tracer.spanBuilder("crony.shard " + index + "/" + total)
			.setParent(parent)
			.setSpanKind(SpanKind.CLIENT)
			.setAttribute(SHARD_INDEX, (long) index)
			.setAttribute(SHARD_TOTAL, (long) total)
			.setAttribute(ATTEMPT, (long) attempt)
			.startSpan();
	}

	/** The W3C trace context of a span, as a call sends it; empty when untraced. */
	public Map<String, String> context(Span span) {
		Map<String, String> carrier = new HashMap<>();
		if (span.getSpanContext().isValid()) {
			this.propagator.inject(Context.root().with(span), carrier, (map, key, value) -> map.put(key, value));
		}
		return carrier;
	}

	/** The 32 hex digits of a span's trace id, or null when it has none. */
	public static String traceId(Span span) {
		return span.getSpanContext().isValid() ? span.getSpanContext().getTraceId() : null;
	}

	/** Ends a span with the outcome of what it covered. */
	public static void end(Span span, boolean succeeded, String error) {
		if (!succeeded) {
			span.setStatus(StatusCode.ERROR, (error != null) ? error : "");
		}
		span.end();
	}

}
