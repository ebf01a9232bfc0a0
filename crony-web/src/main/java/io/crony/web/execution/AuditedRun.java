package io.crony.web.execution;

/**
 * A manual run or a cancel as the audit log records it, on the job's history.
 *
 * @param executionId the execution requested or cancelled
 * @param agentId the agent asked to run or stop it
 * @param params the run's parameters, if any
 * @param outcome of a cancel: CANCELLED or KILL_REQUESTED
 */
record AuditedRun(long executionId, String agentId, String params, String outcome) {

}
