package io.crony.web.error;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Turns Jackson's reading failures into field problems: the JSON path of the bad value
 * and, for an enum, the values it accepts.
 */
final class JsonProblems {

	private JsonProblems() {
	}

	static List<FieldProblem> from(Throwable cause) {
		if (cause instanceof JsonParseException parse) {
			return List.of(FieldProblem.of("$", "malformed JSON: " + parse.getOriginalMessage(),
					FieldErrorCode.MALFORMED_JSON, parse.getOriginalMessage()));
		}
		if (cause instanceof JsonMappingException mapping) {
			return List.of(problem(path(mapping.getPath()), mapping));
		}
		return List.of();
	}

	/** A value given as the wrong type (a query parameter's {@code ?size=ten}). */
	static FieldProblem mismatch(String field, Object value, Class<?> type) {
		if (type != null && type.isEnum()) {
			return FieldProblem.of(field, "'" + value + "' is not one of " + allowed(type), FieldErrorCode.NOT_ONE_OF,
					allowed(type));
		}
		return FieldProblem.of(field, "'" + value + "' is not " + ((type != null) ? typeName(type) : "valid"),
				FieldErrorCode.WRONG_TYPE, typeWord(type));
	}

	static String path(List<JsonMappingException.Reference> references) {
		StringBuilder path = new StringBuilder();
		for (JsonMappingException.Reference reference : references) {
			if (reference.getFieldName() != null) {
				if (!path.isEmpty()) {
					path.append('.');
				}
				path.append(reference.getFieldName());
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
			}
		}
		return path.isEmpty() ? "$" : path.toString();
	}

	private static FieldProblem problem(String field, JsonMappingException ex) {
		if (ex instanceof UnrecognizedPropertyException unknown) {
			List<String> known = unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
			return FieldProblem.of(field, "unknown field; the known fields here are " + known,
					FieldErrorCode.UNKNOWN_FIELD, String.join(", ", known));
		}
		if (ex instanceof InvalidFormatException format && format.getTargetType() != null) {
			return mismatch(field, format.getValue(), format.getTargetType());
		}
		if (ex instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
			Class<?> type = mismatch.getTargetType();
			if (type.isEnum()) {
				return FieldProblem.of(field, "must be one of " + allowed(type), FieldErrorCode.NOT_ONE_OF,
						allowed(type));
			}
			return FieldProblem.of(field, "must be " + typeName(type), FieldErrorCode.WRONG_TYPE, typeWord(type));
		}
		// a failure of another kind (a value a constructor refuses): Jackson's words
		// alone
		return FieldProblem.uncoded(field, ex.getOriginalMessage());
	}

	/** The JSON type a Java type reads from, as a word the dashboard translates. */
	static String typeWord(Class<?> type) {
		if (type == null) {
			return "other";
		}
		if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
			return "number";
		}
		if (type == Boolean.class || type == boolean.class) {
			return "boolean";
		}
		if (type == String.class) {
			return "string";
		}
		if (type.isRecord() || java.util.Map.class.isAssignableFrom(type)) {
			return "object";
		}
		if (java.util.Collection.class.isAssignableFrom(type)) {
			return "array";
		}
		return "other";
	}

	static String allowed(Class<?> enumType) {
		return Arrays.stream(enumType.getEnumConstants())
			.map(String::valueOf)
			.collect(Collectors.joining(", ", "[", "]"));
	}

	static String typeName(Class<?> type) {
		if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
			return "a number";
		}
		if (type == Boolean.class || type == boolean.class) {
			return "true or false";
		}
		if (type == String.class) {
			return "a string";
		}
		if (type.isRecord() || java.util.Map.class.isAssignableFrom(type)) {
			return "an object";
		}
		if (java.util.Collection.class.isAssignableFrom(type)) {
			return "an array";
		}
		return "a " + type.getSimpleName();
	}

}
