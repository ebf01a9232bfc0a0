package io.crony.agent.target;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.json.CronyJson;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;

/**
 * What a job's status URL answered about an accepted run:
 * {@code {"outcome": "RUNNING" | "SUCCEEDED" | "FAILED", "progress", "message", "output",
 * "resumePayload"}}, the same words a report uses.
 *
 * @param status RUNNING while the run goes on, else SUCCEEDED or FAILED; null when the
 * answer said nothing usable (a failed ask, which the next ask may mend)
 * @param progress percent done, 0..100, or null
 * @param message a short line on where the run is, or null
 * @param output a finished run's output, or null
 * @param resumePayload state a retry resumes from, or null to keep the last
 * @param problem why the answer was not usable, null when it was
 */
public record StatusAnswer(ExecutionStatus status, Integer progress, String message, String output,
		String resumePayload, String problem) {

	public static StatusAnswer unusable(String problem) {
		return new StatusAnswer(null, null, null, null, null, problem);
	}

	/** Whether the run is over, SUCCEEDED or FAILED. */
	public boolean finished() {
		return this.status == ExecutionStatus.SUCCEEDED || this.status == ExecutionStatus.FAILED;
	}

	/**
	 * A finished run's outcome as an attempt's: a FAILED answer's message is the target's
	 * own words; without one the platform says it, with a code.
	 */
	public AttemptResult result() {
		if (this.status == ExecutionStatus.FAILED && this.message == null) {
			Reason failed = Reason.of(ReasonCode.STATUS_ANSWERED_FAILED);
			return new AttemptResult(this.status, this.output, failed.text(), null, null, failed);
		}
		return new AttemptResult(this.status, this.output,
				(this.status == ExecutionStatus.FAILED) ? this.message : null);
	}

	/**
	 * Reads an answer.
	 * @param code the HTTP status
	 * @param body the answer's text
	 * @param outputLimit the most of {@code output} kept, in bytes
	 * @return the answer, {@link #problem} set when it is not a 2xx JSON object with a
	 * known outcome
	 */
	static StatusAnswer read(int code, String body, int outputLimit) {
		if (code < 200 || code >= 300) {
			return unusable("status URL answered HTTP " + code);
		}
		JsonNode answer;
		try {
			answer = CronyJson.mapper().readTree((body != null) ? body : "");
		}
		catch (Exception ex) {
			answer = null;
		}
		if (answer == null || !answer.isObject()) {
			return unusable("status URL answered no JSON object");
		}
		ExecutionStatus status = switch (answer.path("outcome").asText("")) {
			case "RUNNING", "ACCEPTED" -> ExecutionStatus.RUNNING;
			case "SUCCEEDED" -> ExecutionStatus.SUCCEEDED;
			case "FAILED" -> ExecutionStatus.FAILED;
			default -> null;
		};
		if (status == null) {
			return unusable("status URL answered no outcome of RUNNING, SUCCEEDED or FAILED");
		}
		Integer progress = answer.path("progress").isIntegralNumber()
				? Math.max(0, Math.min(100, answer.get("progress").asInt())) : null;
		String output = text(answer, "output");
		return new StatusAnswer(status, progress, text(answer, "message"),
				(output != null) ? AttemptResult.cap(output, outputLimit) : null, text(answer, "resumePayload"), null);
	}

	private static String text(JsonNode answer, String field) {
		return answer.hasNonNull(field) ? answer.get(field).asText() : null;
	}

}
