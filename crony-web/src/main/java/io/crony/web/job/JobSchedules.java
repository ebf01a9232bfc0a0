package io.crony.web.job;

import java.time.Instant;
import java.util.List;

import io.crony.common.schedule.InvalidScheduleException;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

/**
 * Reads schedules with crony-common's engine, the same code the agents fire with, so a
 * schedule the API accepts is one the agents run.
 */
final class JobSchedules {

	private JobSchedules() {
	}

	/**
	 * Checks a schedule and its zone.
	 * @return the problem, on {@code schedule} or {@code timeZone}, or null when valid
	 */
	static FieldProblem check(String expression, String zoneId) {
		try {
			parse(expression, zoneId);
			return null;
		}
		catch (InvalidRequestException ex) {
			return ex.errors().get(0);
		}
	}

	/**
	 * The next fire times after an instant.
	 * @throws InvalidRequestException when the schedule or zone is invalid
	 */
	static List<Instant> nextFires(String expression, String zoneId, Instant after, int count) {
		return parse(expression, zoneId).nextFires(after, count);
	}

	private static Schedule parse(String expression, String zoneId) {
		try {
			return Schedules.parse(expression, zoneId);
		}
		catch (InvalidScheduleException ex) {
			throw InvalidRequestException.of("timeZone".equals(ex.field()) ? "timeZone" : "schedule", ex.getMessage());
		}
	}

}
