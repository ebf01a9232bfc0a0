package io.crony.common.execution.lifecycle;

/**
 * How a link of an async run's chain of attempts ({@code execution_attempt.status})
 * ended; an open link (its attempt under way) has no status. Written only through
 * {@link AttemptTransition}.
 */
public enum AttemptStatus {

	SUCCEEDED, FAILED, TIMED_OUT, CANCELLED,

	/** The run went on in a next attempt at another instance. */
	MOVED

}
