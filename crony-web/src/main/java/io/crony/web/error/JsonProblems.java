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
			return List.of(new FieldProblem("$", "malformed JSON: " + parse.getOriginalMessage()));
		}
		if (cause instanceof JsonMappingException mapping) {
			return List.of(new FieldProblem(path(mapping.getPath()), message(mapping)));
		}
		return List.of();
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

	private static String message(JsonMappingException ex) {
		if (ex instanceof UnrecognizedPropertyException unknown) {
			return "unknown field; the known fields here are "
					+ unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted().toList();
		}
		if (ex instanceof InvalidFormatException format && format.getTargetType() != null) {
			Class<?> type = format.getTargetType();
			if (type.isEnum()) {
				return "'" + format.getValue() + "' is not one of " + allowed(type);
			}
			return "'" + format.getValue() + "' is not " + typeName(type);
		}
		if (ex instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
			Class<?> type = mismatch.getTargetType();
			if (type.isEnum()) {
				return "must be one of " + allowed(type);
			}
			return "must be " + typeName(type);
		}
		return ex.getOriginalMessage();
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
