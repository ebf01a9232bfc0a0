package io.crony.common.calendar;

import java.time.DayOfWeek;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A named business calendar: which days are working days. A make-up working day beats a
 * holiday and the weekly pattern; a holiday beats the weekly pattern.
 *
 * @param name the calendar's name, unique in its department
 * @param workingDays the days of the week that are working days unless a holiday says
 * otherwise; never empty in a stored calendar
 * @param holidays days off, such as public holidays
 * @param workdays make-up working days: days the weekly pattern has off that are worked,
 * such as the Saturday before a Chinese public holiday week
 * @param timeZone the IANA zone whose dates the calendar speaks of; null: each job's own
 * zone
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BusinessCalendar(String name, Set<DayOfWeek> workingDays, List<DayRange> holidays,
		List<DayRange> workdays, String timeZone) {

	/** Monday to Friday. */
	public static final Set<DayOfWeek> WEEKDAYS = Collections
		.unmodifiableSet(EnumSet.range(DayOfWeek.MONDAY, DayOfWeek.FRIDAY));

	public BusinessCalendar {
		// an EnumSet keeps the week's order, so the JSON reads Monday first every time
		workingDays = Collections
			.unmodifiableSet(EnumSet.copyOf((workingDays == null || workingDays.isEmpty()) ? WEEKDAYS : workingDays));
		holidays = (holidays != null) ? List.copyOf(holidays) : List.of();
		workdays = (workdays != null) ? List.copyOf(workdays) : List.of();
	}

}
