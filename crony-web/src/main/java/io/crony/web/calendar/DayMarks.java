package io.crony.web.calendar;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import io.crony.common.calendar.DayRange;

/**
 * A calendar's holidays and make-up days one entry per day, which is how an import is
 * merged and compared; back to ranges, consecutive days of one kind and name are one
 * range again.
 */
final class DayMarks {

	enum Kind {

		HOLIDAY, WORKDAY

	}

	/** What one day is. */
	record Mark(Kind kind, String name) {
	}

	/**
	 * Days of one kind and name in a row, as an import's changes list them.
	 *
	 * @param kind holiday or make-up working day
	 * @param from the first day
	 * @param to the last day, inclusive
	 * @param name what the days are; may be null
	 */
	record Change(Kind kind, LocalDate from, LocalDate to, String name) {
	}

	private final TreeMap<LocalDate, Mark> days = new TreeMap<>();

	static DayMarks of(List<DayRange> holidays, List<DayRange> workdays) {
		DayMarks marks = new DayMarks();
		holidays.forEach((range) -> marks.put(range, Kind.HOLIDAY));
		workdays.forEach((range) -> marks.put(range, Kind.WORKDAY));
		return marks;
	}

	private void put(DayRange range, Kind kind) {
		for (LocalDate day = range.from(); !day.isAfter(range.to()); day = day.plusDays(1)) {
			this.days.put(day, new Mark(kind, range.name()));
		}
	}

	/** These marks with every day of {@code other} over them. */
	DayMarks overlaid(DayMarks other) {
		DayMarks merged = new DayMarks();
		merged.days.putAll(this.days);
		merged.days.putAll(other.days);
		return merged;
	}

	/** The days this has and {@code before} has not, or has otherwise, as ranges. */
	List<Change> changedFrom(DayMarks before) {
		TreeMap<LocalDate, Mark> changed = new TreeMap<>();
		this.days.forEach((day, mark) -> {
			if (!Objects.equals(before.days.get(day), mark)) {
				changed.put(day, mark);
			}
		});
		return runs(changed, Integer.MAX_VALUE).stream()
			.map((run) -> new Change(run.mark().kind(), run.from(), run.to(), run.mark().name()))
			.toList();
	}

	List<DayRange> ranges(Kind kind) {
		TreeMap<LocalDate, Mark> ofKind = new TreeMap<>();
		this.days.forEach((day, mark) -> {
			if (mark.kind() == kind) {
				ofKind.put(day, mark);
			}
		});
		return runs(ofKind, CalendarValidator.MAX_RANGE_DAYS).stream()
			.map((run) -> new DayRange(run.from(), run.to(), run.mark().name()))
			.toList();
	}

	private record Run(LocalDate from, LocalDate to, Mark mark) {
	}

	/** Consecutive days with one mark, at most {@code maxDays} long each. */
	private static List<Run> runs(TreeMap<LocalDate, Mark> days, int maxDays) {
		List<Run> runs = new ArrayList<>();
		LocalDate from = null;
		LocalDate to = null;
		Mark mark = null;
		for (Map.Entry<LocalDate, Mark> entry : days.entrySet()) {
			LocalDate day = entry.getKey();
			boolean continues = mark != null && entry.getValue().equals(mark) && day.equals(to.plusDays(1))
					&& day.toEpochDay() - from.toEpochDay() < maxDays;
			if (continues) {
				to = day;
				continue;
			}
			if (mark != null) {
				runs.add(new Run(from, to, mark));
			}
			from = day;
			to = day;
			mark = entry.getValue();
		}
		if (mark != null) {
			runs.add(new Run(from, to, mark));
		}
		return runs;
	}

}
