package io.crony.alert;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.crony.alert.AlertWording.Line;

/**
 * Renders an alert as people read it (subject and plain text, the same on every channel)
 * in a channel's {@link AlertLanguage}, and as the webhook's JSON body. Every language
 * carries the same facts in the same order; times are shown in the alert's zone (the
 * job's), with the offset and the zone's name.
 */
public final class AlertText {

	private static final DateTimeFormatter SHOWN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss xxx");

	private AlertText() {
	}

	/** One line: what happened. */
	public static String title(Alert alert, AlertLanguage language) {
		return AlertWording.of(language).title(alert);
	}

	public static String subject(Alert alert, AlertLanguage language) {
		return "[Crony] " + title(alert, language);
	}

	public static String text(Alert alert, AlertLanguage language) {
		AlertWording words = AlertWording.of(language);
		StringBuilder text = new StringBuilder(words.title(alert)).append('\n');
		String detail = words.detail(alert);
		if (detail != null && !detail.isBlank()) {
			text.append(detail).append('\n');
		}
		ZoneId zone = alert.zone();
		line(text, words, Line.JOB, (alert.jobName() != null) ? words.job(alert.jobName(), alert.jobId()) : null);
		line(text, words, Line.SCHEDULED_AT, shown(alert.scheduledAt(), zone));
		line(text, words, Line.AGENT, alert.agentId());
		line(text, words, Line.ATTEMPT, (alert.attempt() != null) ? words.attempt(alert.attempt()) : null);
		line(text, words, Line.EXECUTION, (alert.executionId() != null) ? alert.executionId().toString() : null);
		line(text, words, Line.ERROR, alert.error());
		line(text, words, Line.AT, shown(alert.at(), zone));
		if (alert.suppressed() > 0) {
			text.append(words.heldBack(alert.suppressed(), shown(alert.since(), zone))).append('\n');
		}
		line(text, words, Line.DETAILS, alert.link());
		return text.toString();
	}

	/**
	 * The JSON object a WEBHOOK channel receives (nulls left out). Field names,
	 * {@code kind} and the other values are the same in every language, times ISO-8601
	 * UTC; only {@code title}, {@code subject} and {@code text} are in the channel's
	 * language.
	 */
	public static Map<String, Object> json(Alert alert, AlertLanguage language) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("kind", alert.kind().name());
		body.put("language", language.tag());
		body.put("title", title(alert, language));
		body.put("subject", subject(alert, language));
		body.put("text", text(alert, language));
		body.put("jobId", alert.jobId());
		body.put("jobName", alert.jobName());
		body.put("executionId", alert.executionId());
		body.put("agentId", alert.agentId());
		body.put("scheduledAt", iso(alert.scheduledAt()));
		body.put("timeZone", (alert.jobId() != null) ? alert.zone().getId() : null);
		body.put("attempt", alert.attempt());
		body.put("error", alert.error());
		body.put("link", alert.link());
		body.put("at", iso(alert.at()));
		body.put("suppressed", alert.suppressed());
		body.put("suppressedSince", iso(alert.since()));
		body.values().removeIf(Objects::isNull);
		return body;
	}

	/**
	 * An instant as messages show it, in a zone: {@code 2026-11-22 09:00:00 +08:00
	 * (Asia/Shanghai)}, {@code 2026-11-22 01:00:00 +00:00 (UTC)}.
	 */
	static String shown(Instant instant, ZoneId zone) {
		if (instant == null) {
			return null;
		}
		String name = ZoneOffset.UTC.equals(zone) ? "UTC" : zone.getId();
		String at = SHOWN.format(instant.atZone(zone));
		return (zone instanceof ZoneOffset && !ZoneOffset.UTC.equals(zone)) ? at : at + " (" + name + ")";
	}

	private static void line(StringBuilder text, AlertWording words, Line line, String value) {
		if (value != null) {
			text.append(words.label(line)).append(words.separator()).append(value).append('\n');
		}
	}

	private static String iso(Instant instant) {
		return (instant != null) ? DateTimeFormatter.ISO_INSTANT.format(instant) : null;
	}

}
