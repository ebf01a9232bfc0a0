package io.crony.common.calendar;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;

import static org.assertj.core.api.Assertions.assertThat;

class CalendarScheduleTest {

	private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");

	/** November 2026: Monday 9th is a holiday, Saturday 14th a make-up working day. */
	private static final BusinessCalendar NOVEMBER = new BusinessCalendar("ops", BusinessCalendar.WEEKDAYS,
			List.of(DayRange.of(LocalDate.of(2026, 11, 9), "Holiday Monday")),
			List.of(DayRange.of(LocalDate.of(2026, 11, 14), "Make-up Saturday")), null);

	private static Schedule schedule(String cron, CalendarRule rule, BusinessCalendar calendar) {
		return CalendarSchedule.wrap(Schedules.parse(cron, SHANGHAI),
				new JobCalendar(1L, calendar.name(), rule, calendar));
	}

	private static Instant at(int month, int day, int hour, int minute) {
		return ZonedDateTime.of(2026, month, day, hour, minute, 0, 0, SHANGHAI).toInstant();
	}

	private static List<Instant> firesInNovember(Schedule schedule) {
		Instant start = at(11, 1, 0, 0).minusSeconds(1);
		Instant end = at(12, 1, 0, 0);
		return schedule.nextFires(start, 100).stream().filter((fire) -> fire.isBefore(end)).toList();
	}

	private static List<Integer> days(List<Instant> fires) {
		return fires.stream().map((fire) -> fire.atZone(SHANGHAI).getDayOfMonth()).toList();
	}

	@Test
	void workingDaysOnlyFiresOnExactlyTheWorkingDaysOfTheMonth() {
		List<Instant> fires = firesInNovember(schedule("0 0 9 * * ?", CalendarRule.WORKING_DAYS_ONLY, NOVEMBER));

		assertThat(days(fires)).containsExactly(2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 23, 24, 25, 26,
				27, 30);
		assertThat(fires)
			.allSatisfy((fire) -> assertThat(fire.atZone(SHANGHAI).toLocalTime()).isEqualTo(LocalTime.of(9, 0)));
	}

	@Test
	void aWeekdayCronOnWorkingDaysSkipsTheHolidayButCannotReachTheMakeUpSaturday() {
		List<Instant> fires = firesInNovember(schedule("0 9 * * 1-5", CalendarRule.WORKING_DAYS_ONLY, NOVEMBER));

		assertThat(days(fires)).doesNotContain(9, 14).hasSize(20);
	}

	@Test
	void skipHolidaysKeepsWeekendsAndDropsOnlyTheHoliday() {
		List<Instant> fires = firesInNovember(schedule("0 9 * * *", CalendarRule.SKIP_HOLIDAYS, NOVEMBER));

		assertThat(days(fires)).hasSize(29).doesNotContain(9).contains(1, 7, 8, 14, 15);
	}

	@Test
	void aMonthlyFireOnASundayMovesToTheNextWorkingDayAtTheSameTime() {
		// 1 November 2026 is a Sunday; with Monday 2nd a holiday too it lands on Tuesday
		BusinessCalendar calendar = new BusinessCalendar("ops", null,
				List.of(DayRange.of(LocalDate.of(2026, 11, 2), "Holiday")), List.of(), null);

		Schedule schedule = schedule("30 8 1 * *", CalendarRule.NEXT_WORKING_DAY, calendar);

		assertThat(schedule.nextFireAfter(at(10, 15, 0, 0))).contains(at(11, 3, 8, 30));
		assertThat(schedule.nextFireAfter(at(11, 3, 8, 30))).contains(at(12, 1, 8, 30));
	}

	@Test
	void aMonthlyFireOnASundayMovesBackToTheFridayBefore() {
		Schedule schedule = schedule("30 8 1 * *", CalendarRule.PREVIOUS_WORKING_DAY, NOVEMBER);

		assertThat(schedule.nextFireAfter(at(10, 15, 0, 0))).contains(at(10, 30, 8, 30));
		assertThat(schedule.nextFireAfter(at(10, 30, 8, 30))).contains(at(12, 1, 8, 30));
	}

	@Test
	void weekendFiresMovedToMondayAreOneFireWithMondaysOwn() {
		Schedule schedule = schedule("0 9 * * *", CalendarRule.NEXT_WORKING_DAY, NOVEMBER);

		List<Instant> fires = firesInNovember(schedule);

		// Sunday 1st lands on Monday 2nd; 7th, 8th and the holiday 9th land on Tuesday
		// 10th
		assertThat(days(fires)).containsExactly(2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 23, 24, 25, 26,
				27, 30);
	}

