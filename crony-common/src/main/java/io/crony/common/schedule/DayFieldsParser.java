package io.crony.common.schedule;

import java.util.BitSet;
import java.util.Locale;
import java.util.Map;

/**
 * Builds the {@link DayRule} from the day-of-month and day-of-week fields of each
 * dialect.
 */
final class DayFieldsParser {

	private static final long ALL_DAYS_OF_MONTH = ((1L << 32) - 1) & ~1L;

	private static final int ALL_DAYS_OF_WEEK = 0x7F;

	private DayFieldsParser() {
	}

	/**
	 * Vixie: when both fields are restricted (neither starts with *), either may match.
	 */
	static DayRule unix(String dayOfMonth, String dayOfWeek) {
		rejectQuartzSyntax(CronField.DAY_OF_MONTH, dayOfMonth);
		rejectQuartzSyntax(CronField.UNIX_DAY_OF_WEEK, dayOfWeek);
		long dom = bits(FieldParser.parse(CronField.DAY_OF_MONTH, dayOfMonth), 0);
		int dow = (int) bits(FieldParser.parse(CronField.UNIX_DAY_OF_WEEK, dayOfWeek), 0);
		boolean either = !dayOfMonth.startsWith("*") && !dayOfWeek.startsWith("*");
		return new DayRule(dom, 0, 0, 0, dow, 0, new int[7], either);
	}

	private static void rejectQuartzSyntax(CronField field, String text) {
		if (text.contains("?")) {
			throw field.coded("'?' is Quartz syntax; use * in a 5-field Unix expression", "CRON_QUARTZ_ONLY", "?");
		}
		for (String item : FieldParser.items(field, text)) {
			String upper = item.toUpperCase(Locale.ROOT);
			boolean special = (field == CronField.DAY_OF_MONTH) ? upper.contains("L") || upper.contains("W")
					: upper.contains("#") || upper.endsWith("L");
			if (special) {
				throw field.coded("'" + item + "' uses L, W or # which only Quartz expressions (6 or 7 fields) support",
						"CRON_QUARTZ_ONLY", item);
			}
		}
	}

	/** Quartz: one of the two fields must be ? or *; the other one rules. */
	static DayRule quartz(String dayOfMonth, String dayOfWeek) {
		boolean anyDayOfMonth = dayOfMonth.equals("?") || dayOfMonth.equals("*");
		boolean anyDayOfWeek = dayOfWeek.equals("?") || dayOfWeek.equals("*");
		if (!anyDayOfMonth && !anyDayOfWeek) {
			throw new InvalidScheduleException("day-of-week",
					"day-of-week and day-of-month are both restricted; use ? in day-of-month or day-of-week",
					"CRON_DAYS_BOTH_RESTRICTED", Map.of());
		}
		long dom = anyDayOfMonth ? ALL_DAYS_OF_MONTH : 0;
		long fromLast = 0;
		long fromLastWeekday = 0;
		long nearest = 0;
		if (!anyDayOfMonth) {
			BitSet plain = new BitSet();
			for (String item : FieldParser.items(CronField.DAY_OF_MONTH, dayOfMonth)) {
				String u = item.toUpperCase(Locale.ROOT);
				if (u.equals("L")) {
					fromLast |= 1;
				}
				else if (u.startsWith("L-")) {
					// L-n: n days before the last day; L-nW: the weekday nearest to it
					// (Quartz)
					boolean weekday = u.endsWith("W");
					String offset = u.substring(2, u.length() - (weekday ? 1 : 0));
					if (!offset.chars().allMatch(Character::isDigit) || offset.isEmpty()) {
						throw CronField.DAY_OF_MONTH.coded(
								"'" + item + "' is not a form Crony reads: L-n (n days before "
										+ "the last day) or L-nW (the weekday nearest to it) take a number n",
								"CRON_LAST_DAY_FORM", item);
					}
					int n = FieldParser.number(CronField.DAY_OF_MONTH, offset, "offset");
					if (n > 30) {
						throw CronField.DAY_OF_MONTH.coded("'" + item + "' offset out of range 0-30",
								"CRON_FIELD_OUT_OF_RANGE",
								Map.of("field", CronField.DAY_OF_MONTH.label, "value", item, "range", "0-30"));
					}
					if (weekday) {
						fromLastWeekday |= 1L << n;
					}
					else {
						fromLast |= 1L << n;
					}
				}
				else if (u.equals("LW")) {
					fromLastWeekday |= 1;
				}
				else if (u.endsWith("W")) {
					nearest |= 1L << FieldParser.value(CronField.DAY_OF_MONTH, u.substring(0, u.length() - 1));
				}
				else {
					FieldParser.parseItem(CronField.DAY_OF_MONTH, u, plain);
				}
			}
			dom = bits(plain, 0);
		}
		int dow = anyDayOfWeek ? ALL_DAYS_OF_WEEK : 0;
		int last = 0;
		int[] nth = new int[7];
		if (!anyDayOfWeek) {
			CronField field = CronField.QUARTZ_DAY_OF_WEEK;
			BitSet plain = new BitSet();
			for (String item : FieldParser.items(field, dayOfWeek)) {
				String u = item.toUpperCase(Locale.ROOT);
				int hash = u.indexOf('#');
				if (hash >= 0) {
					int day = FieldParser.value(field, u.substring(0, hash));
					int k = FieldParser.number(field, u.substring(hash + 1), "occurrence");
					if (k < 1 || k > 5) {
						throw field.coded("'" + item + "' occurrence must be 1-5", "CRON_FIELD_OUT_OF_RANGE",
								Map.of("field", field.label, "value", item, "range", "1-5"));
					}
					nth[day - 1] |= 1 << k;
				}
				else if (u.equals("L")) {
					plain.set(7);
				}
				else if (u.endsWith("L")) {
					last |= 1 << (FieldParser.value(field, u.substring(0, u.length() - 1)) - 1);
				}
				else {
					FieldParser.parseItem(field, u, plain);
				}
			}
			dow = (int) bits(plain, 1);
		}
		return new DayRule(dom, fromLast, fromLastWeekday, nearest, dow, last, nth, false);
	}

	/** The set values as a long mask, each value shifted down by {@code offset}. */
	static long bits(BitSet values, int offset) {
		long mask = 0;
		for (int v = values.nextSetBit(0); v >= 0; v = values.nextSetBit(v + 1)) {
			mask |= 1L << (v - offset);
		}
		return mask;
	}

}
