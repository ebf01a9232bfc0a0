package io.crony.common.job;

/**
 * How the wait before a retry grows from one retry to the next (see
 * {@link RetryPolicy#delayBefore}).
 */
public enum BackoffStrategy {

	/** The same wait, {@code backoffSeconds}, before every retry. */
	FIXED,
	/**
	 * {@code backoffSeconds} before the first retry, multiplied by {@code multiplier}
	 * before each further one, never more than {@code maxBackoffSeconds}.
	 */
	EXPONENTIAL

}
