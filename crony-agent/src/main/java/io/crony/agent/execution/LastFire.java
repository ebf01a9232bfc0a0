package io.crony.agent.execution;

import java.time.Instant;

/**
 * A job's latest scheduled fire that ran, as its misfire policy reads it.
 *
 * @param at its scheduled instant
 * @param agentId the agent of its row: the job's former holder when it is not this agent
 */
public record LastFire(Instant at, String agentId) {

}
