package io.crony.sdk;

/**
 * One bad field of a refused report, from the {@code errors} list of crony-web's problem
 * details.
 *
 * @param field the field's name
 * @param message what is wrong with it
 */
public record FieldError(String field, String message) {

}
