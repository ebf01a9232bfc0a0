package io.crony.sdk.spring;

import java.time.Instant;

import io.crony.sdk.Execution;

/**
 * One attempt of a run as the agent handed it over, over HTTP or gRPC.
 *
 * @param execution the run's id and report token
 * @param jobId the job's id
 * @param jobName the job's name
 * @param handler the handler the run is routed to
 * @param scheduledAt when the run was due, or {@code null}
 * @param attempt 1 for the first attempt
 * @param trigger CRON, MANUAL, RETRY, DEPENDENCY, MISFIRE or API
 * @param params the run's params as sent, never {@code null}
 * @param resumePayload the payload an earlier attempt last reported, or {@code null}
 * @param deadline when the run times out, or {@code null}
 */
record JobRequest(Execution execution, long jobId, String jobName, String handler, Instant scheduledAt, int attempt,
		String trigger, String params, String resumePayload, Instant deadline) {

}
