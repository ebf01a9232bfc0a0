package io.crony.web.job;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

import io.crony.common.calendar.CalendarRule;
import io.crony.common.calendar.JobCalendar;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Departments;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.retention.Retention;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The job store. Every write rewrites {@code spec} (the definition with the row's id, new
 * version and current enabled flag), increases {@code version} and sets
 * {@code updated_at}: the leader publishes {@code spec} to etcd as it is.
 */
@Service
class JobService {

	private static final Logger log = LoggerFactory.getLogger(JobService.class);

	/** As {@link JobRequest#labels()} allows. */
	static final int MAX_LABELS = 32;

	private final JobMapper jobs;

	private final JobWrites writes;

	private final JobRules rules;

	private final JobPlacements placements;

	private final AuditLog audit;

	private final JobDependencies dependencies;

	JobService(JobMapper jobs, JobWrites writes, JobRules rules, JobPlacements placements, AuditLog audit,
			JobDependencies dependencies) {
		this.jobs = jobs;
		this.writes = writes;
		this.rules = rules;
		this.placements = placements;
		this.audit = audit;
		this.dependencies = dependencies;
	}

	PageResponse<JobResponse> list(JobFilter filter, Paging paging) {
		Instant now = Instant.now();
		Map<String, String> labels = filter.labels();
		long total = count(filter, labels, null, now);
		List<JobView> rows = (total > paging.offset()) ? find(filter, labels, null, now, paging.size(), paging.offset())
				: List.of();
		JobPlacements.Reader placed = this.placements.reader();
		Map<Long, JobDependencies.Named> named = this.dependencies.named(rows.stream().map((row) -> row.id).toList());
		return PageResponse.of(rows.stream()
			.map((row) -> JobResponse.of(row, now, placed, named.getOrDefault(row.id, JobDependencies.Named.NONE)))
			.toList(), total, paging);
	}

	/**
	 * The jobs the list would show for this filter (all pages), or only those of these
	 * ids among them, newest first; for an export.
	 * @param ids the jobs wanted, null for every job the filter matches
	 * @param limit the most jobs taken
	 * @throws InvalidRequestException naming {@code id} (pick fewer) when more match
	 */
	List<JobView> listAll(JobFilter filter, Collection<Long> ids, int limit) {
		Instant now = Instant.now();
		Map<String, String> labels = filter.labels();
		long total = count(filter, labels, ids, now);
		if (total > limit) {
			throw InvalidRequestException.of(FieldProblem.of("id", total + " jobs match; at most " + limit
					+ " are exported at once (crony.web.jobs.bulk-limit): narrow the filters or pick jobs by id",
					FieldErrorCode.TOO_MANY, limit, total));
		}
		return (total > 0) ? find(filter, labels, ids, now, limit, 0) : List.of();
	}

	private long count(JobFilter filter, Map<String, String> labels, Collection<Long> ids, Instant now) {
		return this.jobs.count(Departments.current(), null, filter.nameLike(), filter.enabled(), filter.agentId(),
				filter.status(), ids, filter.ownerOrAny(), filter.targetTypeOrAny(), filter.targetLike(), labels, now);
	}

	private List<JobView> find(JobFilter filter, Map<String, String> labels, Collection<Long> ids, Instant now,
			int limit, long offset) {
		return this.jobs.find(Departments.current(), null, filter.nameLike(), filter.enabled(), filter.agentId(),
				filter.status(), ids, filter.ownerOrAny(), filter.targetTypeOrAny(), filter.targetLike(), labels, now,
				limit, offset);
	}

	JobResponse get(long id) {
		Instant now = Instant.now();
		List<JobView> rows = this.jobs.find(Departments.current(), id, null, null, null, null, null, null, null, null,
				null, now, 1, 0);
		if (rows.isEmpty()) {
			throw new JobNotFoundException(id);
		}
		return JobResponse.of(rows.get(0), now, this.placements.reader(),
				this.dependencies.named(List.of(id)).getOrDefault(id, JobDependencies.Named.NONE));
	}

