package io.crony.web.execution;

import java.util.Map;

import io.swagger.v3.oas.annotations.media.Schema;
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
 * @param outputs what a successful run publishes for its downstream jobs, a JSON object
 * of at most 4,096 bytes (compact); over the limit, the run is recorded FAILED saying so
 */
record ResultReport(@NotNull ReportedOutcome outcome, @Size(max = 1024) String message,
		@Size(max = ReportProperties.MAX_REPORTED_OUTPUT) String output,
		@Schema(additionalProperties = Schema.AdditionalPropertiesValue.TRUE,
				description = "What a successful run publishes for its downstream jobs' templates "
						+ "(${upstream.<job>.outputs.<field>}): a JSON object of at most 4,096 bytes as compact JSON. "
						+ "Over the limit, the run is recorded FAILED saying so; never cut.") Map<String, Object> outputs) {

	ResultReport(ReportedOutcome outcome, String message, String output) {
		this(outcome, message, output, null);
	}

	/** The outcomes a report may carry (ACCEPTED is only an answer to the agent). */
	enum ReportedOutcome {

		SUCCEEDED, FAILED

	}

}
