package io.crony.web.error;

import java.util.Collection;
import java.util.Map;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.metadata.ConstraintDescriptor;

import org.springframework.beans.TypeMismatchException;
import org.springframework.context.MessageSourceResolvable;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.validation.method.ParameterValidationResult;

/**
 * The code of a bean-validation failure, from the constraint that failed (its annotation
 * and attributes), never from its message: {@code @NotBlank} is {@code REQUIRED},
 * {@code @Size(max = 128)} on a longer text {@code TOO_LONG {max: 128}}, and so on.
 */
public final class ConstraintCodes {

	private ConstraintCodes() {
	}

	/** A field error Spring's binding or validation found. */
	public static FieldProblem of(String field, FieldError error) {
		if (error.contains(TypeMismatchException.class)) {
			TypeMismatchException mismatch = error.unwrap(TypeMismatchException.class);
			return JsonProblems.mismatch(field, error.getRejectedValue(), mismatch.getRequiredType());
		}
		return of(field, (ObjectError) error);
	}

	/** Any error a validator gave. */
	static FieldProblem of(String field, ObjectError error) {
		if (error.contains(ConstraintViolation.class)) {
			return of(field, error.getDefaultMessage(), error.unwrap(ConstraintViolation.class));
		}
		// a validator's error without a constraint (none of Crony's): nothing to name
		return FieldProblem.uncoded(field, error.getDefaultMessage());
	}

	/** An error a method's parameter validation gave. */
	static FieldProblem of(String field, ParameterValidationResult result, MessageSourceResolvable error) {
		try {
			return of(field, error.getDefaultMessage(), result.unwrap(error, ConstraintViolation.class));
		}
		catch (IllegalArgumentException ex) {
			// not a constraint of Bean Validation: the message alone says it
			return FieldProblem.uncoded(field, error.getDefaultMessage());
		}
	}

	/** A violation Hibernate Validator found. */
	static FieldProblem of(String field, String message, ConstraintViolation<?> violation) {
		ConstraintDescriptor<?> descriptor = violation.getConstraintDescriptor();
		String constraint = descriptor.getAnnotation().annotationType().getSimpleName();
		Map<String, Object> attributes = descriptor.getAttributes();
		Object value = violation.getInvalidValue();
		return switch (constraint) {
			case "NotNull", "NotBlank", "NotEmpty" -> FieldProblem.required(field, message);
			case "Size" -> (size(value) > number(attributes.get("max")))
					? FieldProblem.of(field, message, FieldErrorCode.TOO_LONG, attributes.get("max"))
					: FieldProblem.of(field, message, FieldErrorCode.TOO_SHORT, attributes.get("min"));
			case "Max", "DecimalMax" ->
				FieldProblem.of(field, message, FieldErrorCode.TOO_LARGE, attributes.get("value"));
			case "Min", "DecimalMin" ->
				FieldProblem.of(field, message, FieldErrorCode.TOO_SMALL, attributes.get("value"));
			case "Positive" -> FieldProblem.of(field, message, FieldErrorCode.TOO_SMALL, 1);
			case "PositiveOrZero" -> FieldProblem.of(field, message, FieldErrorCode.TOO_SMALL, 0);
			case "Pattern" -> FieldProblem.of(field, message, FieldErrorCode.NOT_MATCHING, attributes.get("regexp"));
			case "Email" -> FieldProblem.of(field, message, FieldErrorCode.NOT_AN_EMAIL, value);
			case "PlainName" -> FieldProblem.of(field, message, FieldErrorCode.INVISIBLE_CHARACTERS);
			// a constraint none of Crony's fields carries: the cases above are all it
			// uses
			default -> FieldProblem.uncoded(field, message);
		};
	}

	private static long size(Object value) {
		if (value instanceof CharSequence text) {
			return text.length();
		}
		if (value instanceof Collection<?> collection) {
			return collection.size();
		}
		if (value instanceof Map<?, ?> map) {
			return map.size();
		}
		return 0;
	}

	private static long number(Object value) {
		return (value instanceof Number n) ? n.longValue() : Long.MAX_VALUE;
	}

}
