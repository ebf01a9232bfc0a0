package io.crony.sdk;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A handler's answer or an async run's reported result.
 *
 * @param outcome how the attempt ended
 * @param message a short human-readable line shown with the run (an error, a summary)
 * @param output the run's output; crony-web keeps a capped excerpt
 * @param outputs what a successful run publishes for its downstream jobs, whose templates
 * read it as {@code ${upstream.<job>.outputs.<field>}}: named values (strings, numbers,
 * booleans, nested objects), at most 4,096 bytes as compact JSON; crony-web records a run
 * whose outputs are over the limit FAILED, saying so. Null for none.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Result(Outcome outcome, String message, String output, Map<String, Object> outputs) {

	public Result {
		Objects.requireNonNull(outcome, "outcome");
		outputs = (outputs != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(outputs)) : null;
	}

	public Result(Outcome outcome, String message, String output) {
		this(outcome, message, output, null);
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
		return new Result(this.outcome, this.message, output, this.outputs);
	}

	/**
	 * A copy of this result publishing {@code outputs} for downstream jobs, e.g.
	 * {@code Result.succeeded("loaded").withOutputs(Map.of("day", "20261128", "rows", 42))}.
	 */
	public Result withOutputs(Map<String, Object> outputs) {
		return new Result(this.outcome, this.message, this.output, outputs);
	}

}
