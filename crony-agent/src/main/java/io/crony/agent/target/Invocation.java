package io.crony.agent.target;

import java.time.Instant;

import io.crony.common.job.JobSpec;

/**
 * One attempt of a run, as a target sees it.
 *
 * @param job the job
 * @param executionId the execution row's id (0 when it was claimed while the database was
 * unreachable)
 * @param scheduledAt the fire's scheduled instant
 * @param params run parameters, may be null
 * @param attempt attempt number, from 1
 */
public record Invocation(JobSpec job, long executionId, Instant scheduledAt, String params, int attempt) {

	/**
	 * Fills {@code ${executionId}}, {@code ${scheduledAt}} and {@code ${params}} in a
	 * template.
	 */
	public String render(String template) {
		if (template == null) {
			return null;
		}
		return template.replace("${executionId}", Long.toString(this.executionId))
			.replace("${scheduledAt}", this.scheduledAt.toString())
			.replace("${params}", (this.params != null) ? this.params : "");
	}

}
