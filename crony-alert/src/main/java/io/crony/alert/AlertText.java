package io.crony.alert;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Renders an alert as people read it (subject and plain text, the same on every channel)
 * and as the webhook's JSON body.
 */
public final class AlertText {

	private AlertText() {
	}

	public static String subject(Alert alert) {
		return "[Crony] " + alert.title();
	}

	public static String text(Alert alert) {
		StringBuilder text = new StringBuilder(alert.title()).append('\n');
		if (alert.detail() != null && !alert.detail().isBlank()) {
			text.append(alert.detail()).append('\n');
		}
		line(text, "Job", (alert.jobName() != null) ? alert.jobName() + " (id " + alert.jobId() + ")" : null);
		line(text, "Scheduled at", time(alert.scheduledAt()));
		line(text, "Agent", alert.agentId());
		line(text, "Attempt", (alert.attempt() != null) ? alert.attempt().toString() : null);
		line(text, "Execution", (alert.executionId() != null) ? alert.executionId().toString() : null);
		line(text, "Error", alert.error());
		line(text, "At", time(alert.at()));
		if (alert.suppressed() > 0) {
			text.append(alert.suppressed())
				.append(" more ")
				.append((alert.suppressed() == 1) ? "alert" : "alerts")
				.append(" like this since ")
				.append(time(alert.since()))
				.append(" were held back.\n");
		}
		line(text, "Details", alert.link());
		return text.toString();
	}

	/** The JSON object a WEBHOOK channel receives (nulls left out). */
	public static Map<String, Object> json(Alert alert) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("kind", alert.kind().name());
		body.put("subject", subject(alert));
		body.put("text", text(alert));
		body.put("jobId", alert.jobId());
		body.put("jobName", alert.jobName());
		body.put("executionId", alert.executionId());
		body.put("agentId", alert.agentId());
		body.put("scheduledAt", time(alert.scheduledAt()));
		body.put("attempt", alert.attempt());
		body.put("error", alert.error());
		body.put("link", alert.link());
		body.put("at", time(alert.at()));
		body.put("suppressed", alert.suppressed());
		body.put("suppressedSince", time(alert.since()));
		body.values().removeIf(java.util.Objects::isNull);
		return body;
	}

	private static void line(StringBuilder text, String label, String value) {
		if (value != null) {
			text.append(label).append(": ").append(value).append('\n');
		}
	}

	private static String time(Instant instant) {
		return (instant != null) ? DateTimeFormatter.ISO_INSTANT.format(instant) : null;
	}

}
