package io.crony.web.error;

/**
 * One bad field of a request, as listed under {@code errors} in a problem detail.
 *
 * @param field the field's JSON path ({@code schedule}, {@code target.type},
 * {@code retry.maxAttempts}) or query parameter name
 * @param message what is wrong with it
 */
public record FieldProblem(String field, String message) {

}
