package io.crony.sdk;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * crony-web's answer to a report.
 *
 * @param applied {@code false} when the run had already finished (it timed out or was
 * cancelled, say): nothing changed and {@code status} says how the run ended. This is an
 * answer, not an error; {@link #requireApplied()} turns it into one
 * @param status the run's status after the report: RUNNING, SUCCEEDED, FAILED, TIMED_OUT,
 * CANCELLED, ...
 * @param message an optional explanation
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReportResponse(boolean applied, String status, String message) {

	/**
	 * This answer when the report was applied.
	 * @return this
	 * @throws AlreadyFinishedException when the run had already finished
	 */
	public ReportResponse requireApplied() {
		if (!this.applied) {
			throw new AlreadyFinishedException(200, "Already finished", this.message, java.util.List.of(), this.status);
		}
		return this;
	}

}