	@Transactional(isolation = Isolation.READ_COMMITTED)
	JobResponse create(JobRequest request, String by) {
		validate(request);
		checkNameFree(request.name(), 0);
		Instant now = now();
		boolean enabled = request.enabled() == null || request.enabled();
		TargetSpec target = this.rules.sealed(request, null);
		JobCalendar calendar = this.rules.calendar(request);
		List<Long> upstreams = this.dependencies.resolve(0, request.name(), request.dependsOn());
		this.dependencies.checkOutputReads(0, request.dependsOn(), upstreams, target);
		JobEntity job = JobEntity
			.created(Departments.current(),
					request.toSpec(0, 1, enabled, request.ownerOr(by))
						.withTarget(target)
						.withCalendar(calendar)
						.withDependsOn(upstreams),
					by, now)
			.retain(request.retentionOrInherit());
		try {
			this.writes.insert(job);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateJobNameException(request.name());
		}
		// the id exists only now; same transaction, so nobody sees the spec without it
		JobSpec created = request.toSpec(job.getId(), 1, enabled, request.ownerOr(by))
			.withTarget(target)
			.withCalendar(calendar)
			.withDependsOn(upstreams);
		this.dependencies.replace(job.getId(), upstreams);
		this.writes.writeSpec(job.getId(), CronyJson.toJson(created));
		this.audit.record(AuditAction.JOB_CREATE, job.getId(), job.getName(), null, audited(created, retention(job)));
		log.info("Job {} '{}' created by {}", job.getId(), job.getName(), by);
		return get(job.getId());
	}

	@Transactional(isolation = Isolation.READ_COMMITTED)
	JobResponse update(long id, JobRequest readBack, String by) {
		JobRequest written = readBack.asWritten(null);
		validate(written);
		JobEntity job = load(id);
		if (readBack.version() != null && !readBack.version().equals(job.getVersion())) {
			throw new JobVersionConflictException(id, readBack.version(), job.getVersion());
		}
		JobRequest request = JobReadBack.written(readBack, get(id));
		if (!Objects.equals(request.target(), written.target())) {
			// a sharding read back and kept: its rules against the rest of the target
			validate(request);
		}
		checkNameFree(request.name(), id);
		boolean enabled = (request.enabled() != null) ? request.enabled() : job.getEnabled();
		JobSpec stored = CronyJson.fromJson(job.getSpec(), JobSpec.class);
		TargetSpec target = this.rules.sealed(request, stored.target());
		List<Long> upstreams = this.dependencies.resolve(id, request.name(), request.dependsOn());
		this.dependencies.checkOutputReads(id, request.dependsOn(), upstreams, target);
		Instant now = now();
		job.define(request.toSpec(id, job.getVersion() + 1, enabled, request.ownerOr(stored.owner()))
			.withTarget(target)
			.withCalendar(this.rules.calendar(request))
			.withDependsOn(upstreams)
			.enabledSince(stored, now), now);
		Retention retained = retention(job);
		job.retain(request.retentionOrInherit());
		write(job, request.version());
		this.dependencies.replace(id, upstreams);
		this.audit.record(AuditAction.JOB_UPDATE, id, job.getName(), audited(stored, retained),
				audited(CronyJson.fromJson(job.getSpec(), JobSpec.class), retention(job)));
		log.info("Job {} '{}' updated by {} to version {}", id, job.getName(), by, job.getVersion());
		return get(id);
	}

	private static Retention retention(JobEntity job) {
		return new Retention(job.getRetentionDays(), job.getRetentionMaxCount());
	}

	/**
	 * A job as the audit log sees it: its definition and its retention, which the job row
	 * keeps beside the definition, so that a change of retention alone is recorded.
	 */
	private static Object audited(JobSpec spec, Retention retention) {
		return AuditLog.withField(spec, "retention", retention);
	}

