package io.crony.common.calendar;

import java.time.LocalDate;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Consecutive days of a calendar: a holiday or a make-up working day (or a run of them).
 *
 * @param from the first day
 * @param to the last day, inclusive; equal to {@code from} for one day
 * @param name what the days are, such as {@code National Day}; may be null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DayRange(LocalDate from, LocalDate to, String name) {

	public DayRange {
		to = (to != null) ? to : from;
	}

	/** One named day. */
	public static DayRange of(LocalDate day, String name) {
		return new DayRange(day, day, name);
	}

	public boolean contains(LocalDate day) {
		return !day.isBefore(this.from) && !day.isAfter(this.to);
	}

	/** Days in the range, at least 1. */
	public long length() {
		return this.to.toEpochDay() - this.from.toEpochDay() + 1;
	}

}
