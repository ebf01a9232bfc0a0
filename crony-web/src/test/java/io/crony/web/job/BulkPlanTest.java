package io.crony.web.job;

import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetType;
import io.crony.common.json.CronyJson;
import io.crony.common.secret.SecretBox;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.job.BulkJobResponse.Outcome;
import io.crony.web.job.BulkPlan.Step;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class BulkPlanTest {

	private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

	private static final String KEY = Base64.getEncoder().encodeToString(new byte[32]);

	private final JobRules rules = new JobRules(null, null, SecretBox.of(KEY, List.of()), null);

	@Test
	void createsEveryNewJobAtVersionOneEnabledUnlessItSaysOtherwise() {
		List<JobRequest> jobs = List.of(job("a", "0 0 1 * * ?", null), disabled(job("b", "0 0 2 * * ?", null)));
		BulkProblems problems = new BulkProblems(2);

		BulkPlan plan = BulkPlan.decide(jobs, BulkMode.CREATE, Map.of(), this.rules, 1L, "alice", NOW, problems);

		assertThat(problems.isEmpty()).isTrue();
		assertThat(plan.steps()).extracting(Step::index, Step::outcome)
			.containsExactly(tuple(0, Outcome.CREATED), tuple(1, Outcome.CREATED));
		JobEntity row = plan.steps().get(0).row();
		assertThat(row.getVersion()).isEqualTo(1);
		assertThat(row.getCreatedBy()).isEqualTo("alice");
		assertThat(row.getCreatedAt()).isEqualTo(NOW);
		assertThat(row.getEnabled()).isTrue();
		assertThat(plan.steps().get(1).row().getEnabled()).isFalse();
		assertThat(plan.steps().get(1).definition().enabled()).isFalse();
	}

	@Test
	void refusesATakenNameWhenCreating() {
		List<JobRequest> jobs = List.of(job("free", "0 0 1 * * ?", null), job("taken", "0 0 1 * * ?", null));
		BulkProblems problems = new BulkProblems(2);

		BulkPlan.decide(jobs, BulkMode.CREATE, Map.of(1, stored(job("taken", "0 0 1 * * ?", null), 7, 3, true)),
				this.rules, 1L, "alice", NOW, problems);

		BulkRefusedException refused = problems.refusal();
		assertThat(refused.status()).isEqualTo(HttpStatus.CONFLICT);
		assertThat(refused.errors())
			.containsExactly(FieldProblem.of("jobs[1].name", "is taken by another job", FieldErrorCode.TAKEN));
	}

	@Test
	void upsertReplacesTheStoredJobAtItsNextVersionAndKeepsItsEnabledState() {
		JobEntity row = stored(job("nightly", "0 0 1 * * ?", null), 7, 3, false);
		BulkProblems problems = new BulkProblems(1);

		BulkPlan plan = BulkPlan.decide(List.of(job("nightly", "0 30 1 * * ?", null)), BulkMode.UPSERT, Map.of(0, row),
				this.rules, 1L, "bob", NOW, problems);

		assertThat(problems.isEmpty()).isTrue();
		Step step = plan.steps().get(0);
		assertThat(step.outcome()).isEqualTo(Outcome.UPDATED);
		// the row keeps the version it was read at: the update is refused if it moved on
		assertThat(step.row().getVersion()).isEqualTo(3);
		assertThat(step.definition().version()).isEqualTo(4);
		assertThat(step.definition().id()).isEqualTo(7);
		assertThat(step.definition().enabled()).isFalse();
		assertThat(step.row().getSchedule()).isEqualTo("0 30 1 * * ?");
		assertThat(step.row().getUpdatedAt()).isEqualTo(NOW);
		assertThat(step.row().getCreatedBy()).isEqualTo("alice");
	}

	@Test
	void upsertLeavesAnUnchangedDefinitionAloneThoughItsSecretsAreSealedAnew() {
		Map<String, String> clear = Map.of("Authorization", "Bearer t0ken", "X-Env", "prod");
		JobEntity row = stored(job("nightly", "0 0 1 * * ?", clear), 7, 3, true);
		String storedSpec = row.getSpec();
		List<JobRequest> jobs = List.of(job("nightly", "0 0 1 * * ?", clear));
		BulkProblems problems = new BulkProblems(1);

		BulkPlan plan = BulkPlan.decide(jobs, BulkMode.UPSERT, Map.of(0, row), this.rules, 1L, "bob", NOW, problems);

		assertThat(plan.steps()).extracting(Step::outcome).containsExactly(Outcome.UNCHANGED);
		assertThat(row.getSpec()).isEqualTo(storedSpec);
		assertThat(row.getVersion()).isEqualTo(3);

		Map<String, String> masked = Map.of("Authorization", SecretBox.MASK, "X-Env", "prod");
		BulkPlan again = BulkPlan.decide(List.of(job("nightly", "0 0 1 * * ?", masked)), BulkMode.UPSERT,
				Map.of(0, row), this.rules, 1L, "bob", NOW, new BulkProblems(1));
		assertThat(again.steps()).extracting(Step::outcome).containsExactly(Outcome.UNCHANGED);

		Map<String, String> otherSecret = Map.of("Authorization", "Bearer other", "X-Env", "prod");
		BulkPlan changed = BulkPlan.decide(List.of(job("nightly", "0 0 1 * * ?", otherSecret)), BulkMode.UPSERT,
				Map.of(0, row), this.rules, 1L, "bob", NOW, new BulkProblems(1));
		assertThat(changed.steps()).extracting(Step::outcome).containsExactly(Outcome.UPDATED);
	}

	@Test
	void upsertRefusesAVersionThatMovedOn() {
		JobEntity row = stored(job("nightly", "0 0 1 * * ?", null), 7, 3, true);
		BulkProblems problems = new BulkProblems(1);

		BulkPlan.decide(List.of(withVersion(job("nightly", "0 0 2 * * ?", null), 2L)), BulkMode.UPSERT, Map.of(0, row),
				this.rules, 1L, "bob", NOW, problems);

		BulkRefusedException refused = problems.refusal();
		assertThat(refused.status()).isEqualTo(HttpStatus.CONFLICT);
		assertThat(refused.errors())
			.containsExactly(FieldProblem.of("jobs[0].version", "is 3 now", FieldErrorCode.VERSION_STALE, 3));
	}

	@Test
	void upsertTakesTheVersionReadAndRefusesOneForAJobThatDoesNotExist() {
		JobEntity row = stored(job("nightly", "0 0 1 * * ?", null), 7, 3, true);
		List<JobRequest> jobs = List.of(withVersion(job("nightly", "0 0 2 * * ?", null), 3L),
				withVersion(job("new-one", "0 0 2 * * ?", null), 1L));
		BulkProblems problems = new BulkProblems(2);

		BulkPlan plan = BulkPlan.decide(jobs, BulkMode.UPSERT, Map.of(0, row), this.rules, 1L, "bob", NOW, problems);

		assertThat(plan.steps()).extracting(Step::outcome).containsExactly(Outcome.UPDATED);
		assertThat(problems.refusal().errors()).containsExactly(FieldProblem.of("jobs[1].version",
				"is 1, and no job is named 'new-one'", FieldErrorCode.VERSION_WITHOUT_JOB, "new-one"));
	}

	@Test
	void passesOverJobsWithProblemsAndNamesSecretHeadersThatCannotBeStored() {
		List<JobRequest> jobs = List.of(job("bad", "0 0 1 * * ?", null),
				job("masked", "0 0 1 * * ?", Map.of("Authorization", SecretBox.MASK)));
		BulkProblems problems = new BulkProblems(2);
		problems.invalid(0, List.of(FieldProblem.of("schedule", "second 61 out of range 0-59",
				FieldErrorCode.CRON_FIELD_OUT_OF_RANGE, "second", "61", "0-59")));

		BulkPlan plan = BulkPlan.decide(jobs, BulkMode.CREATE, Map.of(), this.rules, 1L, "alice", NOW, problems);

		assertThat(plan.steps()).isEmpty();
		BulkRefusedException refused = problems.refusal();
		assertThat(refused.status()).isEqualTo(HttpStatus.BAD_REQUEST);
		assertThat(refused.errors()).extracting(FieldProblem::field)
			.containsExactly("jobs[0].schedule", "jobs[1].target.headers.Authorization");
	}

	private JobEntity stored(JobRequest request, long id, long version, boolean enabled) {
		JobSpec spec = request.toSpec(id, version, enabled).withTarget(this.rules.sealed(request, null));
		JobEntity row = JobEntity.created(1L, spec, "alice", NOW.minusSeconds(3600));
		row.setId(id);
		row.setVersion(version);
		row.setSpec(CronyJson.toJson(spec));
		return row;
	}

	private static JobRequest job(String name, String schedule, Map<String, String> headers) {
		JobRequest.TargetRequest target = new JobRequest.TargetRequest(TargetType.HTTP, "POST", "http://h/x", headers,
				null, null, null, null, null);
		return new JobRequest(name, null, schedule, "UTC", target, null, null, null, null, null, null, null, null,
				null);
	}

	private static JobRequest disabled(JobRequest job) {
		return new JobRequest(job.name(), job.description(), job.schedule(), job.timeZone(), job.target(),
				job.timeoutSeconds(), job.retry(), job.misfirePolicy(), job.overlapPolicy(), job.assignment(), false,
				job.version(), job.alerts(), job.retention());
	}

	private static JobRequest withVersion(JobRequest job, Long version) {
		return new JobRequest(job.name(), job.description(), job.schedule(), job.timeZone(), job.target(),
				job.timeoutSeconds(), job.retry(), job.misfirePolicy(), job.overlapPolicy(), job.assignment(),
				job.enabled(), version, job.alerts(), job.retention());
	}

}
