package io.crony.web.execution;

import java.util.Objects;

import io.crony.common.execution.ExecutionStatus;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What the live output stream shows of a run: its row's status, progress, last reported
 * message, error and output.
 */
record LiveState(ExecutionStatus status, Integer progress, String message, String error, String output) {

	/** Whether anything but the output differs from {@code other}. */
	boolean stateDiffers(LiveState other) {
		return other == null || this.status != other.status || !Objects.equals(this.progress, other.progress)
				|| !Objects.equals(this.message, other.message) || !Objects.equals(this.error, other.error);
	}

	/** The event body of the state (output apart). */
	StateEvent event() {
		return new StateEvent(this.status, this.progress, this.message, this.error);
	}

	/**
	 * How to turn {@code before} (what the client holds) into {@code after}: keep the
	 * first {@code offset} characters (UTF-16 code units, as JavaScript counts) and
	 * append {@code text}. Null when they are equal. A growing output is a delta at its
	 * old length; anything else keeps only their common prefix.
	 */
	static OutputEvent delta(String before, String after) {
		String old = (before != null) ? before : "";
		String now = (after != null) ? after : "";
		if (old.equals(now)) {
			return null;
		}
		int common = 0;
		int max = Math.min(old.length(), now.length());
		while (common < max && old.charAt(common) == now.charAt(common)) {
			common++;
		}
		// never split a surrogate pair
		if (common > 0 && Character.isHighSurrogate(now.charAt(common - 1))) {
			common--;
		}
		return new OutputEvent(common, now.substring(common));
	}

	/** The {@code state} and {@code end} events. */
	@Schema(name = "OutputStreamState",
			description = "the data of a `state` event (the run's state changed) and of the `end` event (it ended)")
	record StateEvent(ExecutionStatus status, Integer progress, String message, String error) {
	}

	/** The {@code output} event: keep {@code offset} characters, then append text. */
	@Schema(name = "OutputStreamOutput", description = "the data of an `output` event: keep the first offset "
			+ "characters (UTF-16 code units) of the output held, then append text")
	record OutputEvent(int offset, String text) {
	}

}
