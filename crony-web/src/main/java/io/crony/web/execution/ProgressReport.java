package io.crony.web.execution;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * How far a running execution got. A field not listed here is refused with a 400 naming
 * it, and nothing is stored, rather than dropped: the API's ObjectMapper fails on unknown
 * properties (application.yml), and ReportIT holds the report endpoints to it.
 *
 * @param progress percent done, 0..100
 * @param resumePayload opaque state a retry resumes from (handed back to the target as
 * {@code X-Crony-Resume-Payload} / {@code ExecuteRequest.resume_payload}); absent keeps
 * the last one
 * @param message a short human-readable line
 * @param rebalance asks to move the run to another instance of the service, resuming from
 * the payload (ASYNC runs only; the instance that asks should stop working on the run)
 */
record ProgressReport(@NotNull @Min(0) @Max(100) Integer progress, @Size(max = 65535) String resumePayload,
		@Size(max = 1024) String message, Boolean rebalance) {

	ProgressReport(Integer progress, String resumePayload, String message) {
		this(progress, resumePayload, message, null);
	}

	boolean movesTheRun() {
		return Boolean.TRUE.equals(this.rebalance);
	}

}
