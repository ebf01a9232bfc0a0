package io.crony.common.calendar;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.TextStyle;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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

	/** Why a day is not worked, or how it is, in a sentence for the schedule preview. */
	public String describe(LocalDate day) {
		DayRange holiday = this.holidays.get(day);
		String weekday = day.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.ENGLISH);
		if (this.workdays.containsKey(day)) {
			return day + " (" + weekday + ") is a make-up working day" + named(this.workdays.get(day))
					+ " in calendar '" + this.name + "'";
		}
		if (holiday != null) {
			return day + " (" + weekday + ") is a holiday" + named(holiday) + " in calendar '" + this.name + "'";
		}
		return day + " is a " + weekday
				+ (this.workingDays.contains(day.getDayOfWeek()) ? ", a working day" : ", not a working day")
				+ " in calendar '" + this.name + "'";
	}

	private static String named(DayRange range) {
		return (range.name() != null && !range.name().isBlank()) ? " (" + range.name() + ")" : "";
	}

}
