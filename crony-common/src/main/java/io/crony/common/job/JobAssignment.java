package io.crony.common.job;

import java.time.Instant;

/**
 * The value under {@code /crony/node/{agentId}/job/{jobId}}: the job an agent must run.
 *
 * @param job the job definition at the version the leader published
 * @param epoch the term of the leader that wrote this assignment (its election revision),
 * so an agent can tell a newer decision from an older one
 * @param assignedAt when the leader wrote it
 */
public record JobAssignment(JobSpec job, long epoch, Instant assignedAt) {

}
