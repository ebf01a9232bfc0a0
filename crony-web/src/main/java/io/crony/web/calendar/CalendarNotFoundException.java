package io.crony.web.calendar;

import org.springframework.http.HttpStatus;

import io.crony.web.error.ApiException;

/** No calendar of this id in the department (another department's answers the same). */
final class CalendarNotFoundException extends ApiException {

	CalendarNotFoundException(long id) {
		super(HttpStatus.NOT_FOUND, "Calendar " + id + " does not exist");
	}

}
