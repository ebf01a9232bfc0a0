package io.crony.common.schedule;

import java.util.BitSet;
import java.util.Map;

/**
 * Parses the syntax shared by every cron field: {@code *}, {@code a}, {@code a-b},
 * {@code a-b/n}, {@code * /n}, {@code a/n} and comma lists, with names where the field
 * has them. A reversed range ({@code 22-2}, {@code FRI-MON}) wraps around the field's
 * cycle; steps count along the wrapped sequence. Values are in the field's own numbering.
 */
final class FieldParser {

	private FieldParser() {
	}

	static BitSet parse(CronField field, String text) {
		BitSet values = new BitSet();
		for (String item : items(field, text)) {
			parseItem(field, item, values);
		}
		return values;
	}

	static String[] items(CronField field, String text) {
		if (text.isEmpty() || text.startsWith(",") || text.endsWith(",") || text.contains(",,")) {
			throw field.coded("'" + text + "' has an empty list item", "CRON_EMPTY_ITEM", text);
		}
		return text.split(",");
	}

	static void parseItem(CronField field, String item, BitSet out) {
		if (item.equals("?")) {
			throw field.coded("'?' is only allowed in day-of-month or day-of-week of a Quartz expression",
					"CRON_QUESTION_MARK_MISPLACED", Map.of("field", field.label));
		}
		int slash = item.indexOf('/');
		String rangeText = (slash < 0) ? item : item.substring(0, slash);
		int step = 1;
		if (slash >= 0) {
			step = number(field, item.substring(slash + 1), "step");
			if (step == 0) {
				throw field.coded("step 0 in '" + item + "' must be at least 1", "CRON_STEP_ZERO", item);
			}
		}
		int from;
		int to;
		if (rangeText.equals("*")) {
			from = field.min;
			to = field.cycleMax;
		}
		else {
			int dash = rangeText.indexOf('-', 1);
			from = value(field, (dash < 0) ? rangeText : rangeText.substring(0, dash));
			if (dash >= 0) {
				to = value(field, rangeText.substring(dash + 1));
			}
			else {
				to = (slash >= 0) ? field.cycleMax : from;
			}
			if (field == CronField.UNIX_DAY_OF_WEEK) {
				// 7 is Sunday again: 0-7 is the whole week, 1-7 is MON-SUN, 5-7 is
				// FRI-SUN.
				if (from == 0 && to == 7) {
					to = 6;
				}
				else {
					from = from % 7;
					to = to % 7;
				}
			}
		}
		addSequence(field, item, from, to, step, out);
	}

	private static void addSequence(CronField field, String item, int from, int to, int step, BitSet out) {
		int length = to - from + 1;
		if (from > to) {
			if (!field.cyclic()) {
				throw field.coded("range '" + item + "' is reversed; write the lower value first",
						"CRON_RANGE_REVERSED", item);
			}
			length = (field.cycleMax - from + 1) + (to - field.min + 1);
		}
		int cycle = field.cycleMax - field.min + 1;
		for (int i = 0; i < length; i += step) {
			int v = from + i;
			out.set((v > field.cycleMax) ? v - cycle : v);
		}
	}

	/** A value by number or name, checked against the field's range. */
	static int value(CronField field, String token) {
		if (token.isEmpty()) {
			throw field.coded("has an empty value", "CRON_EMPTY_VALUE", Map.of("field", field.label));
		}
		if (!Character.isDigit(token.charAt(0)) && field.hasNames()) {
			int v = field.nameValue(token);
			if (v < 0) {
				throw field.coded("'" + token + "' is not a " + field.nameKind() + " name", "CRON_NOT_A_NAME", token);
			}
			return v;
		}
		int v = number(field, token, "value");
		if (v < field.min || v > field.max) {
			throw field.error(v + " out of range " + field.range(), "CRON_FIELD_OUT_OF_RANGE", String.valueOf(v));
		}
		return v;
	}

	static int number(CronField field, String token, String what) {
		if (token.isEmpty() || token.length() > 6) {
			throw field.error("'" + token + "' is not a valid " + what, "CRON_FIELD_NOT_A_NUMBER", token);
		}
		int v = 0;
		for (int i = 0; i < token.length(); i++) {
			char c = token.charAt(i);
			if (c < '0' || c > '9') {
				throw field.error("'" + token + "' is not a number", "CRON_FIELD_NOT_A_NUMBER", token);
			}
			v = v * 10 + (c - '0');
		}
		return v;
	}

}