	/**
	 * A copy of a job under another name: its definition, retention, contact and labels,
	 * its secret headers copied sealed (never opened), owned by whoever copies it, and
	 * disabled unless asked otherwise.
	 */
	@Transactional(isolation = Isolation.READ_COMMITTED)
	JobResponse clone(long id, JobCloneRequest request, String by) {
		// before the copy's insert (see JobDependencies)
		this.dependencies.lockGraph();
		List<FieldProblem> problems = new ArrayList<>();
		JobValidator.checkName(request.name(), problems);
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
		JobEntity source = load(id);
		checkNameFree(request.name(), 0);
		JobSpec from = CronyJson.fromJson(source.getSpec(), JobSpec.class);
		boolean enabled = Boolean.TRUE.equals(request.enabled());
		JobSpec copy = new JobSpec(0, request.name(), from.description(), from.schedule(), from.timeZone(),
				from.target(), from.timeoutSeconds(), from.retry(), from.misfirePolicy(), from.overlapPolicy(),
				from.assignment(), enabled, 1, from.alerts(), null, by, from.contact(), from.labels(), from.calendar(),
				from.dependsOn());
		JobEntity job = JobEntity.created(Departments.current(), copy, by, now())
			.retain(new Retention(source.getRetentionDays(), source.getRetentionMaxCount()));
		try {
			this.writes.insert(job);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateJobNameException(request.name());
		}
		JobSpec created = copy.withIdAndVersion(job.getId(), 1);
		this.dependencies.replace(job.getId(), created.dependsOn());
		this.writes.writeSpec(job.getId(), CronyJson.toJson(created));
		this.audit.record(AuditAction.JOB_CLONE, job.getId(), job.getName(), null,
				AuditLog.withField(created, "clonedFrom", id + " " + source.getName()));
		log.info("Job {} '{}' cloned from job {} by {}", job.getId(), job.getName(), id, by);
		return get(job.getId());
	}

	@Transactional
	JobResponse setEnabled(long id, boolean enabled, String by) {
		JobEntity job = load(id);
		if (job.getEnabled() != enabled) {
			JobSpec old = CronyJson.fromJson(job.getSpec(), JobSpec.class);
			JobSpec spec = old.withIdAndVersion(id, job.getVersion() + 1)
				.withEnabled(enabled, job.getVersion() + 1, now());
			job.setSpec(CronyJson.toJson(spec));
			job.setEnabled(enabled);
			job.setUpdatedAt(now());
			write(job, null);
			this.audit.record(enabled ? AuditAction.JOB_ENABLE : AuditAction.JOB_DISABLE, id, job.getName(), old, spec);
			log.info("Job {} '{}' {} by {}", id, job.getName(), enabled ? "enabled" : "disabled", by);
		}
		return get(id);
	}

	/**
	 * The job with its own labels changed, written as {@code PUT /jobs/{id}} with the
	 * job's definition at its version would write it: the same checks, a JOB_UPDATE audit
	 * row, secret headers kept sealed.
	 * @param change the labels the job gets, given those it has
	 * @return whether the labels changed; when they are as asked already nothing is
	 * written
	 * @throws InvalidRequestException naming {@code labels} when the job would carry more
	 * than {@value #MAX_LABELS}
	 */
	@Transactional
	boolean relabel(long id, UnaryOperator<Map<String, String>> change, String by) {
		JobEntity job = load(id);
		JobSpec spec = CronyJson.fromJson(job.getSpec(), JobSpec.class);
		Map<String, String> labels = change.apply(spec.labels());
		if (labels.equals(spec.labels())) {
			return false;
		}
		if (labels.size() > MAX_LABELS) {
			throw InvalidRequestException
				.of(FieldProblem.of("labels", "the job would carry " + labels.size() + " labels; at most " + MAX_LABELS,
						FieldErrorCode.TOO_MANY, MAX_LABELS, labels.size()));
		}
		JobRequest request = JobExports
			.of(spec, new Retention(job.getRetentionDays(), job.getRetentionMaxCount()), JobExports::masked)
			.relabeled(labels, job.getVersion())
			.dependingOn(List
				.copyOf(this.dependencies.named(List.of(id)).getOrDefault(id, JobDependencies.Named.NONE).upstreams()));
		update(id, request, by);
		return true;
	}

