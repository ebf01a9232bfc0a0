package io.crony.web.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;

/**
 * A name people read in lists, logs and alerts (a job's, an alert channel's, a
 * calendar's): it must show what it is. Control characters, bidirectional overrides and
 * isolates, zero-width and other invisible format characters, line and paragraph
 * separators, and ill-formed UTF-16 (a lone surrogate, stored as {@code ?}) are refused
 * with a 400 naming the field and the character. Checked by {@link PlainNames}, the one
 * rule for every name a user types.
 */
@Documented
@Constraint(validatedBy = PlainNameValidator.class)
@Target({ ElementType.METHOD, ElementType.FIELD, ElementType.ANNOTATION_TYPE, ElementType.CONSTRUCTOR,
		ElementType.PARAMETER, ElementType.TYPE_USE })
@Retention(RetentionPolicy.RUNTIME)
public @interface PlainName {

	String message() default "must not contain control, bidirectional-override, zero-width or invisible characters";

	Class<?>[] groups() default {};

	Class<? extends Payload>[] payload() default {};

}
