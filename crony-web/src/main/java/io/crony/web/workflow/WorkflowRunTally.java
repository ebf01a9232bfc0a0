package io.crony.web.workflow;

import java.util.List;

import io.crony.common.execution.ExecutionStatus;

/**
 * How a workflow run's runs add up: a run skipped (by the overlap or misfire policy, or
 * because an upstream did not succeed) or missed is a skip, not a failure; the workflow
 * run failed only when a run in it FAILED, TIMED_OUT or was CANCELLED.
 *
 * @param succeeded runs that SUCCEEDED
 * @param failed runs that FAILED, TIMED_OUT or were CANCELLED
 * @param skipped runs SKIPPED or MISSED
 */
record WorkflowRunTally(long succeeded, long failed, long skipped) {

	static WorkflowRunTally of(List<ExecutionStatus> statuses) {
		long succeeded = 0;
		long failed = 0;
		long skipped = 0;
		for (ExecutionStatus status : statuses) {
			switch (status) {
				case SUCCEEDED -> succeeded++;
				case FAILED, TIMED_OUT, CANCELLED -> failed++;
				case SKIPPED, MISSED -> skipped++;
				default -> {
				}
			}
		}
		return new WorkflowRunTally(succeeded, failed, skipped);
	}

	/** RUNNING while {@code active}, else FAILED when a run failed, else SUCCEEDED. */
	String status(boolean active) {
		return active ? "RUNNING" : (this.failed > 0) ? "FAILED" : "SUCCEEDED";
	}

}
