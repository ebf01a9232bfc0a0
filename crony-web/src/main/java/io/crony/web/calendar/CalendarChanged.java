package io.crony.web.calendar;

import io.crony.common.calendar.BusinessCalendar;

/**
 * A calendar was written: every job that follows it is to carry the new calendar. Sent
 * inside the calendar's transaction, so the calendar and its jobs change together or not
 * at all.
 *
 * @param id the calendar's id
 * @param calendar the calendar as it is now
 * @param by who changed it
 */
public record CalendarChanged(long id, BusinessCalendar calendar, String by) {
}
