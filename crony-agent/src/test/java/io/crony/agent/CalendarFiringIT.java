package io.crony.agent;

import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.calendar.CalendarRule;
import io.crony.common.calendar.DayRange;
import io.crony.common.calendar.JobCalendar;
import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Jobs following business calendars on one agent, firing for real at a real HTTP target:
 * a holiday silences an every-second job, a make-up day on a day off makes one fire, a
 * calendar changed while the agent runs takes effect at once without a duplicate or a
 * lost fire, and fires moved from yesterday's holiday or to today from tomorrow's fire
 * today at their own time.
 *
 * <p>
 * The calendars speak of days in a zone where it is about noon now, so no day ends while
 * the test runs, whenever it runs.
 */
@SpringBootTest
class CalendarFiringIT {

	static final String AGENT = "agent-calendar";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	static final SampleTarget target = SampleTarget.start(0);

	static final AtomicLong jobIds = new AtomicLong(500);

	/** A zone where it is between 11:00 and 13:00 now. */
	static final ZoneOffset NOON = ZoneOffset.ofHours(12 - ZonedDateTime.now(ZoneOffset.UTC).getHour());

	static final LocalDate TODAY = LocalDate.now(NOON);

	@Autowired
	AgentRuntime runtime;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
	}

	@AfterAll
	static void close() {
		target.close();
		support.close();
	}

	@Test
	void aHolidaySilencesAJobAMakeUpDayMakesOneFireAndAChangeTakesEffectWithoutDuplicateOrLoss() {
		awaitRegistered();
		Set<DayOfWeek> allWeek = EnumSet.allOf(DayOfWeek.class);
		Set<DayOfWeek> notToday = EnumSet.complementOf(EnumSet.of(TODAY.getDayOfWeek()));
		BusinessCalendar holidayToday = calendar("holiday", allWeek, List.of(DayRange.of(TODAY, "Closed")), List.of());
		BusinessCalendar makeUpToday = calendar("make-up", notToday, List.of(), List.of(DayRange.of(TODAY, "Make-up")));
		JobSpec silenced = everySecond(holidayToday, CalendarRule.WORKING_DAYS_ONLY);
		JobSpec working = everySecond(makeUpToday, CalendarRule.WORKING_DAYS_ONLY);
		support.assign(AGENT, silenced);
		support.assign(AGENT, working);

		await().atMost(Duration.ofSeconds(60)).until(() -> target.runsByScheduledAt(working.id()).size() >= 6);
		assertThat(target.runsByScheduledAt(silenced.id())).isEmpty();

		// the holiday is called off, and the make-up day too, on the running agent
		Instant reopened = Instant.now();
		support.assign(AGENT, recalendared(silenced, calendar("holiday", allWeek, List.of(), List.of()), 2));
		support.assign(AGENT, recalendared(working, calendar("make-up", notToday, List.of(), List.of()), 2));

		await().atMost(Duration.ofSeconds(60)).until(() -> target.runsByScheduledAt(silenced.id()).size() >= 8);
		Map<String, Long> started = target.runsByScheduledAt(silenced.id());
		assertThat(started.values()).as("one call per second").allMatch((calls) -> calls == 1);
		assertEverySecondBetweenFirstAndLast(started);
		assertThat(Instant.parse(started.keySet().stream().sorted().findFirst().orElseThrow()))
			.isBefore(reopened.plusSeconds(10));
		Map<String, Long> stopped = target.runsByScheduledAt(working.id());
		assertThat(stopped.values()).allMatch((calls) -> calls == 1);
		assertEverySecondBetweenFirstAndLast(stopped);
		// a fire planned or claimed before the change came may still run; none after
		assertThat(stopped.keySet())
			.allSatisfy((second) -> assertThat(Instant.parse(second)).isBefore(reopened.plusSeconds(5)));
		assertThat(support.jdbc()
			.queryForObject("SELECT COUNT(*) - COUNT(DISTINCT scheduled_at) FROM execution WHERE job_id = ?",
					Long.class, silenced.id()))
			.isZero();
	}

	@Test
	void firesMovedFromYesterdaysHolidayAndFromTomorrowsFireTodayAtTheirOwnTime() {
		awaitRegistered();
		LocalDateTime soon = LocalDateTime.now(NOON).plusSeconds(20).truncatedTo(ChronoUnit.SECONDS);
		Set<DayOfWeek> allWeek = EnumSet.allOf(DayOfWeek.class);
		// a yearly schedule that fires yesterday at that time, yesterday being a holiday
		JobSpec fromYesterday = job(yearlyOn(TODAY.minusDays(1), soon),
				calendar("yesterday-off", allWeek, List.of(DayRange.of(TODAY.minusDays(1), "Holiday")), List.of()),
				CalendarRule.NEXT_WORKING_DAY);
		// and one that fires tomorrow at that time plus 5 s, tomorrow being a holiday
		JobSpec fromTomorrow = job(yearlyOn(TODAY.plusDays(1), soon.plusSeconds(5)),
				calendar("tomorrow-off", allWeek, List.of(DayRange.of(TODAY.plusDays(1), "Holiday")), List.of()),
				CalendarRule.PREVIOUS_WORKING_DAY);
		support.assign(AGENT, fromYesterday);
		support.assign(AGENT, fromTomorrow);

		await().atMost(Duration.ofSeconds(90))
			.until(() -> !target.runsByScheduledAt(fromYesterday.id()).isEmpty()
					&& !target.runsByScheduledAt(fromTomorrow.id()).isEmpty());

		assertThat(target.runsByScheduledAt(fromYesterday.id()))
			.containsExactly(Map.entry(soon.atOffset(NOON).toInstant().toString(), 1L));
		assertThat(target.runsByScheduledAt(fromTomorrow.id()))
			.containsExactly(Map.entry(soon.plusSeconds(5).atOffset(NOON).toInstant().toString(), 1L));
		support.unassign(AGENT, fromYesterday.id());
		support.unassign(AGENT, fromTomorrow.id());
	}

	private static void assertEverySecondBetweenFirstAndLast(Map<String, Long> runs) {
		List<Instant> seconds = runs.keySet().stream().map(Instant::parse).sorted().toList();
		long span = seconds.get(0).until(seconds.get(seconds.size() - 1), ChronoUnit.SECONDS) + 1;
		assertThat(seconds).as("no second lost between the first and the last fire").hasSize((int) span);
	}

	/** A Quartz cron that fires on one date a year at a wall-clock time. */
	private static String yearlyOn(LocalDate day, LocalDateTime time) {
		return time.getSecond() + " " + time.getMinute() + " " + time.getHour() + " " + day.getDayOfMonth() + " "
				+ day.getMonthValue() + " ?";
	}

	private static BusinessCalendar calendar(String name, Set<DayOfWeek> workingDays, List<DayRange> holidays,
			List<DayRange> workdays) {
		return new BusinessCalendar(name, workingDays, holidays, workdays, NOON.getId());
	}

	private JobSpec everySecond(BusinessCalendar calendar, CalendarRule rule) {
		return job(AgentTestSupport.EVERY_SECOND, calendar, rule);
	}

	private JobSpec job(String schedule, BusinessCalendar calendar, CalendarRule rule) {
		long id = jobIds.incrementAndGet();
		JobSpec plain = AgentTestSupport.defaultHttpJob(id, schedule, target.url("/ok"));
		JobSpec inZone = new JobSpec(id, plain.name(), null, schedule, NOON.getId(), plain.target(),
				plain.timeoutSeconds(), plain.retry(), plain.misfirePolicy(), plain.overlapPolicy(), plain.assignment(),
				true, 1);
		return inZone.withCalendar(new JobCalendar(id, calendar.name(), rule, calendar));
	}

	private static JobSpec recalendared(JobSpec job, BusinessCalendar calendar, long version) {
		return job.withCalendar(new JobCalendar(job.calendar().id(), calendar.name(), job.calendar().rule(), calendar))
			.withIdAndVersion(job.id(), version);
	}

	private void awaitRegistered() {
		await().atMost(Duration.ofSeconds(30)).until(() -> support.registered(AGENT) && this.runtime.fence().mayFire());
	}

}
