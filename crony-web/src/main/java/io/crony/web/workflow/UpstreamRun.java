package io.crony.web.workflow;

import java.time.Instant;

import io.crony.common.execution.ExecutionStatus;

/**
 * A run of an upstream job, as the gate reads it.
 *
 * @param id execution id
 * @param jobId the upstream job
 * @param status its status
 * @param scheduledAt its instant
 * @param finishedAt when it ended; null while it has not
 * @param rootId the first run of the workflow run it belongs to; null when it is one
 * @param params its parameters
 */
record UpstreamRun(long id, long jobId, ExecutionStatus status, Instant scheduledAt, Instant finishedAt, Long rootId,
		String params) {

	/** The root a run released by this one belongs to. */
	long rootOfReleased() {
		return (this.rootId != null) ? this.rootId : this.id;
	}

	/** Whether this run ended in a way that stops its dependents. */
	boolean failed() {
		return this.status == ExecutionStatus.FAILED || this.status == ExecutionStatus.TIMED_OUT;
	}

}
