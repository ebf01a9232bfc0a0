package io.crony.web.calendar;

import java.time.DayOfWeek;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.swagger.v3.oas.annotations.media.Schema;

import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.calendar.DayRange;

/** A business calendar as the API shows it, with how many jobs follow it. */
record CalendarResponse(long id, String name, String description, Set<DayOfWeek> workingDays, List<DayRange> holidays,
		List<DayRange> workdays, String timeZone, long version,
		@Schema(description = "how many of the department's jobs follow the calendar") long jobCount, String createdBy,
		Instant createdAt, String updatedBy, Instant updatedAt) {

	static CalendarResponse of(CalendarEntity row, long jobCount) {
		BusinessCalendar calendar = row.calendar();
		return new CalendarResponse(row.id, row.name, row.description, calendar.workingDays(), calendar.holidays(),
				calendar.workdays(), calendar.timeZone(), row.version, jobCount, row.createdBy, row.createdAt,
				row.updatedBy, row.updatedAt);
	}

}
