package io.crony.web.job;

import java.text.CollationKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Departments;
import io.crony.web.error.ConstraintCodes;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.job.BulkJobResponse.Outcome;
import io.crony.web.job.BulkPlan.Step;
import io.crony.web.retention.Retention;
import jakarta.validation.Validator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.validation.BeanPropertyBindingResult;
import org.springframework.validation.beanvalidation.SpringValidatorAdapter;

/**
 * Many job definitions in one transaction, all or nothing ({@code POST /jobs/bulk}).
 * Every job passes what {@code POST /jobs} and {@code PUT /jobs/{id}} check (the
 * annotations of {@link JobRequest}, {@link JobRules}), and every problem of every job is
 * found before anything is written. The writes are JDBC batches, not statements per job:
 * the new rows in multi-row INSERTs, their specs (which carry the id, known only then) in
 * one batch, the replaced rows in one batch of optimistic updates. The leader needs
 * nothing more: it finds these rows by {@code updated_at} as it finds a single job's,
 * within its poll interval, and places them in etcd transactions of up to 126 keys each.
 */
@Service
class BulkJobService {

	private static final Logger log = LoggerFactory.getLogger(BulkJobService.class);

	private final JobMapper jobs;

	private final JobRules rules;

	private final SpringValidatorAdapter validator;

	private final BulkJobWriter writer;

	private final JobsProperties properties;

	private final AuditLog audit;

	BulkJobService(JobMapper jobs, JobRules rules, Validator validator, BulkJobWriter writer, JobsProperties properties,
			AuditLog audit) {
		this.audit = audit;
		this.jobs = jobs;
		this.rules = rules;
		this.validator = new SpringValidatorAdapter(validator);
		this.writer = writer;
		this.properties = properties;
	}

	@Transactional
	BulkJobResponse apply(BulkJobRequest request, String by) {
		long started = System.nanoTime();
		Planned planned = plan(request, by);
		BulkJobResponse response = write(planned, by);
		log.info("Bulk of {} jobs by {} applied in {} ms: {} created, {} updated, {} unchanged", planned.jobCount(), by,
				(System.nanoTime() - started) / 1_000_000, response.created(), response.updated(),
				response.unchanged());
		return response;
	}

	/**
	 * What a request would do, every job checked, nothing written.
	 * @throws BulkRefusedException naming each problem, when there is any
	 */
	@Transactional(readOnly = true)
	Planned plan(BulkJobRequest request, String by) {
		checkLimit(request);
		List<JobRequest> jobs = request.jobs();
		BulkProblems problems = new BulkProblems((jobs != null) ? jobs.size() : 0);
		checkShape(request, problems);
		if (jobs == null || jobs.isEmpty()) {
			problems.throwIfAny();
		}
		checkEach(jobs, problems);
		long department = Departments.current();
		Map<Integer, JobEntity> stored = stored(department, jobs, problems);
		// the plan redefines the stored rows it replaces: their specs and retention as
		// they were, for the audit log and the import's differences
		Map<Integer, Stored> before = new HashMap<>();
		stored.forEach((index, row) -> before.put(index,
				new Stored(row.getSpec(), new Retention(row.getRetentionDays(), row.getRetentionMaxCount()))));
		BulkPlan plan = BulkPlan.decide(jobs, request.modeOrDefault(), stored, this.rules, department, by,
				JobService.now(), problems);
		problems.throwIfAny();
		return new Planned(plan, before, jobs.size());
	}

	/** Writes what {@link #plan} decided, in the caller's transaction. */
	@Transactional
	BulkJobResponse write(Planned planned, String by) {
		BulkPlan plan = planned.plan();
		// updated_at as late as can be: the leader's change scan looks back from the
		// newest updated_at it saw by its change window only, and rows become visible
		// at commit
		Instant written = JobService.now();
		this.writer.insert(plan.steps(Outcome.CREATED), written, planned.jobCount());
		this.writer.update(plan.steps(Outcome.UPDATED), written, planned.jobCount());
		List<AuditLog.Change> audited = new ArrayList<>();
		for (Step step : plan.steps()) {
			JobEntity row = step.row();
			if (step.outcome() == Outcome.CREATED) {
				audited.add(new AuditLog.Change(AuditAction.JOB_CREATE, row.getId(), row.getName(), null,
						step.definition()));
				log.info("Job {} '{}' created by {}", row.getId(), row.getName(), by);
			}
			else if (step.outcome() == Outcome.UPDATED) {
				audited.add(new AuditLog.Change(AuditAction.JOB_UPDATE, row.getId(), row.getName(),
						planned.before(step.index()), step.definition()));
				log.info("Job {} '{}' updated by {} to version {}", row.getId(), row.getName(), by, row.getVersion());
			}
		}
		this.audit.recordAll(audited);
		return BulkJobResponse.of(this.writer.read(plan.steps()));
	}

