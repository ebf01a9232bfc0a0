package io.crony.alert;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * One alert to send: what happened, about which job and run, and how many like it were
 * held back since the last one went out. {@link AlertText} words it per channel, in the
 * channel's language.
 *
 * @param kind what it is about
 * @param dedupKey alerts with one key are rate limited together ({@code job:7:FAILURE},
 * {@code platform:agent-lost:a1})
 * @param facts what happened, as values the text is worded from
 * @param jobId the job, or null for platform alerts
 * @param jobName the job's name, or null
 * @param executionId the run, or null
 * @param agentId the agent that ran it, or the agent concerned; or null
 * @param scheduledAt the run's scheduled time, or null
 * @param attempt the run's last attempt, or null
 * @param error error excerpt, or null
 * @param link where to look in the dashboard
 * @param at when it happened
 * @param zone the zone times are shown in: the job's; UTC for platform alerts and when
 * null
 * @param suppressed how many alerts with this key were held back since {@code since}
 * @param since when the previous alert with this key went out (null when none)
 */
public record Alert(AlertKind kind, String dedupKey, AlertFacts facts, Long jobId, String jobName, Long executionId,
		String agentId, Instant scheduledAt, Integer attempt, String error, String link, Instant at, ZoneId zone,
		int suppressed, Instant since) {

	/** Most characters of an error kept in a message. */
	public static final int ERROR_EXCERPT = 500;

	public Alert {
		if (error != null && error.length() > ERROR_EXCERPT) {
			error = error.substring(0, ERROR_EXCERPT) + "…";
		}
		zone = (zone != null) ? zone : ZoneOffset.UTC;
	}

	/** A platform alert (no job, no run; times in UTC). */
	public static Alert platform(AlertKind kind, String dedupKey, AlertFacts facts, String agentId, String link,
			Instant at) {
		return new Alert(kind, dedupKey, facts, null, null, null, agentId, null, null, null, link, at, null, 0, null);
	}

	/**
	 * The zone of a job's {@code timeZone}; UTC when it has none or one this JVM does not
	 * know (an alert is never lost over how its times are shown).
	 */
	public static ZoneId zoneOf(String timeZone) {
		if (timeZone == null || timeZone.isBlank()) {
			return ZoneOffset.UTC;
		}
		try {
			return ZoneId.of(timeZone);
		}
		catch (java.time.DateTimeException ex) {
			return ZoneOffset.UTC;
		}
	}

	/** The same alert, telling how many were held back since the last one. */
	public Alert withSuppressed(int count, Instant previous) {
		return new Alert(this.kind, this.dedupKey, this.facts, this.jobId, this.jobName, this.executionId, this.agentId,
				this.scheduledAt, this.attempt, this.error, this.link, this.at, this.zone, count, previous);
	}

}
