package io.crony.web.alert;

import java.time.Instant;

import io.crony.alert.AlertKind;
import io.crony.alert.AlertStatus;
import io.swagger.v3.oas.annotations.Parameter;

/**
 * Filters of {@code GET /alerts}; absent ones do not filter.
 *
 * @param jobId alerts about this job
 * @param channelId alerts sent (or tried) through this channel
 * @param kind alerts of this kind
 * @param status SENT, FAILED or SUPPRESSED
 * @param from raised at or after this instant (ISO-8601)
 * @param to raised before this instant (ISO-8601)
 */
record AlertFilter(@Parameter(description = "alerts about this job") Long jobId,
		@Parameter(description = "alerts through this channel") Long channelId,
		@Parameter(description = "alerts of this kind") AlertKind kind,
		@Parameter(description = "SENT, FAILED, SUPPRESSED or NO_CHANNEL") AlertStatus status,
		@Parameter(description = "raised at or after (ISO-8601 instant)") Instant from,
		@Parameter(description = "raised before (ISO-8601 instant)") Instant to) {

}