	@Test
	void aMovedFireLaterInTheDayComesAfterTheDaysOwnEarlierFire() {
		// Saturday 23:00 moves to Monday 23:00, after Monday's own 09:00
		Schedule schedule = schedule("0 0 9,23 ? * MON,SAT", CalendarRule.NEXT_WORKING_DAY, NOVEMBER);

		assertThat(schedule.nextFires(at(11, 16, 0, 0), 3)).containsExactly(at(11, 16, 9, 0), at(11, 16, 23, 0),
				at(11, 23, 9, 0));
		// a fire on the make-up Saturday stays where it is
		assertThat(schedule.nextFires(at(11, 14, 0, 0), 2)).containsExactly(at(11, 14, 9, 0), at(11, 14, 23, 0));
	}

	@Test
	void aScheduleThatOnlyFiresOnDaysOffNeverFiresOnWorkingDaysOnly() {
		BusinessCalendar calendar = new BusinessCalendar("plain", null, List.of(), List.of(), null);

		Schedule schedule = schedule("0 9 * * 6", CalendarRule.WORKING_DAYS_ONLY, calendar);

		assertThat(schedule.nextFireAfter(at(11, 1, 0, 0))).isEmpty();
	}

	@Test
	void aOneShotScheduleMovesOnceThenEnds() {
		Schedule schedule = schedule("@at 2026-11-08T10:00:00", CalendarRule.NEXT_WORKING_DAY, NOVEMBER);

		assertThat(schedule.nextFires(at(11, 1, 0, 0), 5)).containsExactly(at(11, 10, 10, 0));
	}

	@Test
	void theCalendarZoneDecidesTheDay() {
		// 01:00 in Shanghai on Monday the 9th is still Sunday the 8th in UTC
		BusinessCalendar utc = new BusinessCalendar("utc", BusinessCalendar.WEEKDAYS, List.of(), List.of(), "UTC");

		Schedule schedule = schedule("0 1 * * *", CalendarRule.WORKING_DAYS_ONLY, utc);

		assertThat(schedule.nextFireAfter(at(11, 8, 12, 0))).contains(at(11, 10, 1, 0));
	}

	@Test
	void thePreviewSaysWhichFiresMovedFromWhereAndWhy() {
		CalendarSchedule schedule = (CalendarSchedule) schedule("30 8 * * *", CalendarRule.NEXT_WORKING_DAY, NOVEMBER);
		Instant after = at(11, 6, 12, 0);
		List<Instant> fires = schedule.nextFires(after, 3);

		List<FireNote> notes = schedule.notes(after, fires, 10);

		// Saturday 7th, Sunday 8th and the holiday Monday 9th all land on Tuesday 10th,
		// which has a fire of its own: a note for each of the three
		assertThat(fires).containsExactly(at(11, 10, 8, 30), at(11, 11, 8, 30), at(11, 12, 8, 30));
		assertThat(notes).hasSize(3).allSatisfy((note) -> {
			assertThat(note.kind()).isEqualTo(FireNote.Kind.MOVED);
			assertThat(note.at()).isEqualTo(at(11, 10, 8, 30));
			assertThat(note.reason()).endsWith("; it is one fire with the schedule's own on 2026-11-10");
		});
		assertThat(notes).extracting(FireNote::from)
			.containsExactly(at(11, 7, 8, 30), at(11, 8, 8, 30), at(11, 9, 8, 30));
		assertThat(notes.get(0).reason()).isEqualTo("2026-11-07 is a Saturday, not a working day in calendar 'ops'"
				+ "; it is one fire with the schedule's own on 2026-11-10");
		assertThat(notes.get(2).reason()).startsWith("2026-11-09 (Monday) is a holiday (Holiday Monday)");
	}

	@Test
	void firesMergedOntoADayWithoutOneOfItsOwnEachHaveANote() {
		// weekends only: Saturday's and Sunday's fires both move onto Monday the 9th's
		// holiday, so onto Tuesday the 10th, which has none of its own
		CalendarSchedule schedule = (CalendarSchedule) schedule("0 9 * * 6,0", CalendarRule.NEXT_WORKING_DAY, NOVEMBER);
		Instant after = at(11, 6, 12, 0);

		List<FireNote> notes = schedule.notes(after, schedule.nextFires(after, 1), 10);

		assertThat(notes).extracting(FireNote::at).containsOnly(at(11, 10, 9, 0));
		assertThat(notes).extracting(FireNote::from).containsExactly(at(11, 7, 9, 0), at(11, 8, 9, 0));
		assertThat(notes.get(0).reason()).doesNotContain("one fire");
		assertThat(notes.get(1).reason()).endsWith("; it is one fire with the one moved from 2026-11-07");
	}

