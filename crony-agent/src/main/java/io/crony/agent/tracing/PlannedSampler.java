package io.crony.agent.tracing;

import java.util.List;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

/**
 * The SDK's sampler as the agent sets it: a span the {@link SpanRecorder} makes gets the
 * decision its firing thread already took with the same sampler ({@link RunTracing}),
 * which its {@code traceparent} carried to the target; every other span is decided by
 * that sampler. So a span the target was told is sampled is exported, even with a sampler
 * that would not decide alike twice.
 */
final class PlannedSampler implements Sampler {

	// the decision the next span made on this thread takes
	private static final ThreadLocal<SamplingResult> PLANNED = new ThreadLocal<>();

	private final Sampler sampler;

	PlannedSampler(Sampler sampler) {
		this.sampler = sampler;
	}

	/** The decision the next span started on this thread takes. */
	static void plan(SamplingResult decision) {
		PLANNED.set(decision);
	}

	/** Forgets what was planned and not taken. */
	static void clear() {
		PLANNED.set(null);
	}

	@Override
	public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
			Attributes attributes, List<LinkData> parentLinks) {
		SamplingResult planned = PLANNED.get();
		if (planned != null) {
			PLANNED.set(null);
			return planned;
		}
		return this.sampler.shouldSample(parentContext, traceId, name, spanKind, attributes, parentLinks);
	}

	@Override
	public String getDescription() {
		return this.sampler.getDescription();
	}

	@Override
	public String toString() {
		return getDescription();
	}

}
