package io.crony.agent.schedule;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;

import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.calendar.CalendarRule;
import io.crony.common.calendar.DayRange;
import io.crony.common.calendar.JobCalendar;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What a change of the held jobs means for their fires. */
class HeldJobsTest {

	private final HeldJobs jobs = new HeldJobs(new ScheduleParser());

	private final JobSpec everySecond = TestJobs.spec(1, "* * * * * ?", MisfirePolicy.SKIP);

	@Test
	void aNewJobArrivesOnceAndTheSameSpecAgainChangesNothing() {
		assertThat(this.jobs.put(List.of(this.everySecond)).arrived()).extracting(JobState::id).containsExactly(1L);

		HeldJobs.Changes again = this.jobs.put(List.of(this.everySecond));

		assertThat(again.arrived()).isEmpty();
		assertThat(again.rescheduled()).isEmpty();
		assertThat(this.jobs.ids()).containsExactly(1L);
	}

	@Test
	void aNewScheduleMakesANewGenerationSoFiresOfTheOldOneAreStale() {
		JobState job = this.jobs.put(List.of(this.everySecond)).arrived().get(0);
		Fire planned = Fire.scheduled(job, job.generation, Instant.now(), 0);

		HeldJobs.Changes changes = this.jobs.put(List.of(TestJobs.spec(1, "*/5 * * * * ?", MisfirePolicy.SKIP)));

		assertThat(changes.rescheduled()).containsExactly(job);
		assertThat(planned.isCurrent()).isFalse();
	}

	@Test
	void aChangeOfAnythingButTheScheduleKeepsTheGeneration() {
		JobState job = this.jobs.put(List.of(this.everySecond)).arrived().get(0);

		HeldJobs.Changes changes = this.jobs.put(List.of(TestJobs.spec(1, "* * * * * ?", MisfirePolicy.CATCH_UP)));

		assertThat(changes.rescheduled()).isEmpty();
		assertThat(job.generation).isZero();
		assertThat(job.spec.misfirePolicy()).isEqualTo(MisfirePolicy.CATCH_UP);
	}

	@Test
	void aChangedCalendarMakesANewPlanThatFollowsIt() {
		JobState job = this.jobs.put(List.of(this.everySecond)).arrived().get(0);
		LocalDate today = LocalDate.now(ZoneOffset.UTC);
		// today and the next week off: the job's next fire is in a week
		BusinessCalendar offThisWeek = new BusinessCalendar("ops", EnumSet.allOf(DayOfWeek.class),
				List.of(new DayRange(today, today.plusDays(7), "closed")), List.of(), "UTC");

		HeldJobs.Changes changes = this.jobs.put(List.of(this.everySecond
			.withCalendar(new JobCalendar(1L, "ops", CalendarRule.WORKING_DAYS_ONLY, offThisWeek))));

		assertThat(changes.rescheduled()).containsExactly(job);
		assertThat(job.generation).isOne();
		assertThat(job.fireTimes.nextFireAfter(Instant.now()))
			.contains(today.plusDays(8).atStartOfDay(ZoneOffset.UTC).toInstant());
	}

	@Test
	void disablingAJobDropsItsWaitingFiresAndItsPlan() {
		JobState job = this.jobs.put(List.of(this.everySecond)).arrived().get(0);

		HeldJobs.Changes changes = this.jobs.put(List.of(this.everySecond.withEnabled(false, 2, Instant.now())));

		assertThat(changes.disabled()).containsExactly(job);
		assertThat(changes.rescheduled()).containsExactly(job);
		assertThat(job.fireTimes.nextFireAfter(Instant.now())).isEmpty();
	}

	@Test
	void aRemovedJobIsMarkedSoNoStageStartsItsFires() {
		JobState job = this.jobs.put(List.of(this.everySecond)).arrived().get(0);

		assertThat(this.jobs.remove(List.of(1L, 2L))).containsExactly(job);

		assertThat(job.removed).isTrue();
		assertThat(this.jobs.ids()).isEmpty();
	}

	@Test
	void aScheduleThisAgentCannotReadIsNotHeld() {
		assertThat(this.jobs.put(List.of(TestJobs.spec(2, "not a schedule", MisfirePolicy.SKIP))).arrived()).isEmpty();
		assertThat(this.jobs.size()).isZero();
	}

	@Test
	void theJobsNoSpecNamesAreTheOnesToDrop() {
		this.jobs.put(List.of(this.everySecond, TestJobs.spec(2, "* * * * * ?", MisfirePolicy.SKIP)));

		assertThat(this.jobs.notIn(List.of(this.everySecond))).containsExactly(2L);
	}

}
