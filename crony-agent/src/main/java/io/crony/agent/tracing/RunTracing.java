package io.crony.agent.tracing;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import io.crony.common.execution.TriggerType;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceId;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;

/**
 * The spans of a run, through the OpenTelemetry API the application's SDK backs (Spring
 * Boot's, exporting over OTLP when {@code management.otlp.tracing.endpoint} is set): one
 * span per run, a child per attempt and per shard call, and the W3C trace context
 * ({@code traceparent}, {@code tracestate}) a call hands its target. Parents are passed
 * explicitly rather than through the current context: a run hops between the timer, the
 * worker pool and the HTTP client's threads, so no thread-local would follow it. With
 * {@link #off()} every span is a no-op, no context is sent and no trace id is stored.
 *
 * <p>
 * A run released by another's success (a workflow's downstream run) joins the trace of
 * the run that released it, its span a child of that run's: the releasing run's row keeps
 * only its trace id, so a run's span id is derived from its trace id and execution id
 * ({@link #runSpanId}, given to the SDK through {@link RunIds}), and whether the joined
 * run is sampled is decided as its trace's first run was: by the root sampler on the
 * trace id (Spring Boot's ratio sampler decides on the trace id alone).
 */
public final class RunTracing {

	// The spans' names until the sampler said they record: then the job's name, the
	// attempt, the shard are appended. At the default sampling (0) a fire builds no name,
	// no attribute, no string of its logical instant; the sampler sees the bare name
	// (Spring Boot's ratio sampler reads the trace id only).
	private static final String RUN = "crony.run";

	private static final String ATTEMPT_SPAN = "crony.attempt";

	private static final String SHARD_SPAN = "crony.shard";

	private static final String TRACEPARENT = "traceparent";

	private static final Set<String> W3C_FIELDS = Set.of(TRACEPARENT, "tracestate", "baggage");

	static final AttributeKey<Long> JOB_ID = AttributeKey.longKey("crony.job.id");

	static final AttributeKey<Long> EXECUTION_ID = AttributeKey.longKey("crony.execution.id");

	static final AttributeKey<String> LOGICAL_INSTANT = AttributeKey.stringKey("crony.logical_instant");

	static final AttributeKey<String> TRIGGER = AttributeKey.stringKey("crony.trigger");

	static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("crony.attempt");

	static final AttributeKey<Long> RELEASED_BY = AttributeKey.longKey("crony.released_by");

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

	private static final RunTracing OFF = new RunTracing(OpenTelemetry.noop(), Sampler.alwaysOff());

	private final Tracer tracer;

	private final TextMapPropagator propagator;

	private final Sampler sampler;

	// whether the propagator writes nothing but W3C trace context (and baggage, which a
	// run's root context has none of): then a call's context is its traceparent alone
	private final boolean w3c;

	/**
	 * @param telemetry the SDK the spans are made with
	 * @param sampler the SDK's sampler, which decides whether a run that joins another's
	 * trace is sampled as it decided for that trace's first run
	 */
	public RunTracing(OpenTelemetry telemetry, Sampler sampler) {
		this.tracer = telemetry.getTracer("io.crony.agent");
		this.propagator = telemetry.getPropagators().getTextMapPropagator();
		this.sampler = sampler;
		Collection<String> fields = this.propagator.fields();
		this.w3c = fields.contains(TRACEPARENT) && W3C_FIELDS.containsAll(fields);
	}

	/** No spans, no context sent (unit tests, an application without tracing). */
	public static RunTracing off() {
		return OFF;
	}

	/** The span of a whole run, a new trace: {@code crony.run <job name>}. */
	public Span run(String jobName, long jobId, long executionId, Instant logicalInstant, TriggerType trigger) {
		return run(jobName, jobId, executionId, logicalInstant, trigger, null);
	}

	/**
	 * The span of a whole run: {@code crony.run <job name>}, a child of the span of the
	 * run that released it when that run has a trace id, else a new trace.
	 * @param releasedBy the run whose success released this one, or null
	 */
	public Span run(String jobName, long jobId, long executionId, Instant logicalInstant, TriggerType trigger,
			Upstream releasedBy) {
		SpanBuilder builder = this.tracer.spanBuilder(RUN).setSpanKind(SpanKind.INTERNAL);
		boolean joins = releasedBy != null && releasedBy.traceId() != null && TraceId.isValid(releasedBy.traceId());
		String traceId;
		if (joins) {
			traceId = releasedBy.traceId();
			builder.setParent(Context.root().with(Span.wrap(upstreamSpan(releasedBy))));
		}
		else {
			traceId = newTraceId();
			builder.setNoParent();
		}
		RunIds.plan(traceId, runSpanId(traceId, executionId));
		Span span;
		try {
			span = builder.startSpan();
		}
		finally {
			RunIds.clear();
		}
		if (span.isRecording()) {
			span.updateName(RUN + " " + jobName);
			span.setAttribute(JOB_ID, jobId);
			span.setAttribute(EXECUTION_ID, executionId);
			span.setAttribute(LOGICAL_INSTANT, logicalInstant.toString());
			span.setAttribute(TRIGGER, (trigger != null) ? trigger.name() : "UNKNOWN");
			if (joins) {
				span.setAttribute(RELEASED_BY, releasedBy.executionId());
			}
		}
		return span;
	}

