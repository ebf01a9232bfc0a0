package io.crony.web.calendar;

import java.time.DayOfWeek;
import java.util.List;
import java.util.Set;

import io.crony.common.reason.Reason;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * What an iCalendar import changes, or would change.
 *
 * @param applied whether the calendar was written (false for a dry run)
 * @param mode MERGE (the file's days over the calendar's) or REPLACE (the file's days
 * only)
 * @param added days the calendar gains, or whose kind or name changes
 * @param removed days the calendar loses, or whose kind or name changes
 * @param workingDaysBefore the weekly pattern before
 * @param workingDaysAfter the weekly pattern after
 * @param ignored events of the file that are not days, each with why, in English
 * @param ignoredReasons the same as codes with their parameters, for a reader in another
 * language
 * @param calendar the calendar after the import (as it would be, for a dry run)
 */
record CalendarImportResponse(boolean applied, ImportMode mode, List<DayMarks.Change> added,
		List<DayMarks.Change> removed, Set<DayOfWeek> workingDaysBefore, Set<DayOfWeek> workingDaysAfter,
		@Schema(description = "events of the file that are not days, each with why") List<String> ignored,
		@Schema(description = "the same as codes with their parameters (docs/api.md, \"Reasons\")") List<Reason> ignoredReasons,
		CalendarResponse calendar) {

	CalendarImportResponse(boolean applied, ImportMode mode, List<DayMarks.Change> added, List<DayMarks.Change> removed,
			Set<DayOfWeek> workingDaysBefore, Set<DayOfWeek> workingDaysAfter, List<Reason> ignored,
			CalendarResponse calendar) {
		this(applied, mode, added, removed, workingDaysBefore, workingDaysAfter,
				ignored.stream().map(Reason::text).toList(), List.copyOf(ignored), calendar);
	}

	/** How an import meets the calendar's days. */
	enum ImportMode {

		/** The file's days are added; a day in both takes the file's kind and name. */
		MERGE,

		/**
		 * The calendar's days become the file's; a Crony export's weekly pattern and zone
		 * too.
		 */
		REPLACE

	}

}
