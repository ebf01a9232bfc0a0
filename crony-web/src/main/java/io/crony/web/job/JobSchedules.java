package io.crony.web.job;

import java.time.Instant;
import java.util.List;

import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.calendar.FireNote;
import io.crony.common.calendar.JobCalendar;
import io.crony.common.schedule.InvalidScheduleException;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

/**
 * Reads schedules with crony-common's engine, the same code the agents fire with, so a
 * schedule the API accepts is one the agents run, and a preview shows the fires they
 * make: with the job's business calendar applied the same way.
 */
final class JobSchedules {

	/** Notes a preview gives at most. */
	static final int MAX_NOTES = 100;

	private JobSchedules() {
	}

	/**
	 * Checks a schedule and its zone.
	 * @return the problem, on {@code schedule} or {@code timeZone}, or null when valid
	 */
	static FieldProblem check(String expression, String zoneId) {
		try {
			parse(expression, zoneId, null);
			return null;
		}
		catch (InvalidRequestException ex) {
			return ex.errors().get(0);
		}
	}

	/**
	 * The next fire times after an instant.
	 * @param calendar the business calendar the job follows, or null
	 * @throws InvalidRequestException when the schedule or zone is invalid
	 */
	static List<Instant> nextFires(String expression, String zoneId, JobCalendar calendar, Instant after, int count) {
		if (expression == null || expression.isBlank()) {
			// a job with upstreams and no schedule of its own: its runs come from them
			return List.of();
		}
		return parse(expression, zoneId, calendar).nextFires(after, count);
	}

	/**
	 * The next fire times after an instant, with why a fire moved or was skipped.
	 * @param calendar the business calendar the job follows, or null
	 * @throws InvalidRequestException when the schedule or zone is invalid
	 */
	static Preview preview(String expression, String zoneId, JobCalendar calendar, Instant after, int count) {
		if (expression == null || expression.isBlank()) {
			return new Preview(List.of(), List.of());
		}
		Schedule schedule = parse(expression, zoneId, calendar);
		List<Instant> fires = schedule.nextFires(after, count);
		List<FireNote> notes = (schedule instanceof CalendarSchedule bent) ? bent.notes(after, fires, MAX_NOTES)
				: List.of();
		return new Preview(fires, notes);
	}

	private static Schedule parse(String expression, String zoneId, JobCalendar calendar) {
		try {
			return CalendarSchedule.wrap(Schedules.parse(expression, zoneId), calendar);
		}
		catch (InvalidScheduleException ex) {
			String field = "timeZone".equals(ex.field()) ? "timeZone" : "schedule";
			// every schedule rule carries its code (InvalidScheduleException requires
			// one)
			FieldErrorCode code = FieldErrorCode.valueOf(ex.code());
			throw new InvalidRequestException(List.of(new FieldProblem(field, ex.getMessage(), code, ex.params())));
		}
	}

	/**
	 * @param fires the next fire instants
	 * @param notes which of them moved, and which fires the calendar skipped, with why
	 */
	record Preview(List<Instant> fires, List<FireNote> notes) {
	}

}
