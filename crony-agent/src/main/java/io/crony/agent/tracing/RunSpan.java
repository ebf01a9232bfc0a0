package io.crony.agent.tracing;

import io.opentelemetry.api.trace.SpanContext;

/**
 * A span of a run (the run's, an attempt's, a shard call's) as the threads that fire the
 * run hold it: the ids its call sends and, for a span that records, the plain values the
 * {@link SpanRecorder} later makes it of. No SDK span exists while it runs; ending it
 * ({@link RunTracing#end}) hands a recording span to the recorder and does nothing else.
 */
public class RunSpan {

	/** No span: tracing is off. */
	static final RunSpan NONE = new RunSpan(SpanContext.getInvalid());

	private final SpanContext context;

	RunSpan(SpanContext context) {
		this.context = context;
	}

	/** Its trace id, span id and sampled flag, as the span is exported and sent. */
	public SpanContext spanContext() {
		return this.context;
	}

	/**
	 * Ends it with the outcome of what it covered: nothing to do for a span not recorded.
	 */
	void end(boolean succeeded, String error) {
	}

}
