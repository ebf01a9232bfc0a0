package io.crony.web.agent;

/**
 * A rebalance request accepted for the leader to carry out.
 *
 * @param requestId the request's id in table cluster_request
 */
record RebalanceResponse(long requestId) {

}
