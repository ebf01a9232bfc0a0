package io.crony.agent.execution;

import java.time.Instant;

/**
 * The natural key of a fire, the same as the execution table's unique key.
 *
 * @param jobId the job
 * @param scheduledAt the scheduled instant (millisecond precision)
 */
public record FireKey(long jobId, Instant scheduledAt) {

}
