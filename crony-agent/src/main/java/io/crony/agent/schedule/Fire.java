package io.crony.agent.schedule;

import java.time.Instant;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.crony.agent.execution.FireKey;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;

/**
 * One fire of a job on its way through the engine: planned, claimed, then due. It sits in
 * a {@link java.util.concurrent.DelayQueue} until {@code wakeAtMillis}. A fire never
 * changes: each stage that learns something (the claim its row id, the run that it waits
 * behind a late one) passes a new fire on.
 */
final class Fire implements Delayed {

	final JobState job;

	final long generation;

	final Instant scheduledAt;

	final FireKind kind;

	/** What the execution row records as the run's trigger. */
	final TriggerType trigger;

	final String params;

	final long wakeAtMillis;

	/** The execution row's id; 0 while the fire has no row in the database. */
	final long executionId;

	/** The attempt the run starts with: 1, or the next one when a run is resumed. */
	final int firstAttempt;

	/**
	 * Attempts of the run that moved to another instance before {@link #firstAttempt} (a
	 * resumed run's, read from its chain): they are not tries of the retry policy.
	 */
	final int movesBefore;

	/** A one-shot request's key: deletes it, false when it is gone; null otherwise. */
	final BooleanSupplier take;

	/**
	 * When a one-shot request was first queued (its later wake-ups re-check the fence).
	 */
	final long enqueuedAtMillis;

	/**
	 * An on-time fire that waited behind a run late by design ({@link SkipRule}): it
	 * starts late too, and the fires due while it runs wait for it as well.
	 */
	final boolean waitedBehindLate;

	/**
	 * A released run's upstream, the run whose success released it: the run joins its
	 * trace. Null for any other fire.
	 */
	final RunTracing.Upstream releasedBy;

	/**
	 * Whether the fire's record is written once (docs/scaling.md, "Plan" 3 (c)): claimed
	 * by its job's window with no row, its {@link #executionId} taken ahead; its row is
	 * inserted by its record alone, closed, or RUNNING once its run outlives the start
	 * hold.
	 */
	final boolean writtenOnce;

	private Fire(JobState job, long generation, Instant scheduledAt, FireKind kind, TriggerType trigger, String params,
			long wakeAtMillis, long executionId, int firstAttempt, int movesBefore, BooleanSupplier take,
			long enqueuedAtMillis, boolean waitedBehindLate, RunTracing.Upstream releasedBy, boolean writtenOnce) {
		this.job = job;
		this.generation = generation;
		this.scheduledAt = scheduledAt;
		this.kind = kind;
		this.trigger = trigger;
		this.params = params;
		this.wakeAtMillis = wakeAtMillis;
		this.executionId = executionId;
		this.firstAttempt = firstAttempt;
		this.movesBefore = movesBefore;
		this.take = take;
		this.enqueuedAtMillis = enqueuedAtMillis;
		this.waitedBehindLate = waitedBehindLate;
		this.releasedBy = releasedBy;
		this.writtenOnce = writtenOnce;
	}

	/** The job's schedule reached {@code at}; the fire wakes at {@code wakeAtMillis}. */
	static Fire scheduled(JobState job, long generation, Instant at, long wakeAtMillis) {
		return new Fire(job, generation, at, FireKind.SCHEDULED, TriggerType.CRON, null, wakeAtMillis, 0, 1, 0, null,
				wakeAtMillis, false, null, false);
	}

	/** An instant missed while no agent held the job, which its misfire policy runs. */
	static Fire catchUp(JobState job, long generation, Instant at, long wakeAtMillis) {
		return new Fire(job, generation, at, FireKind.CATCH_UP, TriggerType.MISFIRE, null, wakeAtMillis, 0, 1, 0, null,
				wakeAtMillis, false, null, false);
	}

	/** A one-shot request whose execution row the web inserted, due now. */
	static Fire once(JobState job, OnceRequest request, BooleanSupplier take, long nowMillis) {
		FireKind kind = (request.trigger() == TriggerType.RETRY) ? FireKind.RETRY : FireKind.MANUAL;
		return new Fire(job, job.generation, request.scheduledAt(), kind, request.trigger(), request.params(),
				nowMillis, request.executionId(), 1, 0, take, nowMillis, false, null, false);
	}

