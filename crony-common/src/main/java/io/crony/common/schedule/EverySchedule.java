package io.crony.common.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.Optional;

/**
 * {@code @every <duration>}: a fixed rate in real time, aligned to the Unix epoch (fires
 * at k * period seconds since 1970-01-01T00:00Z), so every agent computes the same
 * instants and DST does not move them.
 */
final class EverySchedule implements Schedule {

	static final long MAX_SECONDS = 366L * 86400;

	private final String expression;

	private final ZoneId zone;

	private final long periodSeconds;

	EverySchedule(String expression, ZoneId zone, long periodSeconds) {
		this.expression = expression;
		this.zone = zone;
		this.periodSeconds = periodSeconds;
	}

	/** Parses Go-style durations made of whole numbers with s, m, h or d (24h): 1h30m. */
	static long parseDuration(String text) {
		if (text.isEmpty()) {
			throw invalid("'@every' needs a duration such as 30s, 5m, 1h30m or 1d", "EVERY_NOT_A_DURATION", "value",
					text);
		}
		if (text.indexOf('.') >= 0) {
			throw notADuration(text);
		}
		long total = 0;
		int i = 0;
		while (i < text.length()) {
			int start = i;
			while (i < text.length() && Character.isDigit(text.charAt(i))) {
				i++;
			}
			if (i == start || i - start > 9 || i == text.length()) {
				throw notADuration(text);
			}
			long amount = Long.parseLong(text.substring(start, i));
			char unit = text.charAt(i++);
			boolean subSecond = (unit == 'm' && i < text.length() && text.charAt(i) == 's') || unit == 'u'
					|| unit == 'n' || unit == 'µ';
			if (subSecond) {
				throw invalid("'@every " + text + "' uses a sub-second unit; the minimum period is 1s", "TOO_SMALL",
						"min", "1s");
			}
			long unitSeconds = switch (unit) {
				case 's' -> 1;
				case 'm' -> 60;
				case 'h' -> 3600;
				case 'd' -> 86400;
				default ->
					throw invalid("'@every " + text + "' has unknown unit '" + unit + "'; use s, m, h or d, e.g. 1h30m",
							"EVERY_NOT_A_DURATION", "value", text);
			};
			total += amount * unitSeconds;
			if (total > MAX_SECONDS) {
				throw invalid("'@every " + text + "' is longer than the maximum period of 366d", "TOO_LARGE", "max",
						"366d");
			}
		}
		if (total < 1) {
			throw invalid("'@every " + text + "' is shorter than the minimum period of 1s", "TOO_SMALL", "min", "1s");
		}
		return total;
	}

	private static InvalidScheduleException notADuration(String text) {
		return invalid("'@every " + text + "' is not a duration; use whole numbers with s, m, h or d, e.g. 1h30m",
				"EVERY_NOT_A_DURATION", "value", text);
	}

	private static InvalidScheduleException invalid(String message, String code, String param, String value) {
		return new InvalidScheduleException("expression", "expression " + message, code, Map.of(param, value));
	}

	@Override
	public Optional<Instant> nextFireAfter(Instant after) {
		long k = Math.floorDiv(after.getEpochSecond(), this.periodSeconds) + 1;
		return Optional.of(Instant.ofEpochSecond(k * this.periodSeconds));
	}

	@Override
	public String expression() {
		return this.expression;
	}

	@Override
	public ZoneId zone() {
		return this.zone;
	}

	@Override
	public String toString() {
		return "EverySchedule[" + this.periodSeconds + "s]";
	}

}
