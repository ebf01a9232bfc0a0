package io.crony.web.cluster.assignment;

/**
 * One assignment to create.
 *
 * @param jobId the job
 * @param version its version
 * @param value the JobAssignment JSON
 */
public record NewAssignment(long jobId, long version, byte[] value) {

}
