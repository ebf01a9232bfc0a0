package io.crony.sdk;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An async run's progress report.
 *
 * @param percent percent done, 0..100
 * @param resumePayload opaque state a retry of this run can resume from: it comes back to
 * the next attempt (header {@code X-Crony-Resume-Payload}, gRPC {@code resume_payload});
 * {@code null} keeps none
 * @param message an optional line shown with the run
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Progress(@JsonProperty("progress") int percent, String resumePayload, String message) {

	/** Progress without a resume payload or message. */
	public static Progress of(int percent) {
		return new Progress(percent, null, null);
	}

	/** Progress with a resume payload a later attempt can start from. */
	public static Progress of(int percent, String resumePayload) {
		return new Progress(percent, resumePayload, null);
	}

}
