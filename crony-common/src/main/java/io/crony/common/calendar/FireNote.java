package io.crony.common.calendar;

import java.time.Instant;
import java.util.List;

import io.crony.common.reason.Reason;

/**
 * Why a fire of a job's schedule is not where its schedule puts it, for the preview.
 *
 * @param kind moved or skipped
 * @param at where the fire is now (moved), or the instant skipped
 * @param from the instant the schedule put a moved fire at; null for a skipped one
 * @param reason the reasons in English, e.g. "2026-10-01 (Thursday) is a holiday
 * (National Day) in calendar 'cn'"
 * @param reasons the day's rule, then (for a moved fire that is one with another) how it
 * merged, each as a code the dashboard renders in the reader's language
 */
public record FireNote(Kind kind, Instant at, Instant from, String reason, List<Reason> reasons) {

	public FireNote(Kind kind, Instant at, Instant from, List<Reason> reasons) {
		this(kind, at, from, Reason.join(reasons), List.copyOf(reasons));
	}

	public enum Kind {

		MOVED, SKIPPED

	}

}
