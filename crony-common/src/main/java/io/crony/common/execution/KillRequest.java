package io.crony.common.execution;

import java.time.Instant;

/**
 * The value under {@code /crony/kill/{agentId}/{executionId}} (short lease): cancel a
 * running execution.
 *
 * @param executionId the execution to cancel
 * @param requestedBy who asked
 * @param requestedAt when
 */
public record KillRequest(long executionId, String requestedBy, Instant requestedAt) {

}
