package io.crony.agent.tracing;

import io.opentelemetry.sdk.trace.IdGenerator;

/**
 * The agent's span and trace ids: random, as the SDK's own, except for a run's span,
 * whose ids {@link RunTracing} plans on its thread just before it starts it. A run's span
 * id is derived from its trace id and execution id ({@link RunTracing#runSpanId}), so a
 * run its success releases, on any agent, finds the span to be a child of from the rows
 * alone: the execution row keeps only the trace id. The OpenTelemetry API cannot choose a
 * span's id, only the SDK's id generator can.
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
