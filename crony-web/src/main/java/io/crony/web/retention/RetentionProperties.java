package io.crony.web.retention;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The platform's default retention of execution rows and how the leader purges them
 * ({@link ExecutionPurge}). A job's own {@code retention} overrides either limit.
 *
 * @param enabled whether the leader purges at all
 * @param days rows are purged once their UTC day is wholly older than this many days
 * (1..3650)
 * @param maxCount only the newest this many finished rows of each job are kept; unset: no
 * count limit
 * @param interval time between the end of one purge and the start of the next
 * @param initialDelay time from start-up (of any instance) to its first purge
 * @param batchSize rows removed per DELETE, by primary key (each its own short
 * transaction); 100 to 10,000
 * @param pause wait between two batches, so agents' claims and records never queue behind
 * the purge for long
 * @param requestPoll how often the leader looks for a purge an admin asked for
 */
@ConfigurationProperties("crony.web.retention")
public record RetentionProperties(@DefaultValue("true") boolean enabled, @DefaultValue("30") int days, Integer maxCount,
		@DefaultValue("1h") Duration interval, @DefaultValue("2m") Duration initialDelay,
		@DefaultValue("2000") int batchSize, @DefaultValue("20ms") Duration pause,
		@DefaultValue("2s") Duration requestPoll) {

	public RetentionProperties {
		if (days < 1 || days > RetentionLimits.MAX_DAYS) {
			throw new IllegalArgumentException(
					"crony.web.retention.days must be 1 to " + RetentionLimits.MAX_DAYS + ", not " + days);
		}
		if (maxCount != null && (maxCount < 1 || maxCount > RetentionLimits.MAX_COUNT)) {
			throw new IllegalArgumentException(
					"crony.web.retention.max-count must be 1 to " + RetentionLimits.MAX_COUNT + ", not " + maxCount);
		}
		if (interval.isNegative() || interval.isZero()) {
			throw new IllegalArgumentException("crony.web.retention.interval must be positive, not " + interval);
		}
		if (requestPoll.isNegative() || requestPoll.isZero()) {
			throw new IllegalArgumentException("crony.web.retention.request-poll must be positive, not " + requestPoll);
		}
		if (initialDelay.isNegative() || pause.isNegative()) {
			throw new IllegalArgumentException("crony.web.retention.initial-delay and pause must not be negative");
		}
		batchSize = Math.max(100, Math.min(batchSize, 10_000));
	}

	/** The platform's default, the last level a job's retention falls back to. */
	public Retention platformDefault() {
		return new Retention(this.days, this.maxCount);
	}

}
