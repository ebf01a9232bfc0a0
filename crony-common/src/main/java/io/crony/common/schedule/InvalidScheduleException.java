package io.crony.common.schedule;

import java.util.Map;
import java.util.Objects;

/**
 * A schedule expression or time zone that cannot be used. The message is a sentence a
 * user can act on and names the field; {@link #field()} names it for machines (for the
 * {@code errors} list of an API problem response).
 */
public final class InvalidScheduleException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String field;

	private final String code;

	private final transient Map<String, String> params;

	/**
	 * @param code what is wrong as a stable code the web answers beside the message
	 * ({@code CRON_FIELD_OUT_OF_RANGE}); every rule has one, so that no schedule error
	 * reaches a reader only in English
	 * @param params the code's values by name
	 */
	public InvalidScheduleException(String field, String message, String code, Map<String, String> params) {
		super(message);
		this.field = field;
		this.code = Objects.requireNonNull(code, "code");
		this.params = Map.copyOf(params);
	}

	/**
	 * The stable code of what is wrong.
	 * @return the code
	 */
	public String code() {
		return this.code;
	}

	/**
	 * The code's values by name.
	 * @return the values
	 */
	public Map<String, String> params() {
		return this.params;
	}

	/**
	 * The offending part: {@code second}, {@code minute}, {@code hour},
	 * {@code day-of-month}, {@code month}, {@code day-of-week}, {@code year},
	 * {@code expression} or {@code timeZone}.
	 * @return the field name
	 */
	public String field() {
		return this.field;
	}

}
