package io.crony.common.calendar;

/** How a job's fires follow its business calendar. */
public enum CalendarRule {

	/** Fires only on working days: weekly working days and make-up days, not holidays. */
	WORKING_DAYS_ONLY,

	/**
	 * Fires on every day its schedule names except holidays (weekends are not skipped).
	 */
	SKIP_HOLIDAYS,

	/** A fire on a non-working day moves to the next working day, at the same time. */
	NEXT_WORKING_DAY,

	/**
	 * A fire on a non-working day moves to the previous working day, at the same time.
	 */
	PREVIOUS_WORKING_DAY

}
