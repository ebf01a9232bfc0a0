package io.crony.web.calendar;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.calendar.DayRange;
import io.crony.web.api.PlainName;

/**
 * A business calendar as {@code POST /calendars} and {@code PUT /calendars/{id}} take it;
 * rules across fields are {@link CalendarValidator}'s.
 *
 * @param name unique in the department, at most 64 characters
 * @param description free text
 * @param workingDays the days of the week worked, at least one
 * @param holidays days off
 * @param workdays make-up working days
 * @param timeZone the IANA zone whose dates the calendar speaks of; absent: each job's
 * own zone
 * @param version on update: the version the client last read (409 when it moved on)
 */
record CalendarRequest(@NotBlank @Size(max = 64) @PlainName String name, @Size(max = 1024) String description,
		@Schema(description = WORKING_DAYS) @NotNull @Size(min = 1, max = 7) List<@NotNull DayOfWeek> workingDays,
		@Schema(description = HOLIDAYS) @Size(max = CalendarValidator.MAX_RANGES) List<@NotNull @Valid Days> holidays,
		@Schema(description = WORKDAYS) @Size(max = CalendarValidator.MAX_RANGES) List<@NotNull @Valid Days> workdays,
		@Schema(description = TIME_ZONE) @Size(max = 64) String timeZone, Long version) {

	static final String WORKING_DAYS = "the days of the week that are working days unless a holiday says otherwise, "
			+ "e.g. [MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY]";

	static final String HOLIDAYS = "days off: public holidays, company closures";

	static final String WORKDAYS = "make-up working days: days the weekly pattern has off that are worked "
			+ "(a make-up day beats a holiday and the weekly pattern)";

	static final String TIME_ZONE = "the IANA zone whose dates the calendar speaks of; absent: each job's own zone";

	/** The calendar these fields describe. */
	BusinessCalendar toCalendar() {
		return new BusinessCalendar(this.name.strip(), Set.copyOf(this.workingDays), ranges(this.holidays),
				ranges(this.workdays),
				(this.timeZone == null || this.timeZone.isBlank()) ? null : this.timeZone.strip());
	}

	private static List<DayRange> ranges(List<Days> days) {
		return (days != null) ? days.stream().map(Days::toRange).toList() : List.of();
	}

	/**
	 * Consecutive days.
	 *
	 * @param from the first day
	 * @param to the last day, inclusive; absent: {@code from}
	 * @param name what the days are, such as {@code National Day}
	 */
	record Days(@NotNull LocalDate from, LocalDate to, @Size(max = 128) @PlainName String name) {

		DayRange toRange() {
			return new DayRange(this.from, this.to,
					(this.name == null || this.name.isBlank()) ? null : this.name.strip());
		}

	}

}
