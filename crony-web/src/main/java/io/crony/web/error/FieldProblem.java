package io.crony.web.error;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One bad field of a request, as listed under {@code errors} in a problem detail.
 *
 * @param field the field's JSON path ({@code schedule}, {@code target.type},
 * {@code retry.maxAttempts}) or query parameter name
 * @param message what is wrong with it, in English
 * @param code the same as a stable code, which the dashboard words in the reader's
 * language
 * @param params the code's values by name
 */
public record FieldProblem(String field, String message, FieldErrorCode code, Map<String, String> params) {

	public FieldProblem {
		params = Map.copyOf(params);
	}

	/**
	 * A failure a framework reports that Crony cannot name
	 * ({@link FieldErrorCode#INVALID}): the one place that answers the catch-all code,
	 * for {@link ConstraintCodes} and {@link JsonProblems} only. Package-private so that
	 * a rule of Crony's own cannot answer it by accident: each names its code with
	 * {@link #of}.
	 */
	static FieldProblem uncoded(String field, String message) {
		return new FieldProblem(field, message, FieldErrorCode.INVALID, Map.of());
	}

	/**
	 * A problem with its code and the code's values in the order of
	 * {@link FieldErrorCode#params()}.
	 */
	public static FieldProblem of(String field, String message, FieldErrorCode code, Object... values) {
		if (values.length != code.params().size()) {
			throw new IllegalArgumentException(code + " takes " + code.params() + ", given " + values.length);
		}
		Map<String, String> params = new LinkedHashMap<>();
		for (int i = 0; i < values.length; i++) {
			params.put(code.params().get(i), String.valueOf(values[i]));
		}
		return new FieldProblem(field, message, code, params);
	}

	/** The field is missing, null or blank. */
	public static FieldProblem required(String field, String message) {
		return of(field, message, FieldErrorCode.REQUIRED);
	}

	/** The same problem of another field (a bulk request's {@code jobs[3].name}). */
	public FieldProblem at(String otherField) {
		return new FieldProblem(otherField, this.message, this.code, this.params);
	}

}
