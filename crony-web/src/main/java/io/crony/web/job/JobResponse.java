package io.crony.web.job;

import java.time.Instant;
import java.util.List;
import java.util.Map;

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
import io.crony.web.error.InvalidRequestException;
import io.crony.web.retention.Retention;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A job as the API shows it: the definition, its bookkeeping, where the leader placed it
 * ({@code agentId}), its latest run ({@code lastExecution}, null before the first; a fire
 * claimed ahead of its instant is not a run yet; once retention dropped the day of its
 * latest fire with no newer row left, that fire as retention kept it, whose run by id is
 * gone), its next fire ({@code nextFireAt}, from its schedule) and whether a live agent
 * holds it ({@code placement}: when none does, why).
 */
record JobResponse(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
		int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
		AssignmentSpec assignment, boolean enabled, long version, Instant createdAt, Instant updatedAt,
		String createdBy,
		@Schema(description = "the agent holding the job; null while none does") @JsonInclude(JsonInclude.Include.ALWAYS) String agentId,
		@Schema(description = "the latest run; null before the first") @JsonInclude(JsonInclude.Include.ALWAYS) LastExecution lastExecution,
		@Schema(description = "the next instant the schedule fires; null when the job is disabled or its schedule fires no more") @JsonInclude(JsonInclude.Include.ALWAYS) Instant nextFireAt,
		AlertPolicy alerts,
		@Schema(description = "whether a live agent holds the job; when none does, why") JobPlacement placement,
		@Schema(description = "the job's own retention; a null field takes the platform default") Retention retention,
		@Schema(description = "the user name answerable for the job; null for a job saved before owners") String owner,
		@Schema(description = "an e-mail address for the job; null when none") String contact,
		@Schema(description = "the job's own labels (not the agent selector)") @JsonInclude(JsonInclude.Include.ALWAYS) Map<String, String> labels,
		@Schema(description = "the business calendar the job follows and how; null when none") @JsonInclude(JsonInclude.Include.ALWAYS) JobRequest.CalendarChoice calendar,
		@Schema(description = "names of the jobs this one waits for, sorted") @JsonInclude(JsonInclude.Include.ALWAYS) List<String> dependsOn,
		@Schema(description = "names of the jobs that wait for this one, sorted") @JsonInclude(JsonInclude.Include.ALWAYS) List<String> dependents) {

	/**
	 * The job as read at {@code now}.
	 * @param row the job row with its latest run
	 * @param now the instant the next fire is counted from
	 * @param placements where the response's jobs are
	 * @param named the job's upstream and dependent names
	 */
	static JobResponse of(JobView row, Instant now, JobPlacements.Reader placements, JobDependencies.Named named) {
		JobSpec spec = CronyJson.fromJson(row.spec, JobSpec.class);
		LastExecution last = (row.lastId != null) ? new LastExecution(row.lastId,
				ExecutionStatus.valueOf(row.lastStatus), row.lastScheduledAt, row.lastFinishedAt) : null;
		JobPlacement placement = placements.of(spec, row.agentId);
		// the row keeps the last agent the leader named until it names another: an agent
		// that left holds nothing
		String holder = (placement.status() == JobPlacement.Status.ASSIGNED) ? row.agentId : null;
		return new JobResponse(row.id, spec.name(), spec.description(), spec.schedule(), spec.timeZone(),
				SecretHeaders.mask(spec.target()), spec.timeoutSeconds(), spec.retry(), spec.misfirePolicy(),
				spec.overlapPolicy(), spec.assignment(), spec.enabled(), row.version, row.createdAt, row.updatedAt,
				row.createdBy, holder, last, nextFire(spec, now), spec.alerts(), placement,
				new Retention(row.retentionDays, row.retentionMaxCount), spec.owner(), spec.contact(), spec.labels(),
				JobRequest.CalendarChoice.of(spec.calendar()), List.copyOf(named.upstreams()),
				List.copyOf(named.dependents()));
	}

	private static Instant nextFire(JobSpec spec, Instant now) {
		if (!spec.enabled() || !spec.hasSchedule()) {
			return null;
		}
		try {
			List<Instant> next = JobSchedules.nextFires(spec.schedule(), spec.timeZone(), spec.calendar(), now, 1);
			return next.isEmpty() ? null : next.get(0);
		}
		catch (InvalidRequestException ex) {
			// saved before a rule got stricter: shown without a next fire, not as an
			// error
			return null;
		}
	}

	/** The job's latest execution, by scheduled time. */
	record LastExecution(long id, ExecutionStatus status, Instant scheduledAt, Instant finishedAt) {
	}

}
