package io.crony.web.job;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.AlertPolicy;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.secret.SecretHeaders;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A job as the API shows it: the definition, its bookkeeping, where the leader placed it
 * ({@code agentId}) and its latest execution ({@code lastExecution}, null before the
 * first run).
 */
record JobResponse(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
		int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
		AssignmentSpec assignment, boolean enabled, long version, Instant createdAt, Instant updatedAt,
		String createdBy,
		@Schema(description = "the agent holding the job; null while none does") @JsonInclude(JsonInclude.Include.ALWAYS) String agentId,
		@Schema(description = "the latest run; null before the first") @JsonInclude(JsonInclude.Include.ALWAYS) LastExecution lastExecution,
		AlertPolicy alerts) {

	static JobResponse of(JobView row) {
		JobSpec spec = CronyJson.fromJson(row.spec, JobSpec.class);
		LastExecution last = (row.lastId != null) ? new LastExecution(row.lastId,
				ExecutionStatus.valueOf(row.lastStatus), row.lastScheduledAt, row.lastFinishedAt) : null;
		return new JobResponse(row.id, spec.name(), spec.description(), spec.schedule(), spec.timeZone(),
				SecretHeaders.mask(spec.target()), spec.timeoutSeconds(), spec.retry(), spec.misfirePolicy(),
				spec.overlapPolicy(), spec.assignment(), spec.enabled(), row.version, row.createdAt, row.updatedAt,
				row.createdBy, row.agentId, last, spec.alerts());
	}

	/** The job's latest execution, by scheduled time. */
	record LastExecution(long id, ExecutionStatus status, Instant scheduledAt, Instant finishedAt) {
	}

}
