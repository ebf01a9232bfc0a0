package io.crony.common.execution;

import java.time.Instant;

/**
 * The value under {@code /crony/once/{agentId}/{executionId}}: run a job the agent holds
 * once, now. The web has already inserted the execution row (status PENDING), so the
 * agent only runs it and records the outcome; it deletes the key when it takes the
 * request.
 *
 * @param executionId the execution row to run
 * @param jobId the job, which the agent must hold
 * @param trigger MANUAL, RETRY, DEPENDENCY or API
 * @param params parameters for the target (the body template's {@code ${params}})
 * @param scheduledAt the instant the execution row was claimed for
 * @param requestedBy who asked (user name), for the record
 */
public record OnceRequest(long executionId, long jobId, TriggerType trigger, String params, Instant scheduledAt,
		String requestedBy) {

}
