package io.crony.common.calendar;

import java.time.Instant;

/**
 * Why a fire of a job's schedule is not where its schedule puts it, for the preview.
 *
 * @param kind moved or skipped
 * @param at where the fire is now (moved), or the instant skipped
 * @param from the instant the schedule put a moved fire at; null for a skipped one
 * @param reason the day's rule, e.g. "2026-10-01 (Thursday) is a holiday (National Day)
 * in calendar 'cn'"
 */
public record FireNote(Kind kind, Instant at, Instant from, String reason) {

	public enum Kind {

		MOVED, SKIPPED

	}

}
