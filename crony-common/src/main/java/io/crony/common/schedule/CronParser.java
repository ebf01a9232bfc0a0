package io.crony.common.schedule;

import java.util.Map;

import java.time.ZoneId;
import java.util.BitSet;

/**
 * Parses 5-field Unix (Vixie) and 6/7-field Quartz expressions into a
 * {@link CronSchedule}.
 */
final class CronParser {

	private CronParser() {
	}

	static Schedule parse(String expression, String fieldText, ZoneId zone) {
		String[] f = fieldText.trim().split("\\s+");
		return switch (f.length) {
			case 5 -> unix(expression, f, zone);
			case 6, 7 -> quartz(expression, f, zone);
			default -> throw new InvalidScheduleException("expression",
					"expected 5 fields (Unix), 6 or 7 (Quartz), got " + f.length, "CRON_FIELD_COUNT",
					Map.of("count", String.valueOf(f.length)));
		};
	}

	private static Schedule unix(String expression, String[] f, ZoneId zone) {
		long minutes = mask(CronField.MINUTE, f[0]);
		long hours = mask(CronField.HOUR, f[1]);
		DayRule days = DayFieldsParser.unix(f[2], f[4]);
		long months = mask(CronField.MONTH, f[3]);
		return new CronSchedule(expression, zone, new LocalCron(1L, minutes, hours, months, days, null),
				fixedHour(f[1]));
	}

	private static Schedule quartz(String expression, String[] f, ZoneId zone) {
		long seconds = mask(CronField.SECOND, f[0]);
		long minutes = mask(CronField.MINUTE, f[1]);
		long hours = mask(CronField.HOUR, f[2]);
		DayRule days = DayFieldsParser.quartz(f[3], f[5]);
		long months = mask(CronField.MONTH, f[4]);
		BitSet years = (f.length == 7) ? FieldParser.parse(CronField.YEAR, f[6]) : null;
		return new CronSchedule(expression, zone, new LocalCron(seconds, minutes, hours, months, days, years),
				fixedHour(f[2]));
	}

	/** A fixed hour (no * and no step) fires once in a fall-back overlap. */
	private static boolean fixedHour(String hourField) {
		return hourField.indexOf('*') < 0 && hourField.indexOf('/') < 0;
	}

	private static long mask(CronField field, String text) {
		return DayFieldsParser.bits(FieldParser.parse(field, text), 0);
	}

}
