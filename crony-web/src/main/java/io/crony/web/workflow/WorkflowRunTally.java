package io.crony.web.workflow;

import java.util.List;

import io.crony.common.execution.ExecutionStatus;

/**
 * How a workflow run's runs add up: a run skipped (by the overlap or misfire policy, or
 * because an upstream did not succeed) or missed is a skip, not a failure; the workflow
 * run failed only when a run in it FAILED, TIMED_OUT or was CANCELLED. It is over only
 * when every node of its cycle is: a run not ended yet, or a node with no run yet (a
 * dependent still to fire or be released), keeps it RUNNING.
 *
 * @param succeeded runs that SUCCEEDED
 * @param failed runs that FAILED, TIMED_OUT or were CANCELLED
 * @param skipped runs SKIPPED or MISSED
 * @param toCome nodes not ended yet: runs under way or waiting, and nodes without a run
 */
record WorkflowRunTally(long succeeded, long failed, long skipped, long toCome) {

	static WorkflowRunTally of(List<ExecutionStatus> statuses) {
		return of(statuses, 0);
	}

	/**
	 * @param statuses the runs of the workflow run
	 * @param nodesWithoutRun nodes of its cycle that have no run yet and may still get
	 * one
	 */
	static WorkflowRunTally of(List<ExecutionStatus> statuses, long nodesWithoutRun) {
		long succeeded = 0;
		long failed = 0;
		long skipped = 0;
		long toCome = nodesWithoutRun;
		for (ExecutionStatus status : statuses) {
			switch (status) {
				case SUCCEEDED -> succeeded++;
				case FAILED, TIMED_OUT, CANCELLED -> failed++;
				case SKIPPED, MISSED -> skipped++;
				default -> toCome++;
			}
		}
		return new WorkflowRunTally(succeeded, failed, skipped, toCome);
	}

	/** Whether every node has ended. */
	boolean over() {
		return this.toCome == 0;
	}

	/**
	 * RUNNING while a node has not ended or {@code active} (its workflow run still starts
	 * runs), else FAILED when a run failed, else SUCCEEDED.
	 */
	String status(boolean active) {
		return (active || !over()) ? "RUNNING" : (this.failed > 0) ? "FAILED" : "SUCCEEDED";
	}

}
