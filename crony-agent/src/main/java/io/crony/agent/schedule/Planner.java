package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.TimeUnit;

/**
 * The first stage: which fires are due for a claim. Each held job has exactly one planned
 * fire here, woken {@code claimAhead} before its instant; taking it plans the job's
 * following fire (the only time a schedule is evaluated, besides a job change). A fire
 * reached long after its instant goes by its job's misfire policy ({@link LateFires}).
 * Catch-up fires of arriving jobs join the plan like any other. Taken by the claim thread
 * only.
 */
final class Planner {

	private final DelayQueue<Fire> plan = new DelayQueue<>();

	private final LateFires lateFires;

	private final Clock clock;

	private final long claimAheadMillis;

	Planner(LateFires lateFires, Clock clock, long claimAheadMillis) {
		this.lateFires = lateFires;
		this.clock = clock;
		this.claimAheadMillis = claimAheadMillis;
	}

	/** Plans the job's first fire after {@code after} under this generation of it. */
	void planNext(JobState job, long generation, Instant after) {
		job.fireTimes.nextFireAfter(after)
			.ifPresent((at) -> this.plan
				.add(Fire.scheduled(job, generation, at, at.toEpochMilli() - this.claimAheadMillis)));
	}

	/** Adds a fire made elsewhere (a catch-up), due for its claim when it wakes. */
	void add(Fire fire) {
		this.plan.add(fire);
	}

	/**
	 * Waits for the next fire to wake, up to {@code waitMillis} (forever when negative).
	 * @return that fire, or null when none woke in time
	 */
	Fire awaitWoken(long waitMillis) throws InterruptedException {
		return (waitMillis < 0) ? this.plan.take() : this.plan.poll(waitMillis, TimeUnit.MILLISECONDS);
	}

	/**
	 * The fires to claim of those woken (plus every other fire woken by now, up to
	 * {@code max}): stale ones dropped, late ones as their jobs' misfire policies say,
	 * each job's next fire planned.
	 */
	List<Fire> toClaim(Fire first, int max) {
		List<Fire> woke = new ArrayList<>();
		woke.add(first);
		this.plan.drainTo(woke, max);
		List<Fire> live = new ArrayList<>();
		Instant now = this.clock.instant();
		for (Fire fire : woke) {
			if (!fire.isCurrent()) {
				continue;
			}
			if (fire.kind != FireKind.SCHEDULED) {
				live.add(fire);
				continue;
			}
			LateFires.Decision decision = this.lateFires.decide(fire.job, fire.scheduledAt, now);
			planNext(fire.job, fire.generation, decision.planAfter());
			decision.run()
				.map((at) -> at.equals(fire.scheduledAt) ? fire
						: Fire.scheduled(fire.job, fire.generation, at, now.toEpochMilli()))
				.ifPresent(live::add);
		}
		return live;
	}

}
