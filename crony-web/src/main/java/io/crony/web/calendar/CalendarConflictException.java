package io.crony.web.calendar;

import java.util.List;

import org.springframework.http.HttpStatus;

import io.crony.web.error.ApiException;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

/** A calendar write that would clash with what is stored: a 409 that says with what. */
final class CalendarConflictException extends ApiException {

	private CalendarConflictException(String message, FieldProblem problem) {
		super(HttpStatus.CONFLICT, message, List.of(problem));
	}

	static CalendarConflictException nameTaken(String name) {
		return new CalendarConflictException("A calendar named '" + name + "' exists already",
				FieldProblem.of("name", "is taken in this department", FieldErrorCode.TAKEN));
	}

	static CalendarConflictException versionMoved(long id, long given, long current) {
		return new CalendarConflictException("Calendar " + id + " is at version " + current + ", not " + given,
				FieldProblem.of("version", "is " + given + "; read the calendar again (version " + current + ")",
						FieldErrorCode.VERSION_STALE, current));
	}

	static CalendarConflictException followed(String name, long jobs, List<String> some) {
		String names = String.join(", ", some) + ((jobs > some.size()) ? ", ..." : "");
		return new CalendarConflictException(
				"Calendar '" + name + "' is followed by " + jobs + " job" + ((jobs == 1) ? "" : "s") + " (" + names
						+ "): point them at another calendar or none first",
				FieldProblem.of("id", "is followed by " + jobs + " job" + ((jobs == 1) ? "" : "s"),
						FieldErrorCode.FOLLOWED_BY_JOBS, jobs, names));
	}

}
