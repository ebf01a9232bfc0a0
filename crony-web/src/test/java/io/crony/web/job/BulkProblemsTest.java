package io.crony.web.job;

import java.util.List;

import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import org.junit.jupiter.api.Test;

import org.springframework.http.HttpStatus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class BulkProblemsTest {

	@Test
	void namesEachProblemByItsJobsIndexAndSortsThemByJob() {
		BulkProblems problems = new BulkProblems(10);
		problems.invalid(7, List.of(FieldProblem.of("schedule", "second 61 out of range 0-59",
				FieldErrorCode.CRON_FIELD_OUT_OF_RANGE, "second", "61", "0-59")));
		problems.invalid(List.of(FieldProblem.required("jobs[2].name", "must not be blank")));
		problems.conflict(4, DuplicateJobNameException.PROBLEM);

		BulkRefusedException refused = catchThrowableOfType(BulkRefusedException.class, problems::throwIfAny);

		assertThat(refused.errors()).containsExactly(FieldProblem.required("jobs[2].name", "must not be blank"),
				FieldProblem.of("jobs[4].name", "is taken by another job", FieldErrorCode.TAKEN),
				FieldProblem.of("jobs[7].schedule", "second 61 out of range 0-59",
						FieldErrorCode.CRON_FIELD_OUT_OF_RANGE, "second", "61", "0-59"));
		assertThat(refused.getMessage()).isEqualTo("3 problems in 3 of the 10 jobs; nothing was saved");
	}

	@Test
	void isABadRequestWhenAnyJobIsInvalidEvenBesideConflicts() {
		BulkProblems problems = new BulkProblems(3);
		problems.conflict(0, JobVersionConflictException.problem(4));
		problems.invalid(2,
				List.of(FieldProblem.of("timeZone", "unknown", FieldErrorCode.UNKNOWN_TIME_ZONE, "Mars/Base")));
		assertThat(problems.refusal().status()).isEqualTo(HttpStatus.BAD_REQUEST);
	}

	@Test
	void isAConflictWhenEveryProblemIsOne() {
		BulkProblems problems = new BulkProblems(3);
		problems.conflict(0, JobVersionConflictException.problem(4));
		problems.conflict(1, DuplicateJobNameException.PROBLEM);
		BulkRefusedException refused = problems.refusal();
		assertThat(refused.status()).isEqualTo(HttpStatus.CONFLICT);
		assertThat(refused.errors()).extracting(FieldProblem::field).containsExactly("jobs[0].version", "jobs[1].name");
	}

	@Test
	void aSingleProblemIsTheDetail() {
		BulkProblems problems = new BulkProblems(500);
		problems.invalid(3, List.of(FieldProblem.of("schedule", "second 61 out of range 0-59",
				FieldErrorCode.CRON_FIELD_OUT_OF_RANGE, "second", "61", "0-59")));
		assertThat(problems.refusal().getMessage())
			.isEqualTo("jobs[3].schedule: second 61 out of range 0-59; nothing was saved");
	}

	@Test
	void remembersWhichJobsHaveProblems() {
		BulkProblems problems = new BulkProblems(20);
		problems.invalid(List.of(FieldProblem.required("jobs[12].target.headers[X-Key]", "must not be null"),
				FieldProblem.required("jobs", "must not be empty")));
		assertThat(problems.has(12)).isTrue();
		assertThat(problems.has(1)).isFalse();
		assertThat(BulkProblems.indexOf("jobs")).isEqualTo(-1);
		assertThat(BulkProblems.indexOf("jobs[0]")).isZero();
	}

	@Test
	void refusesNothingWithoutProblems() {
		BulkProblems problems = new BulkProblems(2);
		problems.throwIfAny();
		assertThat(problems.isEmpty()).isTrue();
		assertThatThrownBy(problems::refusal).isInstanceOf(IllegalStateException.class);
	}

}
