package io.crony.alert;

import java.time.Instant;

/**
 * One alert to send: what happened, about which job and run, and how many like it were
 * held back since the last one went out. {@link AlertText} renders it per channel.
 *
 * @param kind what it is about
 * @param dedupKey alerts with one key are rate limited together ({@code job:7:FAILURE},
 * {@code platform:agent-lost:a1})
 * @param title one line: what happened
 * @param detail more lines (may be null)
 * @param jobId the job, or null for platform alerts
 * @param jobName the job's name, or null
 * @param executionId the run, or null
 * @param agentId the agent that ran it, or the agent concerned; or null
 * @param scheduledAt the run's scheduled time, or null
 * @param attempt the run's last attempt, or null
 * @param error error excerpt, or null
 * @param link where to look in the dashboard
 * @param at when it happened
 * @param suppressed how many alerts with this key were held back since {@code since}
 * @param since when the previous alert with this key went out (null when none)
 */
public record Alert(AlertKind kind, String dedupKey, String title, String detail, Long jobId, String jobName,
		Long executionId, String agentId, Instant scheduledAt, Integer attempt, String error, String link, Instant at,
		int suppressed, Instant since) {

	/** Most characters of an error kept in a message. */
	public static final int ERROR_EXCERPT = 500;

	public Alert {
		if (error != null && error.length() > ERROR_EXCERPT) {
			error = error.substring(0, ERROR_EXCERPT) + "…";
		}
	}

	/** A platform alert (no job, no run). */
	public static Alert platform(AlertKind kind, String dedupKey, String title, String detail, String agentId,
			String link, Instant at) {
		return new Alert(kind, dedupKey, title, detail, null, null, null, agentId, null, null, null, link, at, 0, null);
	}

	/** The same alert, telling how many were held back since the last one. */
	public Alert withSuppressed(int count, Instant previous) {
		return new Alert(this.kind, this.dedupKey, this.title, this.detail, this.jobId, this.jobName, this.executionId,
				this.agentId, this.scheduledAt, this.attempt, this.error, this.link, this.at, count, previous);
	}

}
