package io.crony.web.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.crony.common.job.AlertPolicy;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.Sharding;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.secret.SecretBox;
import io.crony.common.secret.SecretHeaders;
import io.crony.web.retention.Retention;

/**
 * A stored job as a job file holds it: the request that defines it again (no id, no
 * version, so that importing the file is idempotent by name), defaults left out where
 * leaving them out means the same.
 */
final class JobExports {

	private JobExports() {
	}

	/**
	 * @param headerValue what a stored header value is written as: the mask for a sealed
	 * one in a file, the opened value to compare
	 */
	static JobRequest of(JobSpec spec, Retention retention, UnaryOperator<String> headerValue) {
		return new JobRequest(spec.name(), spec.description(), spec.schedule(), spec.timeZone(),
				target(spec.target(), headerValue), spec.timeoutSeconds(), retry(spec.retry()), spec.misfirePolicy(),
				spec.overlapPolicy(), assignment(spec.assignment()), spec.enabled(), null, alerts(spec.alerts()),
				(retention.days() != null || retention.maxCount() != null) ? retention : null, spec.owner(),
				spec.contact(), spec.labels().isEmpty() ? null : spec.labels(),
				JobRequest.CalendarChoice.of(spec.calendar()));
	}

	/** A sealed value as the API shows it. */
	static String masked(String value) {
		return SecretBox.isSealed(value) ? SecretBox.MASK : value;
	}

	private static JobRequest.TargetRequest target(TargetSpec target, UnaryOperator<String> headerValue) {
		Map<String, String> headers = new LinkedHashMap<>();
		// sealed headers whose names do not say so are marked, so that a value put in
		// place of the mask is sealed as well
		List<String> marked = new ArrayList<>();
		target.headers().forEach((name, value) -> {
			headers.put(name, headerValue.apply(value));
			if (SecretBox.isSealed(value) && !SecretHeaders.isSecretName(name)) {
				marked.add(name);
			}
		});
		return new JobRequest.TargetRequest(target.type(), target.method(), target.url(),
				headers.isEmpty() ? null : headers, target.body(),
				(target.mode() != TargetMode.SYNC) ? target.mode() : null, target.command(),
				target.successCodes().isEmpty() ? null : target.successCodes(), marked.isEmpty() ? null : marked,
				target.instanceChoice(), target.statusUrl(), shards(target.sharding()), shardParams(target.sharding()),
				(target.sharding() != null && target.sharding().broadcast()) ? Boolean.TRUE : null,
				target.progressTimeoutSeconds(),
				(target.sharding() != null) ? target.sharding().timeoutSeconds() : null, null,
				target.env().isEmpty() ? null : target.env());
	}

	private static Integer shards(Sharding sharding) {
		return (sharding != null && !sharding.broadcast()) ? sharding.shards() : null;
	}

	private static List<String> shardParams(Sharding sharding) {
		return (sharding != null && !sharding.params().isEmpty()) ? sharding.params() : null;
	}

	private static JobRequest.RetryRequest retry(RetryPolicy retry) {
		if (retry == null || retry.equals(RetryPolicy.NONE)) {
			return null;
		}
		return new JobRequest.RetryRequest(retry.maxAttempts(), retry.backoff(), retry.backoffSeconds(),
				retry.multiplier(), retry.maxBackoffSeconds(), retry.jitter());
	}

	private static JobRequest.AssignmentRequest assignment(AssignmentSpec assignment) {
		if (assignment == null || assignment.equals(AssignmentSpec.DEFAULT)) {
			return null;
		}
		return new JobRequest.AssignmentRequest(assignment.strategy(),
				assignment.labels().isEmpty() ? null : assignment.labels());
	}

	private static JobRequest.AlertsRequest alerts(AlertPolicy alerts) {
		if (alerts.equals(AlertPolicy.NONE)) {
			return null;
		}
		AlertPolicy.FailureRate rate = alerts.failureRate();
		return new JobRequest.AlertsRequest(alerts.channelIds(), alerts.onFailure(), alerts.onTimeout(), (rate != null)
				? new JobRequest.FailureRateRequest(rate.threshold(), rate.windowMinutes(), rate.minRuns()) : null,
				alerts.onRecovery(), alerts.workflowDeadlineMinutes());
	}

}
