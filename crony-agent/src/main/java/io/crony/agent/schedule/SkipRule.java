package io.crony.agent.schedule;

/**
 * When overlap policy SKIP does not skip. SKIP is for a job still busy with its previous
 * run when the next fire is due. A run that started late by design is not that: a fire
 * handed over from another agent (taken over once released), a misfire or catch-up run,
 * or a run that began only after this fire's instant (fires dispatched together after a
 * pause). Behind such runs a fire waits, one after another, instead of being skipped:
 * <ul>
 * <li>a fire that starts late itself (handed over, misfire, catch-up) always waits, so
 * catch-up fires run in turn, each with its own instant;</li>
 * <li>an on-time fire waits when every run going started late or after its instant, and
 * either nothing waits or a late fire still runs or waits (catch-up in progress: the
 * fires due meanwhile run after it, bounded by {@code queue-limit}). A job that stays
 * behind on its own runs still skips. While late fires still wait, an on-time fire that
 * waited and now runs is not the job's slowness either.</li>
 * </ul>
 * Called under the job's monitor.
 */
final class SkipRule {

	private SkipRule() {
	}

	static boolean waits(JobState job, Fire fire) {
		if (fire.startsLate()) {
			return true;
		}
		long instant = fire.scheduledAt.toEpochMilli();
		boolean lateWaiting = job.queued.stream().anyMatch(Fire::startsLate);
		boolean lateAhead = job.queued.isEmpty() || lateWaiting
				|| job.running.stream().anyMatch((run) -> run.fire.startsLate());
		return lateAhead && job.running.stream()
			.allMatch((run) -> run.fire.startsLate() || run.startedAtMillis >= instant
					|| (run.fire.waitedBehindLate && lateWaiting));
	}

}