	@Test
	void thePreviewNamesEachSkippedFireAndItsHoliday() {
		CalendarSchedule schedule = (CalendarSchedule) schedule("0 9 * * *", CalendarRule.WORKING_DAYS_ONLY, NOVEMBER);
		Instant after = at(11, 8, 12, 0);

		List<FireNote> notes = schedule.notes(after, schedule.nextFires(after, 1), 10);

		assertThat(notes).extracting(FireNote::kind, FireNote::at, FireNote::reason)
			.containsExactly(org.assertj.core.groups.Tuple.tuple(FireNote.Kind.SKIPPED, at(11, 9, 9, 0),
					"2026-11-09 (Monday) is a holiday (Holiday Monday) in calendar 'ops'"));
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "0 9 * * * | NEXT_WORKING_DAY", "0 0 9,23 ? * MON,SAT | NEXT_WORKING_DAY",
			"0 0 9,23 ? * MON,SAT | PREVIOUS_WORKING_DAY", "15 */5 * * * | NEXT_WORKING_DAY",
			"15 */5 * * * | PREVIOUS_WORKING_DAY", "0 12 1 * * | PREVIOUS_WORKING_DAY", "0 12 1 * * | NEXT_WORKING_DAY",
			"0 12 * * 0 | WORKING_DAYS_ONLY", "*/20 * * * * | SKIP_HOLIDAYS", "*/20 * * * * | WORKING_DAYS_ONLY" })
	void everyFireIsTheSortedSetOfMovedOrKeptBaseFires(String cron, CalendarRule rule) {
		BusinessCalendar calendar = new BusinessCalendar("cn",
				Set.of(DayOfWeek.MONDAY, DayOfWeek.TUESDAY, DayOfWeek.WEDNESDAY, DayOfWeek.THURSDAY, DayOfWeek.FRIDAY),
				List.of(new DayRange(LocalDate.of(2026, 10, 1), LocalDate.of(2026, 10, 7), "National Day"),
						DayRange.of(LocalDate.of(2026, 11, 9), null)),
				List.of(DayRange.of(LocalDate.of(2026, 9, 27), null), DayRange.of(LocalDate.of(2026, 10, 10), null)),
				null);
		CalendarSchedule schedule = (CalendarSchedule) schedule(cron, rule, calendar);
		Instant from = at(9, 20, 7, 13);
		Instant to = at(12, 1, 0, 0);

		List<Instant> actual = new ArrayList<>();
		Instant cursor = from;
		while (true) {
			Instant next = schedule.nextFireAfter(cursor).orElse(to);
			if (!next.isBefore(to)) {
				break;
			}
			actual.add(next);
			cursor = next;
		}

		assertThat(actual).isEqualTo(oracle(schedule, from, to));
	}

	/**
	 * Every base fire (from well before) kept, dropped or moved one by one, then sorted.
	 */
	private static List<Instant> oracle(CalendarSchedule schedule, Instant from, Instant to) {
		CalendarDays days = schedule.days();
		TreeSet<Instant> fires = new TreeSet<>();
		for (Instant fire : schedule.base().nextFires(from.minusSeconds(40L * 86400), 100_000)) {
			if (fire.isAfter(to.plusSeconds(40L * 86400))) {
				break;
			}
			LocalDate day = schedule.dayOf(fire);
			Instant landed = switch (schedule.rule()) {
				case WORKING_DAYS_ONLY, SKIP_HOLIDAYS -> schedule.keeps(day) ? fire : null;
				case NEXT_WORKING_DAY -> schedule.land(fire, nearestWorkingDay(days, day, 1));
				case PREVIOUS_WORKING_DAY -> schedule.land(fire, nearestWorkingDay(days, day, -1));
			};
			if (landed != null && landed.isAfter(from) && landed.isBefore(to)) {
				fires.add(landed);
			}
		}
		return List.copyOf(fires);
	}

	private static LocalDate nearestWorkingDay(CalendarDays days, LocalDate day, int direction) {
		LocalDate candidate = day;
		while (!days.isWorkingDay(candidate)) {
			candidate = candidate.plusDays(direction);
		}
		return candidate;
	}

}
