package io.crony.web.cluster.leader;

import io.crony.common.job.AssignmentSpec;

/**
 * What the leader keeps in memory about one job row: enough to place it and to see that
 * it changed. The full spec is read from MySQL only when an assignment must be written.
 *
 * @param id job id
 * @param version definition version
 * @param enabled whether the job must be assigned
 * @param assignment the job's placement preferences
 */
record PlaceableJob(long id, long version, boolean enabled, AssignmentSpec assignment) {

}
