package io.crony.agent.schedule;

import java.time.ZoneId;

import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;

/**
 * Turns a job's schedule expression into fire times with crony-common's schedule engine,
 * the same code the web validates jobs with.
 */
public final class ScheduleParser {

	/**
	 * @param expression the job's schedule
	 * @param zone the job's time zone
	 * @return its fire times
	 * @throws io.crony.common.schedule.InvalidScheduleException when the expression
	 * cannot be read
	 */
	public FireTimes parse(String expression, ZoneId zone) {
		Schedule schedule = Schedules.parse(expression, zone);
		return schedule::nextFireAfter;
	}

}
