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
 * @param rebalance asks Crony to move the run to another instance of the service (this
 * one is draining, say): once the report is applied, Crony calls another instance with
 * the same execution id, the next attempt number and {@code resumePayload}, and this
 * instance should stop working on the run. Left out of the body when {@code false}, so a
 * crony-web that does not know the field is not sent it. See
 * {@link #rebalance(int, String)}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Progress(@JsonProperty("progress") int percent, String resumePayload, String message,
		@JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean rebalance) {

	/** Progress that stays on this instance. */
	public Progress(int percent, String resumePayload, String message) {
		this(percent, resumePayload, message, false);
	}

	/** Progress without a resume payload or message. */
	public static Progress of(int percent) {
		return new Progress(percent, null, null);
	}

	/** Progress with a resume payload a later attempt can start from. */
	public static Progress of(int percent, String resumePayload) {
		return new Progress(percent, resumePayload, null);
	}

	/**
	 * The report that asks Crony to move the run to another instance, which resumes from
	 * {@code resumePayload}.
	 */
	public static Progress rebalance(int percent, String resumePayload) {
		return new Progress(percent, resumePayload, null, true);
	}

}
