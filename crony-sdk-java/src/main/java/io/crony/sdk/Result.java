package io.crony.sdk;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A handler's answer or an async run's reported result.
 *
 * @param outcome how the attempt ended
 * @param message a short human-readable line shown with the run (an error, a summary)
 * @param output the run's output; crony-web keeps a capped excerpt
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Result(Outcome outcome, String message, String output) {

	public Result {
		Objects.requireNonNull(outcome, "outcome");
	}

	/** A successful result with a message. */
	public static Result succeeded(String message) {
		return new Result(Outcome.SUCCEEDED, message, null);
	}

	/** A failed result with a message saying why. */
	public static Result failed(String message) {
		return new Result(Outcome.FAILED, message, null);
	}

	/** The answer of an async handler: the result is reported later. */
	public static Result accepted() {
		return new Result(Outcome.ACCEPTED, null, null);
	}

	/** A copy of this result carrying {@code output}. */
	public Result withOutput(String output) {
		return new Result(this.outcome, this.message, output);
	}

}