	/**
	 * Deletes a job. A job others wait for is deleted only when asked to cut the edges:
	 * its dependents then wait for their other upstreams only (a new version of each).
	 * @throws JobHasDependentsException when others wait for it and {@code cutEdges} is
	 * false
	 */
	@Transactional(isolation = Isolation.READ_COMMITTED)
	void delete(long id, boolean cutEdges, String by) {
		// before the dependents are read: none may be added between the read and the cut
		this.dependencies.lockGraph();
		JobEntity job = load(id);
		List<Long> dependents = this.dependencies.dependentIds(id);
		if (!dependents.isEmpty()) {
			if (!cutEdges) {
				throw new JobHasDependentsException(id, this.dependencies.dependentNames(id));
			}
			this.dependencies.cutDependents(id);
			dependents.forEach((dependent) -> withoutUpstream(dependent, id, by));
		}
		if (this.writes.delete(id) == 0) {
			throw new JobNotFoundException(id);
		}
		// its runs stay in its department's records
		this.jobs.recordDeleted(id, job.getDepartmentId(), job.getName(), by, now());
		this.audit.record(AuditAction.JOB_DELETE, id, job.getName(), CronyJson.fromJson(job.getSpec(), JobSpec.class),
				null);
		log.info("Job {} deleted by {}", id, by);
	}

	// a new version of the dependent, so that its agent learns it waits for one job less
	private void withoutUpstream(long dependentId, long upstreamId, String by) {
		JobEntity dependent = this.jobs.selectById(dependentId);
		JobSpec old = CronyJson.fromJson(dependent.getSpec(), JobSpec.class);
		long version = dependent.getVersion() + 1;
		JobSpec spec = old.withIdAndVersion(dependentId, version)
			.withDependsOn(old.dependsOn().stream().filter((upstream) -> upstream != upstreamId).toList());
		dependent.setSpec(CronyJson.toJson(spec));
		dependent.setUpdatedAt(now());
		write(dependent, null);
		this.audit.record(AuditAction.JOB_UPDATE, dependentId, dependent.getName(), old, spec);
		log.info("Job {} no longer waits for job {}, deleted by {}", dependentId, upstreamId, by);
	}

	JobSchedules.Preview nextFires(long id, int count) {
		JobSpec spec = CronyJson.fromJson(load(id).getSpec(), JobSpec.class);
		return JobSchedules.preview(spec.schedule(), spec.timeZone(), spec.calendar(), Instant.now(), count);
	}

	/**
	 * The calendar a preview names, checked.
	 * @throws InvalidRequestException naming {@code calendarRule} when a calendar comes
	 * without a rule
	 */
	JobRequest.CalendarChoice calendarChoice(String name, CalendarRule rule) {
		if (name == null || name.isBlank()) {
			return null;
		}
		if (rule == null) {
			throw new InvalidRequestException(List.of(FieldProblem.of("calendarRule",
					"is required with a calendar: WORKING_DAYS_ONLY, SKIP_HOLIDAYS, NEXT_WORKING_DAY or PREVIOUS_WORKING_DAY",
					FieldErrorCode.REQUIRED)));
		}
		return new JobRequest.CalendarChoice(name.strip(), rule);
	}

	/** The calendar a choice names, whole. */
	JobCalendar calendarOf(JobRequest.CalendarChoice choice) {
		return this.rules.calendar(choice);
	}

	private void validate(JobRequest request) {
		List<FieldProblem> problems = this.rules.problems(request);
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
	}

	private void checkNameFree(String name, long exceptId) {
		if (this.jobs.countNamed(Departments.current(), name, exceptId) > 0) {
			throw new DuplicateJobNameException(name);
		}
	}

	/** Optimistic update: the row must still be at the version the job was read at. */
	private void write(JobEntity job, Long expectedVersion) {
		long readVersion = job.getVersion();
		int updated;
		try {
			updated = this.writes.update(job);
		}
		catch (DuplicateKeyException ex) {
			throw new DuplicateJobNameException(job.getName());
		}
		if (updated == 0) {
			JobEntity current = load(job.getId());
			throw new JobVersionConflictException(job.getId(),
					(expectedVersion != null) ? expectedVersion : readVersion, current.getVersion());
		}
	}

	/** The department's job: another department's answers as one that does not exist. */
	private JobEntity load(long id) {
		JobEntity job = this.jobs.selectById(id);
		if (job == null || job.getDepartmentId() != Departments.current()) {
			throw new JobNotFoundException(id);
		}
		return job;
	}

	static Instant now() {
		return Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

}
