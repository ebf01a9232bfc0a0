package io.crony.agent.schedule;

import java.time.Instant;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.crony.agent.execution.FireKey;
import io.crony.common.execution.TriggerType;

/**
 * One fire of a job on its way through the engine: planned, claimed, then due. It sits in
 * a {@link java.util.concurrent.DelayQueue} until {@code wakeAt}.
 */
final class Fire implements Delayed {

	final JobState job;

	final long generation;

	final Instant scheduledAt;

	final TriggerType trigger;

	final String params;

	final long wakeAtMillis;

	volatile long executionId;

	/** A manual run's request: deletes its etcd key; null for every other fire. */
	volatile BooleanSupplier take;

	/**
	 * When a manual run was first queued (its later wake-ups only re-check the fence).
	 */
	volatile long enqueuedAtMillis;

	/** The attempt the run starts with: 1, or the next one when a run is resumed. */
	volatile int firstAttempt = 1;

	/**
	 * Taken over once another agent released it (the job moved here): it starts late
	 * through a handover, not through its job being slow.
	 */
	volatile boolean handedOver;

	/**
	 * An on-time fire that waited behind a run late by design ({@link SkipRule}): it
	 * starts late too, and the fires due while it runs wait for it as well.
	 */
	volatile boolean waitedBehindLate;

	Fire(JobState job, long generation, Instant scheduledAt, TriggerType trigger, String params, long wakeAtMillis) {
		this.job = job;
		this.generation = generation;
		this.scheduledAt = scheduledAt;
		this.trigger = trigger;
		this.params = params;
		this.wakeAtMillis = wakeAtMillis;
		this.enqueuedAtMillis = wakeAtMillis;
	}

	/** The same fire, woken at another time (claimed: at its scheduled instant). */
	Fire wakingAt(long millis) {
		Fire fire = new Fire(this.job, this.generation, this.scheduledAt, this.trigger, this.params, millis);
		fire.executionId = this.executionId;
		fire.firstAttempt = this.firstAttempt;
		fire.handedOver = this.handedOver;
		return fire;
	}

	/**
	 * Whether this fire starts late by design, not because its job is slow: a misfire or
	 * catch-up run, or a fire handed over from another agent.
	 */
	boolean startsLate() {
		return this.handedOver || this.trigger == TriggerType.MISFIRE;
	}

	FireKey key() {
		return new FireKey(this.job.id(), this.scheduledAt);
	}

	@Override
	public long getDelay(TimeUnit unit) {
		return unit.convert(this.wakeAtMillis - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public int compareTo(Delayed other) {
		return Long.compare(this.wakeAtMillis, ((Fire) other).wakeAtMillis);
	}

	@Override
	public String toString() {
		return "job " + this.job.id() + " at " + this.scheduledAt;
	}

}
