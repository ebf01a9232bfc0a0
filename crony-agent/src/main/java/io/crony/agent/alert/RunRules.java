package io.crony.agent.alert;

import io.crony.alert.AlertKind;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AlertPolicy;

/** Which alert a run's final outcome raises under a job's policy. */
final class RunRules {

	private RunRules() {
	}

	/**
	 * @return FAILURE, TIMEOUT, or null when the outcome raises no alert of its own
	 */
	static AlertKind kindOf(AlertPolicy policy, ExecutionStatus status) {
		if (status == ExecutionStatus.TIMED_OUT) {
			if (policy.onTimeout()) {
				return AlertKind.TIMEOUT;
			}
			return policy.onFailure() ? AlertKind.FAILURE : null;
		}
		if (status == ExecutionStatus.FAILED && policy.onFailure()) {
			return AlertKind.FAILURE;
		}
		return null;
	}

	/**
	 * The alert of a run whose shards are known: a shard that timed out raises a timeout
	 * alert under a policy that asks only for those, though the run as a whole FAILED
	 * because other shards failed.
	 * @param timedOutShards how many of the run's shards timed out (0 when it has none)
	 */
	static AlertKind kindOf(AlertPolicy policy, ExecutionStatus status, int timedOutShards) {
		AlertKind kind = kindOf(policy, status);
		if (kind == null && timedOutShards > 0 && status == ExecutionStatus.FAILED && policy.onTimeout()) {
			return AlertKind.TIMEOUT;
		}
		return kind;
	}

	/** Whether the failure-rate rule is passed: enough runs, and too many failed. */
	static boolean rateExceeded(AlertPolicy.FailureRate rule, int runs, int failed) {
		return runs > 0 && runs >= rule.minRuns() && (double) failed / runs > rule.threshold();
	}

	static boolean failed(ExecutionStatus status) {
		return status == ExecutionStatus.FAILED || status == ExecutionStatus.TIMED_OUT;
	}

	/** The rate-limit key of a job's rule. */
	static String key(long jobId, AlertKind kind) {
		return "job:" + jobId + ":" + kind.name();
	}

}
