package io.crony.agent.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import io.crony.agent.metrics.AgentMetrics;
import io.crony.common.job.MisfirePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The misfire policy for fires the engine itself reaches late. The claim thread takes a
 * fire {@code claim-ahead} before its instant; when it falls behind (more fires due than
 * the database takes claims for, a long pause) every later fire would start later still,
 * and an agent that cannot keep up would run its jobs ever further behind their schedules
 * without catching up. So a scheduled fire reached more than {@code misfire-threshold}
 * after its instant is a misfire, and its job's policy decides, as when a job arrives
 * ({@link Misfires}): SKIP runs none of the instants missed up to now, FIRE_NOW runs the
 * latest of them once, CATCH_UP runs each of them, in order, late. Instants not run are
 * never claimed, so no row records them; the meter {@code crony.agent.misfires} counts
 * them and a warning says so at most every 10 s. Claim thread only.
 */
final class LateFires {

	private static final Logger logger = LoggerFactory.getLogger(LateFires.class);

	/** Bound on schedule steps walked per fire, as in {@link Misfires}. */
	private static final int MAX_STEPS = 100_000;

	private static final long WARN_EVERY_MILLIS = 10_000;

	private final Duration threshold;

	private final AgentMetrics metrics;

	private long notRunSinceWarning;

	private Duration latestLateness = Duration.ZERO;

	private long lastWarningMillis;

	LateFires(Duration threshold, AgentMetrics metrics) {
		this.threshold = threshold;
		this.metrics = metrics;
	}

	/**
	 * Decides what runs of a scheduled fire reached at {@code now}.
	 * @param job the fire's job
	 * @param scheduledAt the fire's instant
	 * @param now when the engine reached it
	 * @return the instant to run, if any, and the instant the job's next fire follows
	 */
	Decision decide(JobState job, Instant scheduledAt, Instant now) {
		MisfirePolicy policy = job.spec.misfirePolicy();
		if (!scheduledAt.plus(this.threshold).isBefore(now) || policy == MisfirePolicy.CATCH_UP) {
			return new Decision(Optional.of(scheduledAt), scheduledAt);
		}
		Instant latest = scheduledAt;
		int missed = 1;
		for (int step = 0; step < MAX_STEPS; step++) {
			Optional<Instant> next = job.fireTimes.nextFireAfter(latest);
			if (next.isEmpty() || next.get().isAfter(now)) {
				break;
			}
			latest = next.get();
			missed++;
		}
		if (policy == MisfirePolicy.FIRE_NOW) {
			notRun(missed - 1, scheduledAt, now);
			return new Decision(Optional.of(latest), latest);
		}
		notRun(missed, scheduledAt, now);
		return new Decision(Optional.empty(), latest);
	}

	private void notRun(int fires, Instant scheduledAt, Instant now) {
		if (fires == 0) {
			return;
		}
		Duration late = Duration.between(scheduledAt, now);
		this.metrics.misfires(fires);
		this.notRunSinceWarning += fires;
		if (late.compareTo(this.latestLateness) > 0) {
			this.latestLateness = late;
		}
		long nowMillis = now.toEpochMilli();
		if (nowMillis - this.lastWarningMillis >= WARN_EVERY_MILLIS) {
			logger.warn(
					"Engine behind its schedule: {} fires reached more than {} ms late (up to {} ms) were not run, "
							+ "as their jobs' misfire policies say",
					this.notRunSinceWarning, this.threshold.toMillis(), this.latestLateness.toMillis());
			this.lastWarningMillis = nowMillis;
			this.notRunSinceWarning = 0;
			this.latestLateness = Duration.ZERO;
		}
	}

	/**
	 * What runs of a fire.
	 *
	 * @param run the instant to run now, empty for none
	 * @param planAfter the job's next fire is the first after this instant
	 */
	record Decision(Optional<Instant> run, Instant planAfter) {
	}

}
