package io.crony.agent.target;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.function.BiConsumer;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.json.CronyJson;

/**
 * The HTTP form of the target contract (README, "The contract the SDK speaks"): the
 * headers every call carries, and how an answer's JSON body
 * {@code {"outcome","message","output"}} turns into an outcome.
 */
public final class TargetContract {

	private TargetContract() {
	}

	/** Adds the contract's headers (the ones not already set by the caller). */
	public static void headers(Invocation invocation, BiConsumer<String, String> header) {
		header.accept("X-Crony-Job-Name", invocation.job().name());
		if (invocation.deadline() != null) {
			header.accept("X-Crony-Deadline", invocation.deadline().toString());
		}
		if (invocation.token() != null) {
			header.accept("X-Crony-Token", invocation.token());
		}
		if (invocation.trigger() != null) {
			header.accept("X-Crony-Trigger", invocation.trigger().name());
		}
		if (invocation.resumePayload() != null) {
			header.accept("X-Crony-Resume-Payload", base64(invocation.resumePayload()));
		}
		Shard shard = invocation.shard();
		if (shard != null) {
			header.accept("X-Crony-Shard-Index", Integer.toString(shard.index()));
			header.accept("X-Crony-Shard-Total", Integer.toString(shard.total()));
			if (shard.params() != null) {
				header.accept("X-Crony-Shard-Params", base64(shard.params()));
			}
		}
		// W3C trace context: the target's own spans join the run's trace
		invocation.trace().forEach(header);
	}

	/** Text any header value can carry. */
	private static String base64(String text) {
		return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
	}

	/**
	 * Reads an answer the status code already called a success: a JSON body with an
	 * {@code outcome} decides (FAILED is a failure even with 200, ACCEPTED means the
	 * result comes later); any other body keeps the success.
	 * @param status the HTTP status
	 * @param body the answer's text (capped)
	 * @return the outcome
	 */
	public static AttemptResult successfulAnswer(int status, String body) {
		JsonNode answer = json(body);
		String outcome = (answer != null) ? answer.path("outcome").asText("") : "";
		String message = (answer != null && answer.hasNonNull("message")) ? answer.get("message").asText() : null;
		String output = (answer != null && answer.hasNonNull("output")) ? answer.get("output").asText() : body;
		return switch (outcome) {
			case "FAILED" -> new AttemptResult(ExecutionStatus.FAILED, output,
					(message != null) ? message : "Target answered FAILED");
			case "ACCEPTED" -> AttemptResult.accepted(output);
			case "SUCCEEDED" -> new AttemptResult(ExecutionStatus.SUCCEEDED, output, null);
			// a plain 202 is the contract's "accepted" too
			default -> (status == 202) ? AttemptResult.accepted(body)
					: new AttemptResult(ExecutionStatus.SUCCEEDED, body, null);
		};
	}

	private static JsonNode json(String body) {
		if (body == null || body.isBlank() || body.charAt(0) != '{') {
			return null;
		}
		try {
			return CronyJson.mapper().readTree(body);
		}
		catch (Exception ex) {
			return null;
		}
	}

}
