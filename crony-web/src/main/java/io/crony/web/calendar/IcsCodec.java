package io.crony.web.calendar;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import biweekly.Biweekly;
import biweekly.ICalendar;
import biweekly.component.VEvent;
import biweekly.io.ParseWarning;
import biweekly.property.Categories;
import biweekly.property.DateEnd;
import biweekly.property.DateStart;
import biweekly.property.RawProperty;
import biweekly.util.DateTimeComponents;
import biweekly.util.ICalDate;
import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.calendar.DayRange;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

/**
 * Business calendars as iCalendar (RFC 5545) files, read and written with biweekly. A day
 * is an all-day event: {@code CATEGORIES:HOLIDAY} or {@code CATEGORIES:WORKDAY}. A file
 * from elsewhere marks make-up working days in other ways, so an event is a make-up day
 * when its categories say WORKDAY (or WORKING DAY, MAKE-UP), or its summary says 补班 or 上班
 * as Chinese holiday feeds write it; every other all-day event is a holiday. Crony's own
 * exports also carry the weekly pattern and the zone, so an export imported with
 * {@code mode=replace} gives the same calendar.
 */
final class IcsCodec {

	static final String MEDIA_TYPE = "text/calendar";

	private static final String WORKING_DAYS = "X-CRONY-WORKING-DAYS";

	private static final String TIME_ZONE = "X-WR-TIMEZONE";

	private static final String NAME = "X-WR-CALNAME";

	private IcsCodec() {
	}

	static String write(BusinessCalendar calendar, String description) {
		ICalendar ical = new ICalendar();
		ical.setProductId("-//Crony//Business calendar//EN");
		ical.setExperimentalProperty(NAME, calendar.name());
		if (description != null && !description.isBlank()) {
			ical.setExperimentalProperty("X-WR-CALDESC", description);
		}
		if (calendar.timeZone() != null) {
			ical.setExperimentalProperty(TIME_ZONE, calendar.timeZone());
		}
		ical.setExperimentalProperty(WORKING_DAYS,
				String.join(",", calendar.workingDays().stream().map(IcsCodec::weekday).toList()));
		calendar.holidays().forEach((range) -> ical.addEvent(event(calendar, range, DayMarks.Kind.HOLIDAY)));
		calendar.workdays().forEach((range) -> ical.addEvent(event(calendar, range, DayMarks.Kind.WORKDAY)));
		return Biweekly.write(ical).go();
	}

	private static VEvent event(BusinessCalendar calendar, DayRange range, DayMarks.Kind kind) {
		VEvent event = new VEvent();
		// stable, so a calendar app that imported the file before updates its events
		event.setUid(kind.name().toLowerCase(Locale.ROOT) + "-" + range.from() + "@" + calendar.name() + ".crony");
		event.setDateStart(new DateStart(date(range.from())));
		event.setDateEnd(new DateEnd(date(range.to().plusDays(1))));
		String fallback = (kind == DayMarks.Kind.HOLIDAY) ? "Holiday" : "Make-up working day";
		event.setSummary((range.name() != null) ? range.name() : fallback);
		event.addCategories(kind.name());
		return event;
	}

	private static ICalDate date(LocalDate day) {
		return new ICalDate(new DateTimeComponents(day.getYear(), day.getMonthValue(), day.getDayOfMonth()), false);
	}

	/**
	 * @throws InvalidRequestException on {@code file} when the text is no iCalendar
	 */
	static IcsDays read(String text) {
		List<List<ParseWarning>> warnings = new ArrayList<>();
		ICalendar ical = (text == null) ? null : Biweekly.parse(text).warnings(warnings).first();
		if (ical == null) {
			throw InvalidRequestException.of(FieldProblem.of("file",
					"is not an iCalendar file: it must hold a BEGIN:VCALENDAR ... END:VCALENDAR block",
					FieldErrorCode.NOT_ICALENDAR));
		}
		List<DayRange> holidays = new ArrayList<>();
		List<DayRange> workdays = new ArrayList<>();
		List<Reason> ignored = new ArrayList<>();
		for (VEvent event : ical.getEvents()) {
			String summary = (event.getSummary() != null) ? event.getSummary().getValue() : null;
			String named = (summary != null) ? summary : "";
			ICalDate start = (event.getDateStart() != null) ? event.getDateStart().getValue() : null;
			if (start == null) {
				ignored.add(Reason.of(ReasonCode.ICS_NO_START, named));
				continue;
			}
			LocalDate from = day(start);
			if (start.hasTime()) {
				ignored.add(Reason.of(ReasonCode.ICS_TIME_OF_DAY, named, from));
				continue;
			}
			if (event.getRecurrenceRule() != null) {
				ignored.add(Reason.of(ReasonCode.ICS_REPEATS, named, from));
				continue;
			}
			LocalDate to = from;
			if (event.getDateEnd() != null && event.getDateEnd().getValue() != null) {
				// an all-day event ends at the start of the day after its last
				LocalDate end = day(event.getDateEnd().getValue()).minusDays(1);
				to = end.isBefore(from) ? from : end;
			}
			if (to.toEpochDay() - from.toEpochDay() >= CalendarValidator.MAX_RANGE_DAYS) {
				ignored.add(Reason.of(ReasonCode.ICS_TOO_LONG, named, from, CalendarValidator.MAX_RANGE_DAYS));
				continue;
			}
			DayRange range = new DayRange(from, to, summary);
			(isWorkday(event, summary) ? workdays : holidays).add(range);
		}
		return new IcsDays(DayMarks.of(holidays, workdays), workingDays(ical), value(ical, TIME_ZONE), ignored);
	}

	private static boolean isWorkday(VEvent event, String summary) {
		RawProperty kind = event.getExperimentalProperty("X-CRONY-KIND");
		if (kind != null) {
			return "WORKDAY".equalsIgnoreCase(kind.getValue().strip());
		}
		for (Categories categories : event.getCategories()) {
			for (String category : categories.getValues()) {
				String word = category.strip().toUpperCase(Locale.ROOT);
				if (word.equals("WORKDAY") || word.equals("WORKING DAY") || word.equals("MAKE-UP")) {
					return true;
				}
				if (word.equals("HOLIDAY")) {
					return false;
				}
			}
		}
		return summary != null && (summary.contains("补班") || summary.contains("上班"));
	}

	private static LocalDate day(ICalDate date) {
		DateTimeComponents raw = date.getRawComponents();
		if (raw != null) {
			return LocalDate.of(raw.getYear(), raw.getMonth(), raw.getDate());
		}
		DateTimeComponents parts = new DateTimeComponents((Date) date);
		return LocalDate.of(parts.getYear(), parts.getMonth(), parts.getDate());
	}

	private static Set<DayOfWeek> workingDays(ICalendar ical) {
		String text = value(ical, WORKING_DAYS);
		if (text == null) {
			return null;
		}
		Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
		for (String word : text.split(",")) {
			for (DayOfWeek day : DayOfWeek.values()) {
				if (weekday(day).equalsIgnoreCase(word.strip())) {
					days.add(day);
				}
			}
		}
		return days.isEmpty() ? null : days;
	}

	private static String value(ICalendar ical, String name) {
		RawProperty property = ical.getExperimentalProperty(name);
		return (property != null && property.getValue() != null && !property.getValue().isBlank())
				? property.getValue().strip() : null;
	}

	/** RFC 5545's two-letter weekday: MO, TU, ... */
	private static String weekday(DayOfWeek day) {
		return day.name().substring(0, 2);
	}

}
