/**
 * Business calendars: a department's named working-day calendars, their iCalendar import
 * and export, and the lookup jobs resolve a calendar through. A change is announced as
 * {@link io.crony.web.calendar.CalendarChanged}, so the jobs that follow the calendar are
 * written anew without this package knowing the job store.
 */
package io.crony.web.calendar;
