package io.crony.agent.target;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OutputCap;

/**
 * How one attempt ended.
 *
 * @param status SUCCEEDED, FAILED, TIMED_OUT or CANCELLED; RUNNING when an async target
 * accepted the run and reports its result later
 * @param output the target's answer (capped)
 * @param error why it failed, null on success
 */
public record AttemptResult(ExecutionStatus status, String output, String error) {

	public static AttemptResult failed(String error) {
		return new AttemptResult(ExecutionStatus.FAILED, null, error);
	}

	/** An async target took the run; its result comes later through a report. */
	public static AttemptResult accepted(String output) {
		return new AttemptResult(ExecutionStatus.RUNNING, output, null);
	}

	public boolean accepted() {
		return this.status == ExecutionStatus.RUNNING;
	}

	public boolean succeeded() {
		return this.status == ExecutionStatus.SUCCEEDED;
	}

	/**
	 * Keeps at most {@code limit} bytes' worth of text (whole characters), with a marker
	 * saying how much was dropped.
	 */
	public static String cap(String text, int limit) {
		return OutputCap.cap(text, limit);
	}

}
