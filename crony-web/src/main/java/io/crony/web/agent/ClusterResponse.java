package io.crony.web.agent;

/**
 * The cluster at a glance.
 *
 * @param leaderId instance id of the web leader, null while there is none
 * @param agentsAlive agents whose etcd key is alive
 * @param jobsAssigned enabled jobs placed on an agent
 * @param jobsUnassigned enabled jobs no agent holds (none matches, or none is alive)
 */
record ClusterResponse(String leaderId, int agentsAlive, long jobsAssigned, long jobsUnassigned) {

}
