package io.crony.alert;

import java.time.Instant;

/**
 * One row of the alert history ({@code alert}).
 *
 * @param channelId the channel, null for a SUPPRESSED row (it concerns every channel) and
 * a NO_CHANNEL one
 * @param kind what it is about
 * @param jobId the job, or null
 * @param executionId the run, or null
 * @param agentId the agent concerned, or null
 * @param dedupKey the rate-limit key
 * @param status SENT, FAILED, SUPPRESSED or NO_CHANNEL
 * @param attempts send attempts made (0 when suppressed)
 * @param error the last attempt's error, or null
 * @param subject the subject sent, in the channel's language (English for SUPPRESSED)
 * @param text the text sent (an excerpt), likewise
 * @param createdAt when the alert was raised
 * @param sentAt when the channel took it, or null
 */
public record AlertRecord(Long channelId, AlertKind kind, Long jobId, Long executionId, String agentId, String dedupKey,
		AlertStatus status, int attempts, String error, String subject, String text, Instant createdAt,
		Instant sentAt) {

	static AlertRecord of(Alert alert, Long channelId, AlertLanguage language, AlertStatus status, int attempts,
			String error, Instant createdAt, Instant sentAt) {
		return new AlertRecord(channelId, alert.kind(), alert.jobId(), alert.executionId(), alert.agentId(),
				alert.dedupKey(), status, attempts, error, AlertText.subject(alert, language),
				AlertText.text(alert, language), createdAt, sentAt);
	}

}
