package io.crony.common.calendar;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.schedule.Schedule;

/**
 * A schedule that follows a business calendar: it drops the fires of days the rule skips,
 * or moves them to the next or previous working day at the same wall-clock time. Fires
 * moved onto one instant are one fire, so a daily job moved off a weekend fires once on
 * Monday. Which day a fire falls on is read in the calendar's zone, else the schedule's.
 *
 * <p>
 * Moved fires are not in the order of the fires they come from (Saturday 23:00 moved to
 * Monday comes after Monday 09:00), so the next fire is found day by day: for each
 * working day from the instant on, the earliest fire that lands on it, from the day
 * itself and from the non-working days that move onto it.
 */
public final class CalendarSchedule implements Schedule {

	/** How far ahead a fire is looked for: a schedule with none in 10 years has ended. */
	static final int HORIZON_DAYS = 3660;

	private final Schedule base;

	private final CalendarDays days;

	private final CalendarRule rule;

	private final ZoneId zone;

	private CalendarSchedule(Schedule base, JobCalendar calendar) {
		this.base = base;
		this.days = new CalendarDays(calendar.definition());
		this.rule = calendar.rule();
		this.zone = zoneOf(calendar.definition(), base.zone());
	}

	/**
	 * The schedule as the calendar bends it.
	 * @param base the job's schedule
	 * @param calendar the job's calendar and rule, or null for none
	 * @return {@code base} itself when the job follows no calendar
	 */
	public static Schedule wrap(Schedule base, JobCalendar calendar) {
		if (calendar == null || calendar.definition() == null || calendar.rule() == null) {
			return base;
		}
		return new CalendarSchedule(base, calendar);
	}

	private static ZoneId zoneOf(BusinessCalendar calendar, ZoneId fallback) {
		if (calendar.timeZone() == null || calendar.timeZone().isBlank()) {
			return fallback;
		}
		try {
			return ZoneId.of(calendar.timeZone());
		}
		catch (DateTimeException ex) {
			return fallback;
		}
	}

	@Override
	public Optional<Instant> nextFireAfter(Instant after) {
		return switch (this.rule) {
			case WORKING_DAYS_ONLY, SKIP_HOLIDAYS -> kept(after);
			case NEXT_WORKING_DAY -> moved(after, 1);
			case PREVIOUS_WORKING_DAY -> moved(after, -1);
		};
	}

	@Override
	public String expression() {
		return this.base.expression();
	}

	@Override
	public ZoneId zone() {
		return this.base.zone();
	}

	/** The days the calendar speaks of, for explaining fires. */
	public CalendarDays days() {
		return this.days;
	}

	/** The rule the fires follow. */
	public CalendarRule rule() {
		return this.rule;
	}

	/** The schedule without the calendar. */
	public Schedule base() {
		return this.base;
	}

	/** The day a fire falls on, in the calendar's zone. */
	public LocalDate dayOf(Instant instant) {
		return instant.atZone(this.zone).toLocalDate();
	}

	/** Whether the rule keeps a fire of this day where it is. */
	public boolean keeps(LocalDate day) {
		return (this.rule == CalendarRule.SKIP_HOLIDAYS) ? !this.days.isHoliday(day) : this.days.isWorkingDay(day);
	}

	private Optional<Instant> kept(Instant after) {
		LocalDate last = dayOf(after).plusDays(HORIZON_DAYS);
		Instant cursor = after;
		while (true) {
			Optional<Instant> fire = this.base.nextFireAfter(cursor);
			if (fire.isEmpty()) {
				return fire;
			}
			LocalDate day = dayOf(fire.get());
			if (keeps(day)) {
				return fire;
			}
			LocalDate next = day.plusDays(1);
			while (!keeps(next) && !next.isAfter(last)) {
				next = next.plusDays(1);
			}
			if (next.isAfter(last)) {
				return Optional.empty();
			}
			// fires are whole seconds: nothing of the skipped days is at or after this
			cursor = startOf(next).minusSeconds(1);
		}
	}

	/**
	 * @param direction 1: a non-working day's fires move to the next working day; -1: to
	 * the previous one
	 */
	private Optional<Instant> moved(Instant after, int direction) {
		LocalDate today = dayOf(after);
		LocalDate last = today.plusDays(HORIZON_DAYS);
		// a fire lands on a working day on or after today: one landing before is not
		// after
		LocalDate target = workingDayFrom(today, 1, last);
		while (target != null) {
			List<LocalDate> sources = sources(target, direction);
			Instant best = null;
			for (LocalDate source : sources) {
				Instant landed = firstLanding(source, target, after, today);
				if (landed != null && (best == null || landed.isBefore(best))) {
					best = landed;
				}
			}
			if (best != null) {
				return Optional.of(best);
			}
			// no fire lands on this working day: go straight to the one the next fire
			// lands on, so a yearly schedule costs a few steps, not a year of days
			LocalDate lastSource = sources.get(sources.size() - 1);
			LocalDate end = (direction > 0) ? target : lastSource;
			Optional<Instant> next = this.base.nextFireAfter(startOf(end.plusDays(1)).minusSeconds(1));
			if (next.isEmpty()) {
				return next;
			}
			LocalDate day = dayOf(next.get());
			LocalDate previous = target;
			target = this.days.isWorkingDay(day) ? day : workingDayFrom(day, direction, last);
			if (target == null || target.isAfter(last) || !target.isAfter(previous)) {
				// past the horizon; or no progress, which the sources rule out
				return Optional.empty();
			}
		}
		return Optional.empty();
	}

