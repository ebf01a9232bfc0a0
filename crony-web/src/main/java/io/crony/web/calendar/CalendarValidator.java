package io.crony.web.calendar;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;

/**
 * The rules of a calendar that span fields; the request's annotations checked its shape.
 */
final class CalendarValidator {

	/** Ranges of one kind in a calendar. */
	static final int MAX_RANGES = 2000;

	/**
	 * Days one range may span: a year, so a typo in a year cannot stop a job for ages.
	 */
	static final int MAX_RANGE_DAYS = 366;

	private static final LocalDate FIRST = LocalDate.of(1970, 1, 1);

	private static final LocalDate LAST = LocalDate.of(2199, 12, 31);

	private CalendarValidator() {
	}

	static List<FieldProblem> validate(CalendarRequest request) {
		List<FieldProblem> problems = new ArrayList<>();
		String name = request.name();
		if (name.indexOf('/') >= 0 || name.chars().anyMatch(Character::isISOControl)) {
			problems.add(FieldProblem.of("name", "must not contain '/' nor control characters",
					FieldErrorCode.SLASH_OR_CONTROL_CHARACTERS));
		}
		if (!name.equals(name.strip())) {
			problems.add(
					FieldProblem.of("name", "must not start or end with white space", FieldErrorCode.EDGE_WHITE_SPACE));
		}
		if (request.timeZone() != null && !request.timeZone().isBlank()) {
			try {
				ZoneId.of(request.timeZone().strip());
			}
			catch (DateTimeException ex) {
				problems.add(FieldProblem.of("timeZone",
						"'" + request.timeZone() + "' is not a known IANA time zone id such as Asia/Shanghai",
						FieldErrorCode.UNKNOWN_TIME_ZONE, request.timeZone()));
			}
		}
		Map<LocalDate, String> holidays = days("holidays", request.holidays(), problems);
		Map<LocalDate, String> workdays = days("workdays", request.workdays(), problems);
		workdays.forEach((day, field) -> {
			if (holidays.containsKey(day)) {
				problems.add(FieldProblem.of(field,
						day + " is also a holiday (" + holidays.get(day)
								+ "): a day is either a holiday or a make-up working day",
						FieldErrorCode.HOLIDAY_AND_WORKDAY, day, holidays.get(day)));
			}
		});
		return problems;
	}

	/** Each day of the ranges, with the field of the range it comes from. */
	private static Map<LocalDate, String> days(String field, List<CalendarRequest.Days> ranges,
			List<FieldProblem> problems) {
		Map<LocalDate, String> days = new HashMap<>();
		if (ranges == null) {
			return days;
		}
		for (int i = 0; i < ranges.size(); i++) {
			CalendarRequest.Days range = ranges.get(i);
			String at = field + "[" + i + "]";
			LocalDate to = (range.to() != null) ? range.to() : range.from();
			if (range.from().isBefore(FIRST) || to.isAfter(LAST)) {
				problems.add(FieldProblem.of(at, "must lie between " + FIRST + " and " + LAST,
						FieldErrorCode.OUT_OF_RANGE, FIRST, LAST));
			}
			else if (to.isBefore(range.from())) {
				problems.add(FieldProblem.of(at + ".to", "is " + to + ", before from (" + range.from() + ")",
						FieldErrorCode.RANGE_REVERSED, range.from(), to));
			}
			else if (to.toEpochDay() - range.from().toEpochDay() >= MAX_RANGE_DAYS) {
				problems.add(FieldProblem.of(at, "spans more than " + MAX_RANGE_DAYS + " days; split it",
						FieldErrorCode.RANGE_TOO_LONG, MAX_RANGE_DAYS));
			}
			else {
				for (LocalDate day = range.from(); !day.isAfter(to); day = day.plusDays(1)) {
					days.putIfAbsent(day, at);
				}
			}
		}
		return days;
	}

}
