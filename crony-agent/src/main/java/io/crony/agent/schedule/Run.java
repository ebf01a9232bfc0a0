package io.crony.agent.schedule;

import java.time.Instant;
import java.util.concurrent.Future;

import io.crony.common.reason.Reason;
import io.crony.common.job.JobSpec;
import io.crony.agent.tracing.RunSpan;

/** A run in progress: the fire, the spec it runs with, and how to stop it. */
final class Run {

	final Fire fire;

	final JobSpec spec;

	/** When the run began, in epoch millis. */
	final long startedAtMillis;

	/**
	 * Whether the run began only when the run before it ended (its fire waited in the
	 * job's queue): a late start that is the job's own ({@link SkipRule}).
	 */
	final boolean waitedInQueue;

	/**
	 * Whether the run reached its final record (or was let go); written under the run's
	 * monitor, as is each attempt's start record, so that no start record follows it.
	 */
	volatile boolean finished;

	volatile int attempt;

	/**
	 * When its first attempt here began, null before: a record written once carries it
	 * ({@link Fire#writtenOnce}).
	 */
	volatile Instant firstStartedAt;

	/** Attempts that ended by moving the run to another instance (not retries). */
	volatile int moves;

	volatile Future<?> pending;

	volatile Reason cancelReason;

	/** The run's span ({@code crony.run}), from its start; never null once started. */
	volatile RunSpan span;

	/** The run's trace id, written with its record; null when the run is not traced. */
	volatile String traceId;

	Run(Fire fire, JobSpec spec, long startedAtMillis) {
		this(fire, spec, startedAtMillis, false);
	}

	Run(Fire fire, JobSpec spec, long startedAtMillis, boolean waitedInQueue) {
		this.fire = fire;
		this.spec = spec;
		this.startedAtMillis = startedAtMillis;
		this.waitedInQueue = waitedInQueue;
	}

	/** Stops the current attempt (or the wait before the next one). */
	void cancel(Reason reason) {
		this.cancelReason = reason;
		Future<?> current = this.pending;
		if (current != null) {
			current.cancel(true);
		}
	}

	boolean cancelled() {
		return this.cancelReason != null;
	}

}
