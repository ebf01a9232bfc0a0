package io.crony.web.calendar;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.baomidou.mybatisplus.core.conditions.query.QueryWrapper;
import com.baomidou.mybatisplus.core.metadata.IPage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.crony.common.calendar.BusinessCalendar;
import io.crony.common.json.CronyJson;
import io.crony.web.api.PageResponse;
import io.crony.web.api.Paging;
import io.crony.web.audit.AuditAction;
import io.crony.web.audit.AuditLog;
import io.crony.web.auth.Departments;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

/**
 * A department's business calendars. Every write of a calendar announces
 * {@link CalendarChanged} in its transaction, so the jobs that follow it carry the new
 * calendar from the same commit on; a calendar a job follows is not deleted.
 */
@Service
class CalendarService {

	private static final Logger log = LoggerFactory.getLogger(CalendarService.class);

	/** Job names a refused delete lists. */
	private static final int FOLLOWERS_NAMED = 5;

	private final CalendarMapper calendars;

	private final ApplicationEventPublisher events;

	private final AuditLog audit;

	CalendarService(CalendarMapper calendars, ApplicationEventPublisher events, AuditLog audit) {
		this.calendars = calendars;
		this.events = events;
		this.audit = audit;
	}

	PageResponse<CalendarResponse> list(Paging paging) {
		IPage<CalendarEntity> page = this.calendars.selectPage(paging.toPage(),
				new QueryWrapper<CalendarEntity>().eq("department_id", Departments.current()).orderByAsc("name"));
		List<Long> ids = page.getRecords().stream().map((row) -> row.id).toList();
		Map<Long, Long> followers = ids.isEmpty() ? Map.of()
				: this.calendars.countFollowersOf(ids)
					.stream()
					.collect(Collectors.toMap(CalendarMapper.FollowerCount::id, CalendarMapper.FollowerCount::jobs));
		return PageResponse.of(page, (row) -> CalendarResponse.of(row, followers.getOrDefault(row.id, 0L)), paging);
	}

	CalendarResponse get(long id) {
		return response(load(id));
	}

	@Transactional
	CalendarResponse create(CalendarRequest request, String by) {
		validate(request);
		BusinessCalendar calendar = request.toCalendar();
		checkNameFree(calendar.name(), 0);
		Instant now = now();
		CalendarEntity row = new CalendarEntity();
		row.departmentId = Departments.current();
		row.name = calendar.name();
		row.description = request.description();
		row.definition = definition(calendar);
		row.version = 1L;
		row.createdBy = by;
		row.createdAt = now;
		row.updatedBy = by;
		row.updatedAt = now;
		try {
			this.calendars.insert(row);
		}
		catch (DuplicateKeyException ex) {
			throw CalendarConflictException.nameTaken(calendar.name());
		}
		this.audit.record(AuditAction.CALENDAR_CREATE, row.id, row.name, null, audited(row));
		log.info("Calendar {} '{}' created by {}", row.id, row.name, by);
		return get(row.id);
	}

	@Transactional
	CalendarResponse update(long id, CalendarRequest request, String by) {
		validate(request);
		CalendarEntity row = load(id);
		if (request.version() != null && request.version().longValue() != row.version) {
			throw CalendarConflictException.versionMoved(id, request.version(), row.version);
		}
		return write(row, request.toCalendar(), request.description(), by);
	}

	/**
	 * Writes a calendar anew and announces it to the jobs that follow it.
	 * @param row the calendar as read: the write is refused when it moved on since
	 */
	CalendarResponse write(CalendarEntity row, BusinessCalendar calendar, String description, String by) {
		checkNameFree(calendar.name(), row.id);
		Object before = audited(row);
		int written;
		try {
			written = this.calendars.rewrite(row.id, row.version, calendar.name(), description, definition(calendar),
					by, now());
		}
		catch (DuplicateKeyException ex) {
			throw CalendarConflictException.nameTaken(calendar.name());
		}
		if (written == 0) {
			throw CalendarConflictException.versionMoved(row.id, row.version, load(row.id).version);
		}
		CalendarEntity after = load(row.id);
		this.events.publishEvent(new CalendarChanged(row.id, after.calendar(), by));
		this.audit.record(AuditAction.CALENDAR_UPDATE, row.id, after.name, before, audited(after));
		log.info("Calendar {} '{}' updated by {} to version {}", row.id, after.name, by, after.version);
		return response(after);
	}

	@Transactional
	void delete(long id, String by) {
		CalendarEntity row = load(id);
		refuseWhileFollowed(row);
		try {
			if (this.calendars.deleteById(id) == 0) {
				throw new CalendarNotFoundException(id);
			}
		}
		catch (DataIntegrityViolationException ex) {
			// a job came to follow it since the check: the foreign key says no
			refuseWhileFollowed(row);
			throw ex;
		}
		this.audit.record(AuditAction.CALENDAR_DELETE, id, row.name, audited(row), null);
		log.info("Calendar {} '{}' deleted by {}", id, row.name, by);
	}

	private void refuseWhileFollowed(CalendarEntity row) {
		long followers = this.calendars.countFollowers(row.id);
		if (followers > 0) {
			throw CalendarConflictException.followed(row.name, followers,
					this.calendars.followerNames(row.id, FOLLOWERS_NAMED));
		}
	}

	/**
	 * The department's calendar: another department's answers as one that does not exist.
	 */
	CalendarEntity load(long id) {
		CalendarEntity row = this.calendars.selectById(id);
		if (row == null || row.departmentId != Departments.current()) {
			throw new CalendarNotFoundException(id);
		}
		return row;
	}

	CalendarResponse response(CalendarEntity row) {
		return CalendarResponse.of(row, this.calendars.countFollowers(row.id));
	}

	private static void validate(CalendarRequest request) {
		List<FieldProblem> problems = CalendarValidator.validate(request);
		if (!problems.isEmpty()) {
			throw new InvalidRequestException(problems);
		}
	}

	private void checkNameFree(String name, long exceptId) {
		if (this.calendars.countNamed(Departments.current(), name, exceptId) > 0) {
			throw CalendarConflictException.nameTaken(name);
		}
	}

	/** The stored JSON: the row's name column is the calendar's name. */
	private static String definition(BusinessCalendar calendar) {
		return CronyJson.toJson(new BusinessCalendar(null, calendar.workingDays(), calendar.holidays(),
				calendar.workdays(), calendar.timeZone()));
	}

	private static Object audited(CalendarEntity row) {
		return AuditLog.withField(row.calendar(), "description", row.description);
	}

	private static Instant now() {
		return Instant.now().truncatedTo(ChronoUnit.MILLIS);
	}

}
