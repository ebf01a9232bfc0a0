package io.crony.common.template;

/**
 * A template that cannot be read: the message says what is wrong and quotes the
 * placeholder, e.g. {@code unknown unit 'q' in ${yyyyMMdd,-1q}}.
 */
public final class TemplateException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	TemplateException(String message) {
		super(message);
	}

}
