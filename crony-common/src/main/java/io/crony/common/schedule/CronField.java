package io.crony.common.schedule;

import java.util.Map;

/**
 * The fields of a cron expression with their accepted values. {@code cycleMax} is the top
 * of the cycle used by {@code *}, {@code a/n} and wrapping ranges; for Unix day-of-week
 * it is 6 because 7 is only another name for Sunday.
 */
enum CronField {

	SECOND("second", 0, 59, 59, null, 0), MINUTE("minute", 0, 59, 59, null, 0), HOUR("hour", 0, 23, 23, null, 0),
	DAY_OF_MONTH("day-of-month", 1, 31, 31, null, 0), MONTH("month", 1, 12, 12, Names.MONTHS, 1),
	UNIX_DAY_OF_WEEK("day-of-week", 0, 7, 6, Names.DAYS, 0), QUARTZ_DAY_OF_WEEK("day-of-week", 1, 7, 7, Names.DAYS, 1),
	YEAR("year", 1970, 2199, 2199, null, 0);

	final String label;

	final int min;

	final int max;

	final int cycleMax;

	private final String[] names;

	private final int nameBase;

	CronField(String label, int min, int max, int cycleMax, String[] names, int nameBase) {
		this.label = label;
		this.min = min;
		this.max = max;
		this.cycleMax = cycleMax;
		this.names = names;
		this.nameBase = nameBase;
	}

	boolean cyclic() {
		return this != YEAR;
	}

	/** Value of a three-letter name (case-insensitive), or -1. */
	int nameValue(String token) {
		if (this.names != null) {
			for (int i = 0; i < this.names.length; i++) {
				if (this.names[i].equalsIgnoreCase(token)) {
					return i + this.nameBase;
				}
			}
		}
		return -1;
	}

	boolean hasNames() {
		return this.names != null;
	}

	String nameKind() {
		return (this.names == Names.MONTHS) ? "month" : "day";
	}

	String range() {
		return this.min + "-" + this.max;
	}

	/** A problem of the field with a code whose values are the field and the item. */
	InvalidScheduleException coded(String message, String code, String value) {
		return new InvalidScheduleException(this.label, this.label + " " + message, code,
				Map.of("field", this.label, "value", value));
	}

	/** A problem of the field with a code and the values it takes. */
	InvalidScheduleException coded(String message, String code, Map<String, String> params) {
		return new InvalidScheduleException(this.label, this.label + " " + message, code, params);
	}

	InvalidScheduleException error(String message, String code, String value) {
		Map<String, String> params = code.equals("CRON_FIELD_OUT_OF_RANGE")
				? Map.of("field", this.label, "value", value, "range", range())
				: Map.of("field", this.label, "value", value);
		return new InvalidScheduleException(this.label, this.label + " " + message, code, params);
	}

	private static final class Names {

		static final String[] MONTHS = { "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV",
				"DEC" };

		static final String[] DAYS = { "SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT" };

	}

}
