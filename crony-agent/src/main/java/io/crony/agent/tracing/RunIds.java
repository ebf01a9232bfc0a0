package io.crony.agent.tracing;

import io.opentelemetry.sdk.trace.IdGenerator;

/**
 * The agent's span and trace ids: random, as the SDK's own, except for the spans the
 * {@link SpanRecorder} makes, which take the ids their firing thread chose and sent in
 * their {@code traceparent} ({@link RunTracing}): the recorder plans them on its thread
 * just before it starts each span. The OpenTelemetry API cannot choose a span's ids, only
 * the SDK's id generator can.
 */
public final class RunIds implements IdGenerator {

	private static final IdGenerator RANDOM = IdGenerator.random();

	// [trace id, span id] the next span started on this thread takes; one array per
	// thread, so planning allocates nothing
	private static final ThreadLocal<String[]> PLANNED = ThreadLocal.withInitial(() -> new String[2]);

	/**
	 * The ids the next span started on this thread takes (trace id: a root span only).
	 */
	static void plan(String traceId, String spanId) {
		String[] planned = PLANNED.get();
		planned[0] = traceId;
		planned[1] = spanId;
	}

	/** Forgets what was planned and not taken (a child span takes no trace id). */
	static void clear() {
		String[] planned = PLANNED.get();
		planned[0] = null;
		planned[1] = null;
	}

	@Override
	public String generateSpanId() {
		String[] planned = PLANNED.get();
		String id = planned[1];
		if (id == null) {
			return RANDOM.generateSpanId();
		}
		planned[1] = null;
		return id;
	}

	@Override
	public String generateTraceId() {
		String[] planned = PLANNED.get();
		String id = planned[0];
		if (id == null) {
			return RANDOM.generateTraceId();
		}
		planned[0] = null;
		return id;
	}

}
