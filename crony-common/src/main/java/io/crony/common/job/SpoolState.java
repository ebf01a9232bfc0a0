package io.crony.common.job;

import java.time.Instant;

/**
 * The value under {@code /crony/spool/{agentId}}: the agent's spool while it holds
 * records the database has not taken (the database is away for this agent), under the
 * agent's lease. The agent puts it when the spool begins to hold records, when it becomes
 * full or has room again, and every few seconds while its size changes; it deletes it
 * once the spool is empty. The web leader raises {@code SPOOL_FULL} and
 * {@code SPOOL_DRAINED} from it, since the agent's own alert channels live in the
 * database it cannot reach.
 *
 * @param bytes the spool's size on disk
 * @param maxBytes its bound ({@code crony.agent.spool-max-size})
 * @param full whether it reached its bound, so that no fire is claimed
 * @param since when the spool began to hold records
 * @param at when this state was read
 */
public record SpoolState(long bytes, long maxBytes, boolean full, Instant since, Instant at) {

}
