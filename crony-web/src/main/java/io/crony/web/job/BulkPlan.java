package io.crony.web.job;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.job.BulkJobResponse.Outcome;

/**
 * What a bulk request does to each of its jobs, decided before anything is written, the
 * way {@link JobService} decides for one job: a new job at version 1, enabled unless it
 * says otherwise; a replaced one at its next version, its enabled state kept when the
 * request leaves it out, its masked secret headers kept; a conflict where the name is
 * taken (CREATE) or the version moved on (UPSERT with a version).
 */
final class BulkPlan {

	private final List<Step> steps = new ArrayList<>();

	private BulkPlan() {
	}

	/**
	 * @param jobs the request's jobs
	 * @param stored the stored job each job's name means, by the job's index
	 * @param problems holds the problems found so far; jobs with any are passed over, and
	 * conflicts and secret headers that cannot be stored are added
	 */
	static BulkPlan decide(List<JobRequest> jobs, BulkMode mode, Map<Integer, JobEntity> stored, JobRules rules,
			long department, String by, Instant now, BulkProblems problems) {
		BulkPlan plan = new BulkPlan();
		for (int i = 0; i < jobs.size(); i++) {
			if (problems.has(i)) {
				continue;
			}
			JobRequest job = jobs.get(i);
			JobEntity row = stored.get(i);
			try {
				if (row == null) {
					plan.create(i, job, mode, rules, department, by, now, problems);
				}
				else if (mode == BulkMode.CREATE) {
					problems.conflict(i, DuplicateJobNameException.PROBLEM);
				}
				else {
					plan.replace(i, job, row, rules, now, problems);
				}
			}
			catch (InvalidRequestException ex) {
				problems.invalid(i, ex.errors());
			}
		}
		return plan;
	}

	/** One step per job, in request order (when there were no problems). */
	List<Step> steps() {
		return this.steps;
	}

	List<Step> steps(Outcome outcome) {
		return this.steps.stream().filter((step) -> step.outcome() == outcome).toList();
	}

	private void create(int index, JobRequest job, BulkMode mode, JobRules rules, long department, String by,
			Instant now, BulkProblems problems) {
		if (mode == BulkMode.UPSERT && job.version() != null) {
			problems.conflict(index,
					FieldProblem.of("version", "is " + job.version() + ", and no job is named '" + job.name() + "'",
							FieldErrorCode.VERSION_WITHOUT_JOB, job.name()));
			return;
		}
		boolean enabled = job.enabled() == null || job.enabled();
		TargetSpec target = rules.sealed(job, null);
		JobSpec definition = job.toSpec(0, 1, enabled, job.ownerOr(by))
			.withTarget(target)
			.withCalendar(rules.calendar(job));
		this.steps.add(new Step(index, Outcome.CREATED,
				JobEntity.created(department, definition, by, now).retain(job.retentionOrInherit()), definition));
	}

	private void replace(int index, JobRequest job, JobEntity row, JobRules rules, Instant now, BulkProblems problems) {
		if (job.version() != null && !job.version().equals(row.getVersion())) {
			problems.conflict(index, JobVersionConflictException.problem(row.getVersion()));
			return;
		}
		boolean enabled = (job.enabled() != null) ? job.enabled() : row.getEnabled();
		JobSpec before = CronyJson.fromJson(row.getSpec(), JobSpec.class);
		TargetSpec target = rules.sealed(job, before.target());
		JobSpec definition = job.toSpec(row.getId(), row.getVersion() + 1, enabled, job.ownerOr(before.owner()))
			.withTarget(target)
			.withCalendar(rules.calendar(job))
			.withDependsOn(before.dependsOn())
			.enabledSince(before, now);
		if (rules.sameDefinition(before, definition) && row.retains(job.retentionOrInherit())) {
			this.steps.add(new Step(index, Outcome.UNCHANGED, row, before));
			return;
		}
		row.define(definition, now);
		row.retain(job.retentionOrInherit());
		this.steps.add(new Step(index, Outcome.UPDATED, row, definition));
	}

	/**
	 * What happens to one job.
	 *
	 * @param index the job's place in the request
	 * @param outcome created, updated or left unchanged
	 * @param row the row to insert (its spec still without the id), to update (at the
	 * version read: the write is refused when the row moved on since), or as it is
	 * @param definition what the row's spec says, with id 0 for a new job
	 */
	record Step(int index, Outcome outcome, JobEntity row, JobSpec definition) {
	}

}
