package io.crony.agent.schedule;

import java.time.ZoneId;

import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.calendar.JobCalendar;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;

/**
 * Turns a job's schedule expression, and the business calendar it follows, into fire
 * times with crony-common's schedule engine, the same code the web validates and previews
 * jobs with.
 */
public final class ScheduleParser {

	/**
	 * @param expression the job's schedule
	 * @param zone the job's time zone
	 * @param calendar the business calendar the job follows, or null
	 * @return its fire times
	 * @throws io.crony.common.schedule.InvalidScheduleException when the expression
	 * cannot be read
	 */
	public FireTimes parse(String expression, ZoneId zone, JobCalendar calendar) {
		Schedule schedule = CalendarSchedule.wrap(Schedules.parse(expression, zone), calendar);
		return schedule::nextFireAfter;
	}

}
