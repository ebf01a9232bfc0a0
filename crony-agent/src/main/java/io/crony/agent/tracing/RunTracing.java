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
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceId;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.common.Clock;
import io.opentelemetry.sdk.trace.SdkTracerProviderBuilder;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

/**
 * The spans of a run: one span per run, a child per attempt and per shard call, and the
 * W3C trace context ({@code traceparent}, {@code tracestate}) a call hands its target.
 * Parents are passed explicitly rather than through the current context: a run hops
 * between the timer, the worker pool and the HTTP client's threads, so no thread-local
 * would follow it. With {@link #off()} no context is sent and no trace id is stored.
 *
 * <p>
 * <b>What the firing threads do.</b> A span's ids and whether it is sampled are decided
 * where the run fires, as the SDK would decide them: the trace id drawn (or the releasing
 * run's, below), the span id derived or drawn, the application's sampler asked with the
 * bare span name and no attribute. That is all a span not sampled costs, and all a call's
 * {@code traceparent} needs. A span that records is kept as plain values (ids, decision,
 * parent, start and end times, outcome, what its name and attributes are made of,
 * {@link RecordedSpan}) and, ended, handed to the {@link SpanRecorder}, whose thread
 * makes the SDK span with those ids, that decision and those times ({@link #configure}
 * sets the SDK up for it: {@link RunIds}, {@link PlannedSampler}). No SDK span, name,
 * attribute or batch queue is touched on a firing thread.
 *
 * <p>
 * A run released by another's success (a workflow's downstream run) joins the trace of
 * the run that released it, its span a child of that run's: the releasing run's row keeps
 * only its trace id, so a run's span id is derived from its trace id and execution id
 * ({@link #runSpanId}), and whether the joined run is sampled is decided as its trace's
 * first run was: by the root sampler on the trace id (Spring Boot's ratio sampler decides
 * on the trace id alone).
 */
public final class RunTracing {

	static final String INSTRUMENTATION = "io.crony.agent";

	// The spans' names until the sampler said they record: then the job's name, the
	// attempt, the shard are appended (by the recorder). The sampler sees the bare name
	// (Spring Boot's ratio sampler reads the trace id only).
	static final String RUN = "crony.run";

	static final String ATTEMPT_SPAN = "crony.attempt";

	static final String SHARD_SPAN = "crony.shard";

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

	private static final RunTracing OFF = new RunTracing(null, null, null, null);

	private final TextMapPropagator propagator;

	private final Sampler sampler;

	// null when off
	private final SpanRecorder recorder;

	private final Clock clock;

	// whether the propagator writes nothing but W3C trace context (and baggage, which a
	// run's root context has none of): then a call's context is its traceparent alone
	private final boolean w3c;

	/**
	 * @param telemetry the SDK whose propagators write the context a call sends
	 * @param sampler the SDK's sampler, which decides on the firing thread whether a span
	 * records, and whether a run that joins another's trace is sampled as it decided for
	 * that trace's first run
	 * @param recorder where the spans that record are made
	 */
	public RunTracing(OpenTelemetry telemetry, Sampler sampler, SpanRecorder recorder) {
		this(telemetry, sampler, recorder, Clock.getDefault());
	}

	RunTracing(OpenTelemetry telemetry, Sampler sampler, SpanRecorder recorder, Clock clock) {
		this.propagator = (telemetry != null) ? telemetry.getPropagators().getTextMapPropagator()
				: TextMapPropagator.noop();
		this.sampler = sampler;
		this.recorder = recorder;
		this.clock = clock;
		Collection<String> fields = this.propagator.fields();
		this.w3c = fields.contains(TRACEPARENT) && W3C_FIELDS.containsAll(fields);
	}

	/** No spans, no context sent (unit tests, an application without tracing). */
	public static RunTracing off() {
		return OFF;
	}

	/**
	 * Sets up an SDK's tracer provider for the spans the {@link SpanRecorder} makes: each
	 * takes the ids and the sampling decision its firing thread chose; every other span
	 * is as the sampler and random ids make it.
	 * @param sampler the application's sampler, the one {@link RunTracing} is given
	 */
	public static SdkTracerProviderBuilder configure(SdkTracerProviderBuilder builder, Sampler sampler) {
		return builder.setIdGenerator(new RunIds()).setSampler(new PlannedSampler(sampler));
	}

	/** The span of a whole run, a new trace: {@code crony.run <job name>}. */
	public RunSpan run(String jobName, long jobId, long executionId, Instant logicalInstant, TriggerType trigger) {
		return run(jobName, jobId, executionId, logicalInstant, trigger, null);
	}