	/**
	 * A run taken over from another agent, continued from {@code attempt}, due now.
	 * @param moves attempts of the run that moved to another instance so far
	 */
	static Fire resumed(JobState job, long executionId, Instant scheduledAt, TriggerType trigger, String params,
			int attempt, int moves, long nowMillis) {
		return new Fire(job, job.generation, scheduledAt, FireKind.RESUMED, trigger, params, nowMillis, executionId,
				attempt, moves, null, nowMillis, false, null, false);
	}

	/** This fire, claimed: its row is {@code id}. */
	Fire claimed(long id) {
		return new Fire(this.job, this.generation, this.scheduledAt, this.kind, this.trigger, this.params,
				this.wakeAtMillis, id, this.firstAttempt, this.movesBefore, this.take, this.enqueuedAtMillis,
				this.waitedBehindLate, this.releasedBy, false);
	}

	/**
	 * This fire, claimed by its job's window without a row: {@code id} taken ahead, its
	 * record written once ({@link #writtenOnce}).
	 */
	Fire claimedByWindow(long id) {
		return new Fire(this.job, this.generation, this.scheduledAt, this.kind, this.trigger, this.params,
				this.wakeAtMillis, id, this.firstAttempt, this.movesBefore, this.take, this.enqueuedAtMillis,
				this.waitedBehindLate, this.releasedBy, true);
	}

	/** This fire, its row {@code id} taken over once another agent released it. */
	Fire handedOver(long id) {
		return new Fire(this.job, this.generation, this.scheduledAt, FireKind.HANDOVER, this.trigger, this.params,
				this.wakeAtMillis, id, this.firstAttempt, this.movesBefore, this.take, this.enqueuedAtMillis,
				this.waitedBehindLate, this.releasedBy, false);
	}

	/** The same fire, woken at another time (claimed: at its scheduled instant). */
	Fire wakingAt(long millis) {
		return new Fire(this.job, this.generation, this.scheduledAt, this.kind, this.trigger, this.params, millis,
				this.executionId, this.firstAttempt, this.movesBefore, this.take, this.enqueuedAtMillis,
				this.waitedBehindLate, this.releasedBy, this.writtenOnce);
	}

	/** The same fire, waiting behind a run that started late by design. */
	Fire waitingBehindLate() {
		return new Fire(this.job, this.generation, this.scheduledAt, this.kind, this.trigger, this.params,
				this.wakeAtMillis, this.executionId, this.firstAttempt, this.movesBefore, this.take,
				this.enqueuedAtMillis, true, this.releasedBy, this.writtenOnce);
	}

	/** This released fire, joining the trace of the run that released it. */
	Fire releasedBy(RunTracing.Upstream upstream) {
		return new Fire(this.job, this.generation, this.scheduledAt, this.kind, this.trigger, this.params,
				this.wakeAtMillis, this.executionId, this.firstAttempt, this.movesBefore, this.take,
				this.enqueuedAtMillis, this.waitedBehindLate, upstream, this.writtenOnce);
	}

	/**
	 * Whether this fire starts late by design, not because its job is slow: a misfire or
	 * catch-up run, or a fire handed over from another agent.
	 */
	boolean startsLate() {
		return this.kind.startsLate() || this.trigger == TriggerType.MISFIRE;
	}

	/** Whether this fire's execution row is a claim this agent made in the database. */
	boolean isClaim() {
		return this.executionId != 0 && this.kind.claimedHere();
	}

	/** Whether this fire was claimed only in the spool (the database was unreachable). */
	boolean isLocalClaim() {
		return this.executionId == 0 && this.kind.claimedHere();
	}

	/** Whether this fire is a one-shot request, whose key the worker takes. */
	boolean isOnce() {
		return this.take != null;
	}

	/** Whether the job is still held here under the schedule this fire was planned by. */
	boolean isCurrent() {
		return !this.job.removed && this.generation == this.job.generation;
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
