package io.crony.web.api;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;

/** Applies {@link PlainNames} to a field marked {@link PlainName}. */
class PlainNameValidator implements ConstraintValidator<PlainName, String> {

	@Override
	public boolean isValid(String value, ConstraintValidatorContext context) {
		String problem = PlainNames.problem(value);
		if (problem == null) {
			return true;
		}
		context.disableDefaultConstraintViolation();
		// the message is a template: the character's name is plain text, never an
		// expression
		context.buildConstraintViolationWithTemplate(escape(problem)).addConstraintViolation();
		return false;
	}

	private static String escape(String text) {
		return text.replace("\\", "\\\\").replace("{", "\\{").replace("}", "\\}").replace("$", "\\$");
	}

}