	/** A request over the limit is refused before anything else is looked at. */
	private void checkLimit(BulkJobRequest request) {
		int limit = this.properties.bulkLimit();
		if (request.jobs() != null && request.jobs().size() > limit) {
			BulkProblems problems = new BulkProblems(request.jobs().size());
			problems
				.invalid(List.of(FieldProblem.of("jobs",
						"has " + request.jobs().size() + " jobs; at most " + limit
								+ " are taken per request (crony.web.jobs.bulk-limit)",
						FieldErrorCode.TOO_LONG, limit)));
			problems.throwIfAny();
		}
	}

	/**
	 * The annotations of the request and of each job, named from the request's root
	 * ({@code jobs[3].target.url}) as {@code POST /jobs} names them from the job's.
	 */
	private void checkShape(BulkJobRequest request, BulkProblems problems) {
		BeanPropertyBindingResult result = new BeanPropertyBindingResult(request, "request");
		this.validator.validate(request, result);
		problems.invalid(
				result.getFieldErrors().stream().map((error) -> ConstraintCodes.of(error.getField(), error)).toList());
	}

	/**
	 * The rules of each job whose shape is right (alert channels looked up once for all),
	 * then names used twice in the request.
	 */
	private void checkEach(List<JobRequest> jobs, BulkProblems problems) {
		Set<Long> channelIds = new LinkedHashSet<>();
		for (int i = 0; i < jobs.size(); i++) {
			JobRequest job = jobs.get(i);
			if (!problems.has(i) && job.alerts() != null && job.alerts().channelIds() != null) {
				channelIds.addAll(job.alerts().channelIds());
			}
		}
		Set<Long> missing = this.rules.missingChannels(channelIds);
		for (int i = 0; i < jobs.size(); i++) {
			if (!problems.has(i)) {
				problems.invalid(i, this.rules.problems(jobs.get(i), (ids) -> missing));
			}
			if (!problems.has(i) && jobs.get(i).hasUpstreams()) {
				// a bulk's jobs could name one another in a cycle no single save sees
				problems.invalid(i,
						List.of(FieldProblem.of("dependsOn", "upstreams are set one job at a time "
								+ "(PUT /jobs/{id}); a bulk write or import keeps a job's upstreams as they are",
								FieldErrorCode.UPSTREAMS_NOT_IN_BULK)));
			}
		}
		JobNames names = new JobNames();
		Map<CollationKey, Integer> first = new HashMap<>();
		for (int i = 0; i < jobs.size(); i++) {
			JobRequest job = jobs.get(i);
			if (job != null && job.name() != null) {
				Integer earlier = first.putIfAbsent(names.key(job.name()), i);
				if (earlier != null) {
					problems.invalid(i, List.of(FieldProblem.of("name", "is also the name of jobs[" + earlier + "]",
							FieldErrorCode.DUPLICATE, "jobs[" + earlier + "]")));
				}
			}
		}
	}

	/** The stored job each good job's name means, by the job's index. */
	private Map<Integer, JobEntity> stored(long department, List<JobRequest> jobs, BulkProblems problems) {
		JobNames names = new JobNames();
		Map<CollationKey, Integer> indexByName = new HashMap<>();
		for (int i = 0; i < jobs.size(); i++) {
			if (!problems.has(i)) {
				indexByName.put(names.key(jobs.get(i).name()), i);
			}
		}
		List<String> wanted = indexByName.values().stream().map((i) -> jobs.get(i).name()).toList();
		Map<Integer, JobEntity> stored = new HashMap<>();
		for (List<String> chunk : BulkJobWriter.chunks(wanted)) {
			for (JobEntity row : this.jobs.named(department, chunk)) {
				Integer index = indexByName.get(names.key(row.getName()));
				if (index != null) {
					stored.put(index, row);
				}
			}
		}
		return stored;
	}

	/**
	 * A bulk request's plan, checked and not yet written.
	 *
	 * @param plan what happens to each job
	 * @param stored each replaced job as it was, by the job's index
	 * @param jobCount how many jobs the request has
	 */
	record Planned(BulkPlan plan, Map<Integer, Stored> stored, int jobCount) {

		JobSpec before(int index) {
			return CronyJson.fromJson(this.stored.get(index).spec(), JobSpec.class);
		}

	}

	/** A stored job as it was before the plan redefined it. */
	record Stored(String spec, Retention retention) {

	}

}