	// the releasing run's span as its agent made it: its id derived as this agent
	// derives it, sampled as its trace's first run was
	private SpanContext upstreamSpan(Upstream run) {
		boolean sampled = this.sampler
			.shouldSample(Context.root(), run.traceId(), RUN, SpanKind.INTERNAL, Attributes.empty(), List.of())
			.getDecision() == SamplingDecision.RECORD_AND_SAMPLE;
		return SpanContext.createFromRemoteParent(run.traceId(), runSpanId(run.traceId(), run.executionId()),
				sampled ? TraceFlags.getSampled() : TraceFlags.getDefault(), TraceState.getDefault());
	}

	private static String newTraceId() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		long high = random.nextLong();
		long low;
		do {
			low = random.nextLong();
		}
		while (low == 0);
		return TraceId.fromLongs(high, low);
	}

	/**
	 * The span id of a run's span: a mix of its trace id and execution id, never 0, so
	 * that the run it releases finds it again from the two, which the rows keep.
	 */
	static String runSpanId(String traceId, long executionId) {
		long high = Long.parseUnsignedLong(traceId, 0, 16, 16);
		long low = Long.parseUnsignedLong(traceId, 16, 32, 16);
		long id = mix(high ^ mix(low ^ mix(executionId)));
		return SpanId.fromLong((id != 0) ? id : 1);
	}

	// SplitMix64's finalizer: every input bit moves every output bit
	private static long mix(long value) {
		long z = value + 0x9E3779B97F4A7C15L;
		z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
		z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
		return z ^ (z >>> 31);
	}

	/** An attempt's span, a child of its run's: {@code crony.attempt <n>}. */
	public Span attempt(Span run, int attempt) {
		Span span = this.tracer.spanBuilder(ATTEMPT_SPAN)
			.setParent(Context.root().with(run))
			.setSpanKind(SpanKind.CLIENT)
			.startSpan();
		if (span.isRecording()) {
			span.updateName(ATTEMPT_SPAN + " " + attempt);
			span.setAttribute(ATTEMPT, (long) attempt);
		}
		return span;
	}

	/**
	 * A shard call's span, a child of the span whose context the fire's invocation
	 * carries (its run's): {@code crony.shard <index>/<total>}.
	 */
	public Span shard(Map<String, String> parentContext, int index, int total, int attempt) {
		Context parent = this.propagator.extract(Context.root(), parentContext, FROM_MAP);
		Span span = this.tracer.spanBuilder(SHARD_SPAN).setParent(parent).setSpanKind(SpanKind.CLIENT).startSpan();
		if (span.isRecording()) {
			span.updateName(SHARD_SPAN + " " + index + "/" + total);
			span.setAttribute(SHARD_INDEX, (long) index);
			span.setAttribute(SHARD_TOTAL, (long) total);
			span.setAttribute(ATTEMPT, (long) attempt);
		}
		return span;
	}

	/** The W3C trace context of a span, as a call sends it; empty when untraced. */
	public Map<String, String> context(Span span) {
		SpanContext context = span.getSpanContext();
		if (!context.isValid()) {
			return Map.of();
		}
		if (this.w3c && context.getTraceState().isEmpty()) {
			// what the W3C propagator writes for a span without trace state (a run's
			// trace
			// starts at the agent, whose trace state is empty), without its carrier
			return Map.of(TRACEPARENT,
					"00-" + context.getTraceId() + "-" + context.getSpanId() + (context.isSampled() ? "-01" : "-00"));
		}
		Map<String, String> carrier = new HashMap<>();
		this.propagator.inject(Context.root().with(span), carrier, (map, key, value) -> map.put(key, value));
		return carrier;
	}

	/**
	 * Makes a sampled span current on this thread until the scope closes (what
	 * Micrometer's Prometheus exemplars read); an unsampled one or none changes nothing.
	 */
	public static Scope current(Span span) {
		return (span != null && span.getSpanContext().isSampled()) ? span.makeCurrent() : Scope.noop();
	}

	/** The 32 hex digits of a span's trace id, or null when it has none. */
	public static String traceId(Span span) {
		return span.getSpanContext().isValid() ? span.getSpanContext().getTraceId() : null;
	}

	/**
	 * The run whose success released a run, as its execution row has it.
	 *
	 * @param executionId its execution id
	 * @param traceId its trace id (32 hex digits), null when it was not traced
	 */
	public record Upstream(long executionId, String traceId) {
	}

	/** Ends a span with the outcome of what it covered. */
	public static void end(Span span, boolean succeeded, String error) {
		if (!succeeded) {
			span.setStatus(StatusCode.ERROR, (error != null) ? error : "");
		}
		span.end();
	}

}
