package io.crony.agent.lease;

import java.time.Instant;

/**
 * The move that brought a job to this agent, as the web leader wrote it in the job's
 * assignment value ({@code JobAssignment.formerHolder}).
 *
 * @param formerHolder the agent the job moved from
 * @param movedAt when the leader wrote the move, by its clock, null when the value does
 * not say: the former holder's fence had closed a fencing margin before its lease
 * expired, before this, so it ran no instant after it
 */
public record Handover(String formerHolder, Instant movedAt) {

}
