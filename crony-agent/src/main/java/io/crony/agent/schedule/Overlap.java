package io.crony.agent.schedule;

import java.time.Clock;
import java.util.List;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.OverlapPolicy;

/**
 * A job's overlap policy, for a fire due while runs of the job are going: ALLOW starts
 * it, SKIP records it SKIPPED unless the runs going started late by design
 * ({@link SkipRule}), QUEUE lets it wait for them, REPLACE cancels them and starts it.
 * Waiting fires are bounded per job ({@code queue-limit}; one more is recorded SKIPPED),
 * and the first of them becomes the running one the moment the run before it ends, so a
 * fire due in between cannot overtake it. Each job's running set and queue are guarded by
 * its monitor.
 */
final class Overlap {

	private static final Reason OVERLAP_SKIPPED = Reason.of(ReasonCode.RUN_OVERLAP_SKIPPED);

	private final RunRecords records;

	private final Clock clock;

	private final int queueLimit;

	Overlap(RunRecords records, Clock clock, int queueLimit) {
		this.records = records;
		this.clock = clock;
		this.queueLimit = queueLimit;
	}

	/**
	 * Admits a due fire.
	 * @param fire the fire
	 * @param replaced receives the runs the new one replaces, to be cancelled
	 * @return the run to start now, counted as running; null when the fire waits or was
	 * skipped
	 */
	Run admit(Fire fire, List<Run> replaced) {
		JobState job = fire.job;
		synchronized (job) {
			OverlapPolicy overlap = (job.spec.overlapPolicy() != null) ? job.spec.overlapPolicy() : OverlapPolicy.ALLOW;
			if (!job.running.isEmpty()) {
				switch (overlap) {
					case SKIP -> {
						if (SkipRule.waits(job, fire)) {
							enqueue(job, SkipRule.waitsBehindLate(job, fire) ? fire.waitingBehindLate() : fire);
						}
						else {
							this.records.notRun(fire, ExecutionStatus.SKIPPED, OVERLAP_SKIPPED);
						}
						return null;
					}
					case QUEUE -> {
						enqueue(job, fire);
						return null;
					}
					case REPLACE -> replaced.addAll(job.running);
					case ALLOW -> {
					}
				}
			}
			Run run = new Run(fire, job.spec, this.clock.millis());
			job.running.add(run);
			return run;
		}
	}

	/**
	 * A run ended.
	 * @return the run of the fire that waited for it, counted as running, to be started;
	 * null when none waits (or the job was removed: it holds no queue)
	 */
	Run ended(Run run) {
		JobState job = run.fire.job;
		synchronized (job) {
			job.running.remove(run);
			Fire waiting = (job.running.isEmpty() && !job.removed) ? job.nextQueued() : null;
			if (waiting == null) {
				return null;
			}
			Run next = new Run(waiting, job.spec, this.clock.millis(), true);
			job.running.add(next);
			return next;
		}
	}

	/**
	 * Drops the fires waiting for a job's running run (the job left this agent or was
	 * disabled); each is recorded CANCELLED with the reason. Runs going keep going.
	 */
	void dropQueue(JobState job, Reason why) {
		List<Fire> dropped;
		synchronized (job) {
			dropped = job.drainQueue();
		}
		dropped.forEach((fire) -> this.records.notRun(fire, ExecutionStatus.CANCELLED, why));
	}

	// under the job's monitor; the queue is bounded so a job slower than its schedule
	// cannot fill the heap
	private void enqueue(JobState job, Fire fire) {
		if (job.removed) {
			this.records.notRun(fire, ExecutionStatus.CANCELLED, Reason.of(ReasonCode.RUN_NOT_STARTED_JOB_LEFT));
			return;
		}
		// catch-up and handed-over fires are bounded where they are made (catch-up-limit)
		int waiting = job.onTimeQueued();
		if (!fire.startsLate() && waiting >= this.queueLimit) {
			this.records.notRun(fire, ExecutionStatus.SKIPPED,
					Reason.of(ReasonCode.RUN_QUEUE_FULL, waiting, this.queueLimit, "crony.agent.queue-limit"));
			return;
		}
		job.queue(fire);
	}

}
