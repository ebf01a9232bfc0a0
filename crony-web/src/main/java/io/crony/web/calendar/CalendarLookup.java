package io.crony.web.calendar;

import java.util.Optional;

import org.springframework.stereotype.Component;

import io.crony.common.calendar.CalendarRule;
import io.crony.common.calendar.JobCalendar;

/** Finds the calendar a job names, in the job's department. */
@Component
public class CalendarLookup {

	private final CalendarMapper calendars;

	CalendarLookup(CalendarMapper calendars) {
		this.calendars = calendars;
	}

	/**
	 * @param department the job's department
	 * @param name the calendar's name
	 * @param rule how the job follows it
	 * @return the calendar as the job is to carry it, empty when the department has none
	 * of that name
	 */
	public Optional<JobCalendar> find(long department, String name, CalendarRule rule) {
		CalendarEntity row = (name != null) ? this.calendars.findNamed(department, name.strip()) : null;
		return Optional.ofNullable(row).map((found) -> new JobCalendar(found.id, found.name, rule, found.calendar()));
	}

}
