package io.crony.agent.tracing;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

import io.crony.common.execution.TriggerType;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.common.Clock;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;

/**
 * A span the sampler said records, as its firing thread leaves it: its ids, the sampler's
 * decision, its parent, its start and end as epoch nanos, its outcome, and the values its
 * name and attributes are made of. Ended, it is handed to the {@link SpanRecorder}, whose
 * thread makes the SDK span of it; until then nothing in it is built (no name, no
 * attribute, no text of an instant).
 *
 * <p>
 * Its times are taken as the SDK takes them: a span without a recording parent anchors a
 * clock (the epoch time once, then the monotonic time since), and a child of a recording
 * span reads its parent's, so a trace's spans keep their order and spacing.
 */
abstract class RecordedSpan extends RunSpan {

	private static final AtomicIntegerFieldUpdater<RecordedSpan> ENDED = AtomicIntegerFieldUpdater
		.newUpdater(RecordedSpan.class, "ended");

	/** What the sampler decided on the firing thread, replayed when the span is made. */
	final SamplingResult sampling;

	/** The context of its parent, null for a root. */
	final Context parent;

	final String name;

	final SpanKind kind;

	private final SpanRecorder recorder;

	private final Clock clock;

	private final long anchorEpochNanos;

	private final long anchorNanoTime;

	final long startEpochNanos;

	// written by the one end that wins, before the span is handed over
	long endEpochNanos;

	String error;

	boolean failed;

	private volatile int ended;

	/**
	 * @param parent the context the SDK span is made in, null for a root
	 * @param localParent the span it is a child of on this agent, whose clock it reads
	 * when that one records; null when its parent is remote or none
	 */
	RecordedSpan(SpanContext context, SamplingResult sampling, Context parent, String name, SpanKind kind,
			RunSpan localParent, SpanRecorder recorder, Clock clock) {
		super(context);
		this.sampling = sampling;
		this.parent = parent;
		this.name = name;
		this.kind = kind;
		this.recorder = recorder;
		this.clock = clock;
		if (localParent instanceof RecordedSpan recording) {
			this.anchorEpochNanos = recording.anchorEpochNanos;
			this.anchorNanoTime = recording.anchorNanoTime;
			this.startEpochNanos = now();
		}
		else {
			this.anchorEpochNanos = clock.now();
			this.anchorNanoTime = clock.nanoTime();
			this.startEpochNanos = this.anchorEpochNanos;
		}
	}

	private long now() {
		return this.anchorEpochNanos + (this.clock.nanoTime() - this.anchorNanoTime);
	}

	@Override
	void end(boolean succeeded, String error) {
		// a span is made once: a second end (as the SDK would) changes nothing
		if (!ENDED.compareAndSet(this, 0, 1)) {
			return;
		}
		this.endEpochNanos = now();
		this.failed = !succeeded;
		this.error = error;
		this.recorder.offer(this);
	}

	/** Gives the SDK span its full name and attributes, after it started. */
	abstract void describe(Span span);

	/** A run's span: {@code crony.run <job name>}. */
	static final class Run extends RecordedSpan {

		private final String jobName;

		private final long jobId;

		private final long executionId;

		private final Instant logicalInstant;

		private final TriggerType trigger;

		// the run that released it, null when none did
		private final Long releasedBy;

		Run(SpanContext context, SamplingResult sampling, Context parent, SpanRecorder recorder, Clock clock,
				String jobName, long jobId, long executionId, Instant logicalInstant, TriggerType trigger,
				Long releasedBy) {
			super(context, sampling, parent, RunTracing.RUN, SpanKind.INTERNAL, null, recorder, clock);
			this.jobName = jobName;
			this.jobId = jobId;
			this.executionId = executionId;
			this.logicalInstant = logicalInstant;
			this.trigger = trigger;
			this.releasedBy = releasedBy;
		}

		@Override
		void describe(Span span) {
			span.updateName(RunTracing.RUN + " " + this.jobName);
			span.setAttribute(RunTracing.JOB_ID, this.jobId);
			span.setAttribute(RunTracing.EXECUTION_ID, this.executionId);
			span.setAttribute(RunTracing.LOGICAL_INSTANT, this.logicalInstant.toString());
			span.setAttribute(RunTracing.TRIGGER, (this.trigger != null) ? this.trigger.name() : "UNKNOWN");
			if (this.releasedBy != null) {
				span.setAttribute(RunTracing.RELEASED_BY, this.releasedBy);
			}
		}

	}

	/** An attempt's span, a child of its run's: {@code crony.attempt <n>}. */
	static final class Attempt extends RecordedSpan {

		private final int attempt;

		Attempt(SpanContext context, SamplingResult sampling, Context parent, RunSpan run, SpanRecorder recorder,
				Clock clock, int attempt) {
			super(context, sampling, parent, RunTracing.ATTEMPT_SPAN, SpanKind.CLIENT, run, recorder, clock);
			this.attempt = attempt;
		}

		@Override
		void describe(Span span) {
			span.updateName(RunTracing.ATTEMPT_SPAN + " " + this.attempt);
			span.setAttribute(RunTracing.ATTEMPT, (long) this.attempt);
		}

	}

	/** A shard call's span: {@code crony.shard <index>/<total>}. */
	static final class Shard extends RecordedSpan {

		private final int index;

		private final int total;

		private final int attempt;

		Shard(SpanContext context, SamplingResult sampling, Context parent, SpanRecorder recorder, Clock clock,
				int index, int total, int attempt) {
			super(context, sampling, parent, RunTracing.SHARD_SPAN, SpanKind.CLIENT, null, recorder, clock);
			this.index = index;
			this.total = total;
			this.attempt = attempt;
		}

		@Override
		void describe(Span span) {
			span.updateName(RunTracing.SHARD_SPAN + " " + this.index + "/" + this.total);
			span.setAttribute(RunTracing.SHARD_INDEX, (long) this.index);
			span.setAttribute(RunTracing.SHARD_TOTAL, (long) this.total);
			span.setAttribute(RunTracing.ATTEMPT, (long) this.attempt);
		}

	}

}
