package io.crony.sdk.spring;

/**
 * A {@link CronyJobStatus} method's answer on how an accepted run is doing.
 *
 * @param state RUNNING while the run goes on, SUCCEEDED or FAILED when it is over
 * @param progress percent done, 0..100 (the agent clamps it), or null when not given
 * @param message a short line on where the run is, or why it failed; may be null
 * @param output a finished run's output; may be null
 * @param resumePayload state a retry resumes from; null keeps the last one
 */
public record JobStatus(State state, Integer progress, String message, String output, String resumePayload) {

	public JobStatus {
		if (state == null) {
			throw new IllegalArgumentException("A job status needs a state");
		}
	}

	/** The run goes on, {@code progress} percent done (null: not given). */
	public static JobStatus running(Integer progress, String message) {
		return new JobStatus(State.RUNNING, progress, message, null, null);
	}

	/** The run is over and succeeded, with its output (may be null). */
	public static JobStatus succeeded(String output) {
		return new JobStatus(State.SUCCEEDED, null, null, output, null);
	}

	/** The run is over and failed, with why. */
	public static JobStatus failed(String message) {
		return new JobStatus(State.FAILED, null, message, null, null);
	}

	/** A copy carrying the state a retry resumes from. */
	public JobStatus withResumePayload(String payload) {
		return new JobStatus(this.state, this.progress, this.message, this.output, payload);
	}

	public enum State {

		RUNNING, SUCCEEDED, FAILED

	}

}
