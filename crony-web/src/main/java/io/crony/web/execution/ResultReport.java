package io.crony.web.execution;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * A target's final result for an async run. Unknown fields are refused (400 naming the
 * field), as in {@link ProgressReport}.
 *
 * @param outcome SUCCEEDED or FAILED
 * @param message a short human-readable line (the error when FAILED)
 * @param output what the run produced, kept as the execution's output (its head and a
 * marker past {@code crony.web.reports.output-limit} bytes); at most 1,048,576 characters
 */
record ResultReport(@NotNull ReportedOutcome outcome, @Size(max = 1024) String message,
		@Size(max = ReportProperties.MAX_REPORTED_OUTPUT) String output) {

	/** The outcomes a report may carry (ACCEPTED is only an answer to the agent). */
	enum ReportedOutcome {

		SUCCEEDED, FAILED

	}

}
