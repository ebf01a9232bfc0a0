package io.crony.web.calendar;

import java.time.DayOfWeek;
import java.util.List;
import java.util.Set;

import io.crony.common.reason.Reason;

/**
 * What an iCalendar file says about working days.
 *
 * @param marks its holidays and make-up working days
 * @param workingDays the weekly pattern a Crony export wrote, null when the file has none
 * @param timeZone the zone a Crony export wrote ({@code X-WR-TIMEZONE}), null when none
 * @param ignored the events that are not days, each with why
 */
record IcsDays(DayMarks marks, Set<DayOfWeek> workingDays, String timeZone, List<Reason> ignored) {
}
