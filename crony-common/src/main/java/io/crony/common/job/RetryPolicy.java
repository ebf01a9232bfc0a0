package io.crony.common.job;

/**
 * How often a failed attempt is tried again.
 *
 * @param maxAttempts attempts in all, the first included (1 means no retry)
 * @param backoffSeconds wait before the next attempt
 */
public record RetryPolicy(int maxAttempts, int backoffSeconds) {

	public static final RetryPolicy NONE = new RetryPolicy(1, 0);

}
