package io.crony.common.calendar;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;

/**
 * A calendar's days, looked up in constant time: its ranges are spread into one entry per
 * day once, when a schedule is built, so a fire costs a hash lookup.
 */
public final class CalendarDays {

	private final String name;

	private final Set<DayOfWeek> workingDays;

	private final Map<LocalDate, DayRange> holidays = new HashMap<>();

	private final Map<LocalDate, DayRange> workdays = new HashMap<>();

	public CalendarDays(BusinessCalendar calendar) {
		this.name = calendar.name();
		this.workingDays = calendar.workingDays();
		calendar.holidays().forEach((range) -> spread(range, this.holidays));
		calendar.workdays().forEach((range) -> spread(range, this.workdays));
	}

	private static void spread(DayRange range, Map<LocalDate, DayRange> into) {
		for (LocalDate day = range.from(); !day.isAfter(range.to()); day = day.plusDays(1)) {
			into.putIfAbsent(day, range);
		}
	}

	/**
	 * Whether the day is worked: a make-up day, or a weekly working day that is no
	 * holiday.
	 */
	public boolean isWorkingDay(LocalDate day) {
		if (this.workdays.containsKey(day)) {
			return true;
		}
		return !this.holidays.containsKey(day) && this.workingDays.contains(day.getDayOfWeek());
	}

	/** Whether the day is one of the calendar's holidays (and no make-up day). */
	public boolean isHoliday(LocalDate day) {
		return this.holidays.containsKey(day) && !this.workdays.containsKey(day);
	}

	/** Why a day is not worked, or how it is, for the schedule preview. */
	public Reason describe(LocalDate day) {
		DayRange holiday = this.holidays.get(day);
		DayOfWeek weekday = day.getDayOfWeek();
		if (this.workdays.containsKey(day)) {
			DayRange workday = this.workdays.get(day);
			return named(workday)
					? Reason.of(ReasonCode.CALENDAR_MAKE_UP_DAY_NAMED, day, weekday, workday.name(), this.name)
					: Reason.of(ReasonCode.CALENDAR_MAKE_UP_DAY, day, weekday, this.name);
		}
		if (holiday != null) {
			return named(holiday)
					? Reason.of(ReasonCode.CALENDAR_HOLIDAY_NAMED, day, weekday, holiday.name(), this.name)
					: Reason.of(ReasonCode.CALENDAR_HOLIDAY, day, weekday, this.name);
		}
		return Reason.of(this.workingDays.contains(weekday) ? ReasonCode.CALENDAR_WORKING_WEEKDAY
				: ReasonCode.CALENDAR_NON_WORKING_WEEKDAY, day, weekday, this.name);
	}

	private static boolean named(DayRange range) {
		return range.name() != null && !range.name().isBlank();
	}

}
