package io.crony.agent.schedule;

/**
 * When overlap policy SKIP does not skip. SKIP is for a job still busy with its previous
 * run when the next fire is due: the job is slower than its schedule, and a fire dropped
 * keeps it from falling further behind. A run that started late by design is not that
 * job's slowness: a fire handed over from another agent (taken over once released), a
 * misfire or catch-up run, or a run that began more than half-way from its own instant to
 * this fire's (fires dispatched late together after a pause, such as claims waiting on a
 * restarting database: the run had less than half its period when this fire came due, too
 * little to judge the job by; not a run that waited behind the job's previous one).
 * Behind such a run a fire waits instead of being skipped (bounded by
 * {@code queue-limit}), and runs after it, one after another.
 * <p>
 * An on-time fire that waited behind a run late by design starts late itself, so the
 * fires due while it runs wait for it too (a catch-up's last on-time fires, run back to
 * back, do not skip each other). That is passed on once only: a fire that waited behind
 * such a waiting fire is an ordinary run again, and a job slower than its schedule skips
 * again within a few fires of its catch-up or handover.
 * <p>
 * Called under the job's monitor.
 */
final class SkipRule {

	private SkipRule() {
	}

	/** Whether a due fire of a SKIP job that has runs going waits for them. */
	static boolean waits(JobState job, Fire fire) {
		if (fire.startsLate()) {
			return true;
		}
		long instant = fire.scheduledAt.toEpochMilli();
		return job.running.stream()
			.allMatch((run) -> run.fire.startsLate() || run.fire.waitedBehindLate || beganPastHalfway(run, instant));
	}

	/**
	 * Whether a run began more than half-way from its own instant to {@code instant}: its
	 * start, not its job, made it still go then. Not a run that waited behind the job's
	 * previous one: that late start is the job's own, and counting it would keep a job
	 * slower than its schedule queueing instead of skipping.
	 */
	private static boolean beganPastHalfway(Run run, long instant) {
		if (run.waitedInQueue) {
			return false;
		}
		long own = run.fire.scheduledAt.toEpochMilli();
		return run.startedAtMillis - own > (instant - own) / 2;
	}

	/**
	 * Whether an on-time fire that waits now waits behind a run late by design, and so
	 * lets the fires due while it runs wait for it.
	 */
	static boolean waitsBehindLate(JobState job, Fire fire) {
		return !fire.startsLate() && job.running.stream().anyMatch((run) -> run.fire.startsLate());
	}

}