	/**
	 * The days whose fires land on a working day: the day, and the non-working days
	 * before it (moving forward) or after it (moving back), nearest first; moving back,
	 * the last is the latest.
	 */
	private List<LocalDate> sources(LocalDate target, int direction) {
		List<LocalDate> sources = new ArrayList<>();
		sources.add(target);
		// fires move forward from the days before, back from the days after
		LocalDate day = target.minusDays(direction);
		for (int i = 0; i < HORIZON_DAYS && !this.days.isWorkingDay(day); i++) {
			sources.add(day);
			day = day.minusDays(direction);
		}
		return sources;
	}

	/**
	 * The earliest fire of {@code source} that, moved onto {@code target} at its wall
	 * time, is after {@code after}; null when none is.
	 */
	private Instant firstLanding(LocalDate source, LocalDate target, Instant after, LocalDate today) {
		// on today's target only fires later in the day than the instant can land after
		// it
		Instant from = target.equals(today)
				? ZonedDateTime.of(source, after.atZone(this.zone).toLocalTime(), this.zone).toInstant().minusSeconds(1)
				: startOf(source).minusSeconds(1);
		Optional<Instant> fire = this.base.nextFireAfter(from);
		while (fire.isPresent() && dayOf(fire.get()).equals(source)) {
			Instant landed = land(fire.get(), target);
			if (landed.isAfter(after)) {
				return landed;
			}
			fire = this.base.nextFireAfter(fire.get());
		}
		return null;
	}

	/**
	 * Why the fires of a window are not where the schedule alone puts them: each moved
	 * fire with the fire it comes from, and each fire skipped, in the order of the
	 * instants.
	 * @param after where the window starts (exclusive)
	 * @param fires the schedule's next fires after it, as {@link #nextFires} gives them
	 * @param limit the most notes given
	 */
	public List<FireNote> notes(Instant after, List<Instant> fires, int limit) {
		List<FireNote> notes = new ArrayList<>();
		if (this.rule == CalendarRule.WORKING_DAYS_ONLY || this.rule == CalendarRule.SKIP_HOLIDAYS) {
			Instant end = fires.isEmpty() ? after.plusSeconds(HORIZON_DAYS * 86_400L) : fires.get(fires.size() - 1);
			Instant cursor = after;
			// a bounded walk: an every-second schedule skips 86,400 fires a holiday
			for (int i = 0; i < limit * 100 && notes.size() < limit; i++) {
				Optional<Instant> fire = this.base.nextFireAfter(cursor);
				if (fire.isEmpty() || fire.get().isAfter(end)) {
					break;
				}
				LocalDate day = dayOf(fire.get());
				if (!keeps(day)) {
					notes.add(new FireNote(FireNote.Kind.SKIPPED, fire.get(), null, List.of(this.days.describe(day))));
				}
				cursor = fire.get();
			}
			return notes;
		}
		int direction = (this.rule == CalendarRule.NEXT_WORKING_DAY) ? 1 : -1;
		for (Instant fire : fires) {
			List<Instant> sources = movedFrom(fire, direction);
			if (sources.isEmpty()) {
				continue;
			}
			// several days' fires merged onto one: a note for each, so every fire the
			// calendar moves is accounted for, not only the first
			Optional<Instant> own = this.base.nextFireAfter(fire.minusSeconds(1));
			boolean ownFire = own.isPresent() && own.get().equals(fire);
			for (int i = 0; i < sources.size() && notes.size() < limit; i++) {
				Instant source = sources.get(i);
				List<Reason> reasons = new ArrayList<>(List.of(this.days.describe(dayOf(source))));
				if (ownFire) {
					reasons.add(Reason.of(ReasonCode.FIRE_MERGED_WITH_OWN, dayOf(fire)));
				}
				else if (i > 0) {
					reasons.add(Reason.of(ReasonCode.FIRE_MERGED_WITH_MOVED, dayOf(sources.get(0))));
				}
				notes.add(new FireNote(FireNote.Kind.MOVED, fire, source, reasons));
			}
		}
		return notes;
	}

	/** The fires moved onto this one, earliest first; empty when none is. */
	private List<Instant> movedFrom(Instant fire, int direction) {
		List<LocalDate> sources = sources(dayOf(fire), direction);
		LocalTime time = fire.atZone(this.zone).toLocalTime();
		List<Instant> moved = new ArrayList<>();
		for (LocalDate source : sources.subList(1, sources.size())) {
			Instant candidate = ZonedDateTime.of(source, time, this.zone).toInstant();
			Optional<Instant> found = this.base.nextFireAfter(candidate.minusSeconds(1));
			if (found.isPresent() && found.get().equals(candidate)) {
				moved.add(candidate);
			}
		}
		moved.sort(null);
		return moved;
	}

	/** A fire moved to another day at the same wall-clock time. */
	public Instant land(Instant fire, LocalDate day) {
		LocalTime time = fire.atZone(this.zone).toLocalTime();
		return ZonedDateTime.of(day, time, this.zone).toInstant();
	}

	/**
	 * The first working day from {@code day} on in a direction, or null past the horizon.
	 */
	private LocalDate workingDayFrom(LocalDate day, int direction, LocalDate last) {
		LocalDate candidate = day;
		for (int i = 0; i <= HORIZON_DAYS; i++) {
			if (this.days.isWorkingDay(candidate)) {
				return (candidate.isAfter(last)) ? null : candidate;
			}
			candidate = candidate.plusDays(direction);
		}
		return null;
	}

	private Instant startOf(LocalDate day) {
		return day.atStartOfDay(this.zone).toInstant();
	}

}
