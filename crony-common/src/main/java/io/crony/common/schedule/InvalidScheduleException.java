package io.crony.common.schedule;

/**
 * A schedule expression or time zone that cannot be used. The message is a sentence a
 * user can act on and names the field; {@link #field()} names it for machines (for the
 * {@code errors} list of an API problem response).
 */
public final class InvalidScheduleException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String field;

	public InvalidScheduleException(String field, String message) {
		super(message);
		this.field = field;
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
