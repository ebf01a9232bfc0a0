package io.crony.common.job;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * When a job's runs raise alerts, and to which channels. The agent that ran a run applies
 * it; deduplication and rate limits are the same for every job (see docs/alerts.md).
 *
 * @param channelIds alert channels to notify (ids of {@code alert_channel} rows)
 * @param onFailure alert when a run ends FAILED after its last attempt (also TIMED_OUT
 * when {@code onTimeout} is off)
 * @param onTimeout alert when a run ends TIMED_OUT after its last attempt
 * @param failureRate alert when too many runs failed over a window; null means never
 * @param onRecovery tell once when a job that raised a failure alert succeeds again
 * @param workflowDeadlineMinutes alert when, this many minutes after an instant of the
 * job's schedule, the job and every job that depends on it (transitively) have not all
 * succeeded since that instant (docs/workflows.md); null means never. Kept by the web
 * leader, not the agent.
 */
public record AlertPolicy(List<Long> channelIds, boolean onFailure, boolean onTimeout, FailureRate failureRate,
		boolean onRecovery, @JsonInclude(JsonInclude.Include.NON_NULL) Integer workflowDeadlineMinutes) {

	/** No alerts. */
	public static final AlertPolicy NONE = new AlertPolicy(List.of(), false, false, null, false);

	public AlertPolicy {
		channelIds = (channelIds != null) ? List.copyOf(channelIds) : List.of();
	}

	/** A policy without a workflow deadline. */
	public AlertPolicy(List<Long> channelIds, boolean onFailure, boolean onTimeout, FailureRate failureRate,
			boolean onRecovery) {
		this(channelIds, onFailure, onTimeout, failureRate, onRecovery, null);
	}

	/** Whether any rule may raise an alert at all. */
	public boolean active() {
		return !this.channelIds.isEmpty() && (this.onFailure || this.onTimeout || this.failureRate != null
				|| this.workflowDeadlineMinutes != null);
	}

	/**
	 * The failure-rate rule: alert when, over the last {@code windowMinutes}, at least
	 * {@code minRuns} runs finished and more than {@code threshold} of them failed.
	 *
	 * @param threshold failed share that raises the alert, 0 to 1
	 * @param windowMinutes how far back runs count
	 * @param minRuns fewest runs in the window before the rule judges at all
	 */
	public record FailureRate(double threshold, int windowMinutes, int minRuns) {

	}

}
