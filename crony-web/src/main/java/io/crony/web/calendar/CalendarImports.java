package io.crony.web.calendar;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.ZoneId;
import java.util.List;
import java.util.Set;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.json.CronyJson;
import io.crony.web.calendar.CalendarImportResponse.ImportMode;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

/**
 * iCalendar files in and out of a calendar. An import is shown before it is applied: a
 * dry run answers what would change and writes nothing; applied, it is one calendar
 * write, as a {@code PUT} is, and the jobs that follow the calendar get it at once.
 */
@Service
class CalendarImports {

	/**
	 * Characters a file may have: ten years of a busy holiday feed fit many times over.
	 */
	static final int MAX_FILE_CHARS = 1_000_000;

	private final CalendarService calendars;

	CalendarImports(CalendarService calendars) {
		this.calendars = calendars;
	}

	/** The calendar as an iCalendar file, and the name to give the file. */
	IcsFile export(long id) {
		CalendarEntity row = this.calendars.load(id);
		return new IcsFile(row.name + ".ics", IcsCodec.write(row.calendar(), row.description));
	}

	record IcsFile(String name, String text) {
	}

	@Transactional
	CalendarImportResponse importFile(long id, String text, ImportMode mode, boolean dryRun, String by) {
		if (text != null && text.length() > MAX_FILE_CHARS) {
			throw InvalidRequestException
				.of(FieldProblem.of("file", "has " + text.length() + " characters; at most " + MAX_FILE_CHARS,
						FieldErrorCode.TOO_LONG, MAX_FILE_CHARS));
		}
		CalendarEntity row = this.calendars.load(id);
		BusinessCalendar current = row.calendar();
		IcsDays file = IcsCodec.read(text);
		DayMarks before = DayMarks.of(current.holidays(), current.workdays());
		DayMarks after = (mode == ImportMode.REPLACE) ? file.marks() : before.overlaid(file.marks());
		boolean replace = mode == ImportMode.REPLACE;
		Set<DayOfWeek> weekly = (replace && file.workingDays() != null) ? file.workingDays() : current.workingDays();
		String zone = (replace && file.timeZone() != null) ? checkedZone(file.timeZone()) : current.timeZone();
		BusinessCalendar next = new BusinessCalendar(current.name(), weekly, after.ranges(DayMarks.Kind.HOLIDAY),
				after.ranges(DayMarks.Kind.WORKDAY), zone);
		int ranges = Math.max(next.holidays().size(), next.workdays().size());
		if (ranges > CalendarValidator.MAX_RANGES) {
			throw InvalidRequestException.of(FieldProblem.of("file",
					"would leave the calendar with more than " + CalendarValidator.MAX_RANGES + " ranges of one kind",
					FieldErrorCode.TOO_MANY, CalendarValidator.MAX_RANGES, ranges));
		}
		CalendarResponse result;
		if (dryRun) {
			result = preview(row, next);
		}
		else {
			result = this.calendars.write(row, next, row.description, by);
		}
		return new CalendarImportResponse(!dryRun, mode, after.changedFrom(before), before.changedFrom(after),
				current.workingDays(), next.workingDays(), file.ignored(), result);
	}

	/** The calendar as the import would leave it, unsaved. */
	private CalendarResponse preview(CalendarEntity row, BusinessCalendar next) {
		CalendarEntity copy = new CalendarEntity();
		copy.id = row.id;
		copy.departmentId = row.departmentId;
		copy.name = row.name;
		copy.description = row.description;
		copy.definition = CronyJson.toJson(next);
		copy.version = row.version;
		copy.createdBy = row.createdBy;
		copy.createdAt = row.createdAt;
		copy.updatedBy = row.updatedBy;
		copy.updatedAt = row.updatedAt;
		return this.calendars.response(copy);
	}

	private static String checkedZone(String zone) {
		try {
			return ZoneId.of(zone).getId();
		}
		catch (DateTimeException ex) {
			throw InvalidRequestException.of(FieldProblem.of("file",
					"names time zone '" + zone + "' (X-WR-TIMEZONE), which is not a known IANA time zone id",
					FieldErrorCode.UNKNOWN_TIME_ZONE, zone));
		}
	}

}
