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
 * @param shardIndex this call's shard of a sharded or broadcast fire, from 0; 0 when not
 * sharded
 * @param shardTotal how many shards the fire made; 0 when the call is not sharded
 * @param shardParams this shard's parameters as the job lists them, or {@code null}
 */
record JobRequest(Execution execution, long jobId, String jobName, String handler, Instant scheduledAt, int attempt,
		String trigger, String params, String resumePayload, Instant deadline, int shardIndex, int shardTotal,
		String shardParams) {

	/**
	 * Checks the shard fields as the contract bounds them, so a handler can trust them.
	 * @throws IllegalArgumentException naming what is wrong
	 */
	JobRequest {
		if (shardTotal < 0) {
			throw new IllegalArgumentException("shard total " + shardTotal + " is negative");
		}
		if (shardTotal == 0 && (shardIndex != 0 || shardParams != null)) {
			throw new IllegalArgumentException("shard index or params given without a shard total");
		}
		if (shardTotal > 0 && (shardIndex < 0 || shardIndex >= shardTotal)) {
			throw new IllegalArgumentException("shard index " + shardIndex + " is not in [0, " + shardTotal + ")");
		}
	}

	/** A run that is not sharded. */
	JobRequest(Execution execution, long jobId, String jobName, String handler, Instant scheduledAt, int attempt,
			String trigger, String params, String resumePayload, Instant deadline) {
		this(execution, jobId, jobName, handler, scheduledAt, attempt, trigger, params, resumePayload, deadline, 0, 0,
				null);
	}

}
