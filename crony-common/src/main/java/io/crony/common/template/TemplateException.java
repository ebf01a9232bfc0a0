package io.crony.common.template;

/**
 * A template that cannot be read: the message says what is wrong and quotes the
 * placeholder, e.g. {@code unknown unit 'q' in ${yyyyMMdd,-1q}}.
 */
public final class TemplateException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String placeholder;

	TemplateException(String message) {
		this(message, null);
	}

	TemplateException(String message, String placeholder) {
		super(message);
		this.placeholder = placeholder;
	}

	/**
	 * The placeholder that cannot be read as written ({@code ${yyyyMMdd,-1q}}, or the
	 * start of an unclosed one); null when the template reads and only a run's value is
	 * missing (an upstream's output).
	 * @return the placeholder, or null
	 */
	public String placeholder() {
		return this.placeholder;
	}

	/** The same failure, naming the placeholder it is about. */
	TemplateException in(String whole) {
		return new TemplateException(getMessage(), whole);
	}

}