	/**
	 * The span of a whole run: {@code crony.run <job name>}, a child of the span of the
	 * run that released it when that run has a trace id, else a new trace.
	 * @param releasedBy the run whose success released this one, or null
	 */
	public RunSpan run(String jobName, long jobId, long executionId, Instant logicalInstant, TriggerType trigger,
			Upstream releasedBy) {
		if (this.recorder == null) {
			return RunSpan.NONE;
		}
		boolean joins = releasedBy != null && releasedBy.traceId() != null && TraceId.isValid(releasedBy.traceId());
		String traceId;
		SpanContext parentSpan;
		Context parent;
		if (joins) {
			traceId = releasedBy.traceId();
			parentSpan = upstreamSpan(releasedBy);
			parent = Context.root().with(Span.wrap(parentSpan));
		}
		else {
			traceId = newTraceId();
			parentSpan = SpanContext.getInvalid();
			parent = null;
		}
		SamplingResult sampling = sample((parent != null) ? parent : Context.root(), traceId, RUN, SpanKind.INTERNAL);
		SpanContext context = spanContext(traceId, runSpanId(traceId, executionId), sampling, parentSpan);
		if (!records(sampling)) {
			return new RunSpan(context);
		}
		return new RecordedSpan.Run(context, sampling, parent, this.recorder, this.clock, jobName, jobId, executionId,
				logicalInstant, trigger, joins ? releasedBy.executionId() : null);
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

	private SamplingResult sample(Context parent, String traceId, String name, SpanKind kind) {
		return this.sampler.shouldSample(parent, traceId, name, kind, Attributes.empty(), List.of());
	}

	private static boolean records(SamplingResult sampling) {
		return sampling.getDecision() != SamplingDecision.DROP;
	}

	// what the SDK makes of the ids and the decision
	private static SpanContext spanContext(String traceId, String spanId, SamplingResult sampling, SpanContext parent) {
		return SpanContext.create(
				traceId, spanId, (sampling.getDecision() == SamplingDecision.RECORD_AND_SAMPLE)
						? TraceFlags.getSampled() : TraceFlags.getDefault(),
				sampling.getUpdatedTraceState(parent.getTraceState()));
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

	// as the SDK's random ids: never 0
	private static String newSpanId() {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		long id;
		do {
			id = random.nextLong();
		}
		while (id == 0);
		return SpanId.fromLong(id);
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
	public RunSpan attempt(RunSpan run, int attempt) {
		SpanContext runSpan = run.spanContext();
		if (this.recorder == null || !runSpan.isValid()) {
			return RunSpan.NONE;
		}
		Context parent = Context.root().with(Span.wrap(runSpan));
		SamplingResult sampling = sample(parent, runSpan.getTraceId(), ATTEMPT_SPAN, SpanKind.CLIENT);
		SpanContext context = spanContext(runSpan.getTraceId(), newSpanId(), sampling, runSpan);
		if (!records(sampling)) {
			return new RunSpan(context);
		}
		return new RecordedSpan.Attempt(context, sampling, parent, run, this.recorder, this.clock, attempt);
	}

	/**
	 * A shard call's span, a child of the span whose context the fire's invocation
	 * carries (its run's): {@code crony.shard <index>/<total>}.
	 */
	public RunSpan shard(Map<String, String> parentContext, int index, int total, int attempt) {
		if (this.recorder == null) {
			return RunSpan.NONE;
		}
		Context parent = this.propagator.extract(Context.root(), parentContext, FROM_MAP);
		SpanContext parentSpan = Span.fromContext(parent).getSpanContext();
		// as the SDK: without a valid parent, a trace of its own
		String traceId = parentSpan.isValid() ? parentSpan.getTraceId() : newTraceId();
		SamplingResult sampling = sample(parent, traceId, SHARD_SPAN, SpanKind.CLIENT);
		SpanContext context = spanContext(traceId, newSpanId(), sampling, parentSpan);
		if (!records(sampling)) {
			return new RunSpan(context);
		}
		return new RecordedSpan.Shard(context, sampling, parentSpan.isValid() ? parent : null, this.recorder,
				this.clock, index, total, attempt);
	}

	/** The W3C trace context of a span, as a call sends it; empty when untraced. */
	public Map<String, String> context(RunSpan span) {
		SpanContext context = span.spanContext();
		if (!context.isValid()) {
			return Map.of();
		}
		if (this.w3c && context.getTraceState().isEmpty()) {
			// what the W3C propagator writes for a span without trace state (a run's
			// trace starts at the agent, whose trace state is empty), without its carrier
			return Map.of(TRACEPARENT,
					"00-" + context.getTraceId() + "-" + context.getSpanId() + (context.isSampled() ? "-01" : "-00"));
		}
		Map<String, String> carrier = new HashMap<>();
		this.propagator.inject(Context.root().with(Span.wrap(context)), carrier,
				(map, key, value) -> map.put(key, value));
		return carrier;
	}

	/**
	 * Makes a sampled span's context current on this thread until the scope closes (what
	 * Micrometer's Prometheus exemplars read); an unsampled one or none changes nothing.
	 */
	public static Scope current(RunSpan span) {
		return (span != null && span.spanContext().isSampled()) ? Span.wrap(span.spanContext()).makeCurrent()
				: Scope.noop();
	}

	/** The 32 hex digits of a span's trace id, or null when it has none. */
	public static String traceId(RunSpan span) {
		return span.spanContext().isValid() ? span.spanContext().getTraceId() : null;
	}

	/**
	 * The run whose success released a run, as its execution row has it.
	 *
	 * @param executionId its execution id
	 * @param traceId its trace id (32 hex digits), null when it was not traced
	 */
	public record Upstream(long executionId, String traceId) {
	}

	/**
	 * Ends a span with the outcome of what it covered: a span that records is handed to
	 * the recorder, never waiting.
	 */
	public static void end(RunSpan span, boolean succeeded, String error) {
		span.end(succeeded, error);
	}

}
