package io.crony.common.calendar;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The business calendar a job follows, as its spec carries it: the rule and the whole
 * calendar, so an agent needs nothing but the spec to fire it. A calendar change is
 * published as a new version of every job that follows the calendar.
 *
 * @param id the calendar's id in the job store
 * @param name the calendar's name
 * @param rule how fires follow it
 * @param definition the calendar as it was when the job's version was written
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobCalendar(Long id, String name, CalendarRule rule, BusinessCalendar definition) {

}
