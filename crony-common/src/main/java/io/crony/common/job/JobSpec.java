package io.crony.common.job;

import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonInclude;

import io.crony.common.calendar.JobCalendar;

/**
 * A job as the agent needs it to fire: what to run, when, and under which policies. This
 * is the value the web leader publishes under an agent's assignment key, and the shape
 * the REST API stores as the job's definition.
 *
 * @param id job id (database key)
 * @param name unique job name
 * @param description free text
 * @param schedule schedule expression in any supported dialect (see
 * {@code io.crony.common.schedule})
 * @param timeZone IANA zone id the schedule is read in
 * @param target what to invoke
 * @param timeoutSeconds per-attempt timeout
 * @param retry retry policy for failed attempts
 * @param misfirePolicy what to do with fire times missed while nobody held the job
 * @param overlapPolicy what to do when a run is due while the previous one still runs
 * @param assignment placement preferences
 * @param enabled whether the job fires
 * @param version definition version, increased by every change
 * @param alerts when runs raise alerts; never null ({@link AlertPolicy#NONE})
 * @param enabledAt when a user last enabled the job after it was disabled; null when it
 * never was. Fires before it are not missed: the job was off by choice.
 * @param owner the user name answerable for the job; null for a job saved before owners
 * @param contact an e-mail address for the job; null when none is given
 * @param labels the job's own {@code key=value} labels (in {@link Labels} syntax), for
 * finding jobs; never null. Not the agent selector: that is {@code assignment.labels}.
 * @param calendar the business calendar the fires follow, whole; null when the job
 * follows none
 * @param dependsOn the ids of the jobs this one waits for (its upstreams), ascending;
 * never null. A job with upstreams has its fires released by the web leader, and may have
 * no schedule of its own (an empty one): it then runs when its upstreams succeed.
 */
public record JobSpec(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
		int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
		AssignmentSpec assignment, boolean enabled, long version, AlertPolicy alerts, Instant enabledAt, String owner,
		String contact, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> labels,
		@JsonInclude(JsonInclude.Include.NON_NULL) JobCalendar calendar,
		@JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> dependsOn) {

	public JobSpec {
		alerts = (alerts != null) ? alerts : AlertPolicy.NONE;
		dependsOn = (dependsOn == null || dependsOn.isEmpty()) ? List.of()
				: dependsOn.stream().distinct().sorted().toList();
		// sorted, so that two specs with the same labels read and compare the same
		labels = (labels == null || labels.isEmpty()) ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(labels));
	}

	/** A job without upstreams. */
	public JobSpec(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
			int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentSpec assignment, boolean enabled, long version, AlertPolicy alerts, Instant enabledAt,
			String owner, String contact, Map<String, String> labels, JobCalendar calendar) {
		this(id, name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, enabledAt, owner, contact, labels, calendar, null);
	}

	/** A job that follows no business calendar. */
	public JobSpec(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
			int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentSpec assignment, boolean enabled, long version, AlertPolicy alerts, Instant enabledAt,
			String owner, String contact, Map<String, String> labels) {
		this(id, name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, enabledAt, owner, contact, labels, null);
	}

	/** A job without owner, contact or labels. */
	public JobSpec(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
			int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentSpec assignment, boolean enabled, long version, AlertPolicy alerts, Instant enabledAt) {
		this(id, name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, enabledAt, null, null, null);
	}

	/** A job never disabled and enabled again. */
	public JobSpec(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
			int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentSpec assignment, boolean enabled, long version, AlertPolicy alerts) {
		this(id, name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, alerts, null);
	}

	/** A job without alerts. */
	public JobSpec(long id, String name, String description, String schedule, String timeZone, TargetSpec target,
			int timeoutSeconds, RetryPolicy retry, MisfirePolicy misfirePolicy, OverlapPolicy overlapPolicy,
			AssignmentSpec assignment, boolean enabled, long version) {
		this(id, name, description, schedule, timeZone, target, timeoutSeconds, retry, misfirePolicy, overlapPolicy,
				assignment, enabled, version, AlertPolicy.NONE);
	}

	public JobSpec withIdAndVersion(long newId, long newVersion) {
		return new JobSpec(newId, this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				newVersion, this.alerts, this.enabledAt, this.owner, this.contact, this.labels, this.calendar,
				this.dependsOn);
	}

	/** The same definition with another target. */
	public JobSpec withTarget(TargetSpec newTarget) {
		return new JobSpec(this.id, this.name, this.description, this.schedule, this.timeZone, newTarget,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				this.version, this.alerts, this.enabledAt, this.owner, this.contact, this.labels, this.calendar,
				this.dependsOn);
	}

	/**
	 * The same definition, enabled or not, at another version; enabling a disabled job
	 * notes when.
	 */
	public JobSpec withEnabled(boolean nowEnabled, long newVersion, Instant at) {
		return new JobSpec(this.id, this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, nowEnabled,
				newVersion, this.alerts, (nowEnabled && !this.enabled) ? at : this.enabledAt, this.owner, this.contact,
				this.labels, this.calendar, this.dependsOn);
	}

	/**
	 * This definition (a new one, as a request makes it) with the enabling time its
	 * stored predecessor {@code before} had, or {@code at} when it enables that disabled
	 * job.
	 */
	public JobSpec enabledSince(JobSpec before, Instant at) {
		Instant since = (this.enabled && !before.enabled) ? at : before.enabledAt;
		return new JobSpec(this.id, this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				this.version, this.alerts, since, this.owner, this.contact, this.labels, this.calendar, this.dependsOn);
	}

	/** The same definition following another calendar (null: none). */
	public JobSpec withCalendar(JobCalendar newCalendar) {
		return new JobSpec(this.id, this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				this.version, this.alerts, this.enabledAt, this.owner, this.contact, this.labels, newCalendar,
				this.dependsOn);
	}

	/** The same definition waiting for other upstreams (ids; empty: none). */
	public JobSpec withDependsOn(List<Long> upstreams) {
		return new JobSpec(this.id, this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				this.version, this.alerts, this.enabledAt, this.owner, this.contact, this.labels, this.calendar,
				upstreams);
	}

	/**
	 * Whether the job waits for upstream jobs: its fires are released by the web leader.
	 */
	public boolean hasUpstreams() {
		return !this.dependsOn.isEmpty();
	}

	/** Whether the job has a schedule of its own (a job with upstreams may have none). */
	public boolean hasSchedule() {
		return this.schedule != null && !this.schedule.isBlank();
	}

	/** The same definition with owner, contact and labels. */
	public JobSpec withOwnership(String newOwner, String newContact, Map<String, String> newLabels) {
		return new JobSpec(this.id, this.name, this.description, this.schedule, this.timeZone, this.target,
				this.timeoutSeconds, this.retry, this.misfirePolicy, this.overlapPolicy, this.assignment, this.enabled,
				this.version, this.alerts, this.enabledAt, newOwner, newContact, newLabels, this.calendar,
				this.dependsOn);
	}

}
