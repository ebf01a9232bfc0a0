package io.crony.common.job;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * How often a failed attempt is tried again, and how long the agent waits before each
 * retry ({@link #delayBefore}).
 * <p>
 * A policy stored before the backoff strategy existed has only {@code maxAttempts} and
 * {@code backoffSeconds}: it reads as {@link BackoffStrategy#FIXED} without jitter, the
 * wait it always had. The compact constructor fills the strategy's defaults, so a policy
 * holds exactly the values it runs with: {@code multiplier} and {@code maxBackoffSeconds}
 * only for {@link BackoffStrategy#EXPONENTIAL} (null for FIXED), {@code jitter} always.
 *
 * @param maxAttempts attempts in all, the first included (1 means no retry)
 * @param backoffSeconds FIXED: the wait before every retry; EXPONENTIAL: the wait before
 * the first retry
 * @param backoff FIXED (the default) or EXPONENTIAL
 * @param multiplier EXPONENTIAL: factor from one retry's wait to the next (default
 * {@value #DEFAULT_MULTIPLIER}); null for FIXED
 * @param maxBackoffSeconds EXPONENTIAL: the longest wait (default
 * {@value #DEFAULT_MAX_BACKOFF_SECONDS}, never less than {@code backoffSeconds}); null
 * for FIXED
 * @param jitter share of the wait that is random, 0 to 1: the wait is drawn uniformly
 * between {@code (1 - jitter)} times the computed wait and the computed wait itself
 * (default {@value #DEFAULT_EXPONENTIAL_JITTER} for EXPONENTIAL, 0 for FIXED)
 */
public record RetryPolicy(int maxAttempts, int backoffSeconds, BackoffStrategy backoff, Double multiplier,
		Integer maxBackoffSeconds, Double jitter) {

	/** EXPONENTIAL's multiplier when none is given. */
	public static final double DEFAULT_MULTIPLIER = 2.0;

	/** EXPONENTIAL's longest wait when none is given: one hour. */
	public static final int DEFAULT_MAX_BACKOFF_SECONDS = 3600;

	/** EXPONENTIAL's jitter when none is given. */
	public static final double DEFAULT_EXPONENTIAL_JITTER = 0.2;

	/** One attempt, no retry. */
	public static final RetryPolicy NONE = new RetryPolicy(1, 0);

	public RetryPolicy {
		backoff = (backoff != null) ? backoff : BackoffStrategy.FIXED;
		if (backoff == BackoffStrategy.EXPONENTIAL) {
			multiplier = (multiplier != null) ? multiplier : DEFAULT_MULTIPLIER;
			maxBackoffSeconds = (maxBackoffSeconds != null) ? maxBackoffSeconds
					: Math.max(backoffSeconds, DEFAULT_MAX_BACKOFF_SECONDS);
			jitter = (jitter != null) ? jitter : DEFAULT_EXPONENTIAL_JITTER;
		}
		else {
			multiplier = null;
			maxBackoffSeconds = null;
			jitter = (jitter != null) ? jitter : 0.0;
		}
	}

	/** A fixed wait of {@code backoffSeconds} before every retry, without jitter. */
	public RetryPolicy(int maxAttempts, int backoffSeconds) {
		this(maxAttempts, backoffSeconds, BackoffStrategy.FIXED, null, null, null);
	}

	/**
	 * An exponential backoff.
	 * @param maxAttempts attempts in all, the first included
	 * @param initialSeconds the wait before the first retry
	 * @param multiplier factor from one retry's wait to the next
	 * @param maxSeconds the longest wait
	 * @param jitter share of each wait that is random, 0 to 1
	 * @return the policy
	 */
	public static RetryPolicy exponential(int maxAttempts, int initialSeconds, double multiplier, int maxSeconds,
			double jitter) {
		return new RetryPolicy(maxAttempts, initialSeconds, BackoffStrategy.EXPONENTIAL, multiplier, maxSeconds,
				jitter);
	}

	/**
	 * How long to wait before an attempt. Before retry {@code n} (attempt {@code n + 1})
	 * the computed wait {@code d} is {@code backoffSeconds} for FIXED and
	 * {@code min(maxBackoffSeconds, backoffSeconds * multiplier^(n-1))} for EXPONENTIAL;
	 * the wait returned is drawn uniformly from {@code [d * (1 - jitter), d]} in whole
	 * milliseconds ("full jitter" at 1, "equal jitter" at 0.5), so jitter only ever
	 * shortens a wait and {@code maxBackoffSeconds} stays a true maximum. Values out of
	 * range (never saved by the API) are read leniently: a negative wait as 0, a
	 * multiplier below 1 as 1, a maximum below the first wait as the first wait, jitter
	 * clamped to 0..1.
	 * @param attempt the attempt about to start, 1 for the first (which never waits), 2
	 * for the first retry
	 * @param random where the jitter comes from
	 * @return the wait, never negative, never more than the computed wait
	 */
	public Duration delayBefore(int attempt, RandomGenerator random) {
		if (attempt <= 1) {
			return Duration.ZERO;
		}
		long ceiling = ceilingMillis(attempt - 1);
		double share = (this.jitter != null && this.jitter > 0) ? Math.min(1.0, this.jitter) : 0.0;
		if (ceiling == 0 || share == 0) {
			return Duration.ofMillis(ceiling);
		}
		// nextDouble() is in [0, 1): the factor in (1 - share, 1]
		double factor = 1.0 - share * random.nextDouble();
		return Duration.ofMillis(Math.min(ceiling, Math.round(ceiling * factor)));
	}

	/** The wait before retry {@code retry} (1 for the first) without jitter. */
	private long ceilingMillis(int retry) {
		long initial = Math.max(0, this.backoffSeconds) * 1000L;
		if (this.backoff != BackoffStrategy.EXPONENTIAL || initial == 0) {
			return initial;
		}
		long max = Math.max(initial, this.maxBackoffSeconds * 1000L);
		double factor = (this.multiplier != null && this.multiplier >= 1.0) ? this.multiplier : 1.0;
		// pow grows to +Infinity at large retries, never wraps; the cap takes it
		double wait = initial * Math.pow(factor, retry - 1);
		return (wait >= max) ? max : Math.round(wait);
	}

}
