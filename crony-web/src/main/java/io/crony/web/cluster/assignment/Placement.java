package io.crony.web.cluster.assignment;

/**
 * One assignment key as the leader knows it.
 *
 * @param jobId the job
 * @param agentId the agent whose key holds it
 * @param modRevision the key's mod revision, which guards every change of it
 * @param version the job version the key's spec carries
 */
public record Placement(long jobId, String agentId, long modRevision, long version) {

}
