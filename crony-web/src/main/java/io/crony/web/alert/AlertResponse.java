package io.crony.web.alert;

import java.time.Instant;

import io.crony.alert.AlertKind;
import io.crony.alert.AlertStatus;

/** One alert of the history. {@code channelId} is null for a SUPPRESSED alert. */
record AlertResponse(long id, Long channelId, AlertKind kind, Long jobId, Long executionId, String agentId,
		String dedupKey, AlertStatus status, int attempts, String error, String subject, String text, Instant createdAt,
		Instant sentAt) {

	static AlertResponse of(AlertEntity row) {
		return new AlertResponse(row.id, row.channelId, AlertKind.valueOf(row.kind), row.jobId, row.executionId,
				row.agentId, row.dedupKey, AlertStatus.valueOf(row.status), (row.attempts != null) ? row.attempts : 0,
				row.error, row.subject, row.text, row.createdAt, row.sentAt);
	}

}
