package io.crony.common.schedule;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;

/**
 * Parses schedule expressions. The dialect is decided by the text: a leading {@code @} is
 * a macro ({@code @daily}, {@code @every 30s}, {@code @at 2026-12-01T10:00:00}), 5 fields
 * are Unix cron (minute first), 6 or 7 fields are Quartz cron (second first, optional
 * year). See {@code docs/schedules.md}.
 */
public final class Schedules {

	private Schedules() {
	}

	/**
	 * Parses any supported dialect.
	 * @param expression the schedule expression
	 * @param zone the zone whose wall clock the expression is read in
	 * @return an immutable, thread-safe schedule
	 * @throws InvalidScheduleException naming the offending field
	 */
	public static Schedule parse(String expression, ZoneId zone) {
		if (zone == null) {
			throw new InvalidScheduleException("timeZone", "timeZone is required, e.g. Europe/Berlin or UTC",
					"REQUIRED", Map.of());
		}
		if (expression == null || expression.isBlank()) {
			throw new InvalidScheduleException("expression", "expression is empty; write e.g. */5 * * * * or @daily",
					"REQUIRED", Map.of());
		}
		String text = expression.trim();
		if (!text.startsWith("@")) {
			return CronParser.parse(text, text, zone);
		}
		String[] words = text.split("\\s+", 2);
		String macro = words[0].toLowerCase(Locale.ROOT);
		String argument = (words.length > 1) ? words[1].trim() : "";
		if (macro.equals("@every")) {
			return new EverySchedule(text, zone, EverySchedule.parseDuration(argument));
		}
		if (macro.equals("@at")) {
			return new AtSchedule(text, zone, AtSchedule.parseInstant(argument, zone));
		}
		String expansion = expansion(macro);
		if (expansion == null || !argument.isEmpty()) {
			throw new InvalidScheduleException("expression", "expression '" + text
					+ "' is not supported; use @yearly, @monthly, @weekly, @daily, @hourly, @every <duration> or @at <date-time>",
					"UNKNOWN_MACRO", Map.of("value", text));
		}
		return CronParser.parse(text, expansion, zone);
	}

	/**
	 * Parses any supported dialect, with the zone as an IANA id.
	 * @param expression the schedule expression
	 * @param zoneId an IANA zone id such as {@code Asia/Shanghai}, or {@code UTC}
	 * @return an immutable, thread-safe schedule
	 * @throws InvalidScheduleException naming the offending field ({@code timeZone} for
	 * an unknown zone)
	 */
	public static Schedule parse(String expression, String zoneId) {
		if (zoneId == null || zoneId.isBlank()) {
			throw new InvalidScheduleException("timeZone", "timeZone is required, e.g. Europe/Berlin or UTC",
					"REQUIRED", Map.of());
		}
		ZoneId zone;
		try {
			zone = ZoneId.of(zoneId.trim());
		}
		catch (DateTimeException ex) {
			throw new InvalidScheduleException("timeZone",
					"timeZone '" + zoneId + "' is not a known IANA time zone id such as Europe/Berlin",
					"UNKNOWN_TIME_ZONE", Map.of("value", zoneId));
		}
		return parse(expression, zone);
	}

	private static String expansion(String macro) {
		return switch (macro) {
			case "@yearly", "@annually" -> "0 0 1 1 *";
			case "@monthly" -> "0 0 1 * *";
			case "@weekly" -> "0 0 * * 0";
			case "@daily", "@midnight" -> "0 0 * * *";
			case "@hourly" -> "0 * * * *";
			default -> null;
		};
	}

}
