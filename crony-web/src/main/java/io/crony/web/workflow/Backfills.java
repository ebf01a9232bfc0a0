package io.crony.web.workflow;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.execution.lifecycle.BackfillStatus;
import io.crony.common.execution.lifecycle.BackfillTransition;
import io.crony.common.execution.lifecycle.WorkflowRunTransition;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import io.crony.common.sql.SqlTime;
import io.crony.web.auth.Departments;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;
import io.crony.web.job.JobNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Backfills: a job run for every scheduled instant of a past range, alone or with its
 * dependents, each instant a workflow run of its own ({@link DependentRuns}) whose runs
 * carry that instant as their scheduled time, at most {@code parallelism} instants at
 * once, in order. An instant is claimed through the same fire key as the live schedule,
 * so a backfill run and a live run of one instant are the same run.
 */
@Component
class Backfills {

	private static final Logger log = LoggerFactory.getLogger(Backfills.class);

	/** The most instants one backfill may cover. */
	static final int MAX_INSTANTS = 1000;

	static final String COLUMNS = "b.id, b.job_id, j.name, b.from_at, b.to_at, b.with_dependents, b.parallelism, "
			+ "b.params, b.status, b.next_at, b.total, b.created_by, b.created_at, b.finished_at, "
			+ "(SELECT COUNT(*) FROM workflow_run w WHERE w.backfill_id = b.id), "
			+ "(SELECT COUNT(*) FROM workflow_run w WHERE w.backfill_id = b.id AND w.status = 'SUCCEEDED'), "
			+ "(SELECT COUNT(*) FROM workflow_run w WHERE w.backfill_id = b.id AND w.status = 'FAILED')";

	private final JdbcTemplate jdbc;

	private final ReleasedRuns released;

	Backfills(JdbcTemplate jdbc, ReleasedRuns released) {
		this.jdbc = jdbc;
		this.released = released;
	}

	/**
	 * Starts a backfill of a job of the caller's department.
	 * @throws InvalidRequestException naming the field: a range the wrong way round, in
	 * the future, without instants or with too many, a job without a schedule
	 */
	Backfill create(long jobId, BackfillRequest request, String by) {
		JobSpec spec = spec(jobId);
		if (!spec.hasSchedule()) {
			throw InvalidRequestException.of(
					FieldProblem.of("jobId",
							"job " + spec.name() + " has no schedule of its own, so no instants to backfill: "
									+ "backfill its upstream with dependents",
							FieldErrorCode.NO_SCHEDULE, spec.name()));
		}
		Instant now = Instant.now();
		if (request.from().isBefore(Instant.EPOCH)) {
			throw InvalidRequestException
				.of(FieldProblem.of("from", "is before " + Instant.EPOCH, FieldErrorCode.TOO_EARLY, Instant.EPOCH));
		}
		if (request.to().isBefore(request.from())) {
			throw InvalidRequestException.of(FieldProblem.of("to", "is before from", FieldErrorCode.RANGE_REVERSED,
					request.from(), request.to()));
		}
		if (request.to().isAfter(now)) {
			throw InvalidRequestException.of(FieldProblem.of("to",
					"is in the future: a backfill covers past instants only", FieldErrorCode.IN_THE_FUTURE));
		}
		Schedule schedule = schedule(spec);
		Optional<Instant> first = schedule.nextFireAfter(request.from().minusMillis(1));
		int total = 0;
		for (Optional<Instant> at = first; at.isPresent()
				&& !at.get().isAfter(request.to()); at = schedule.nextFireAfter(at.get())) {
			if (++total > MAX_INSTANTS) {
				throw InvalidRequestException.of(FieldProblem.of("to",
						"the range holds more than " + MAX_INSTANTS + " instants of the schedule: split it",
						FieldErrorCode.TOO_MANY_INSTANTS, MAX_INSTANTS));
			}
		}
		if (total == 0) {
			throw InvalidRequestException.of(FieldProblem.of("from", "the schedule has no instant between from and to",
					FieldErrorCode.NO_INSTANT_IN_RANGE));
		}
		int parallelism = (request.parallelism() != null) ? request.parallelism() : 1;
		boolean withDependents = Boolean.TRUE.equals(request.withDependents());
		long id = Inserts.returningId(this.jdbc,
				"INSERT INTO backfill (department_id, job_id, from_at, to_at, with_dependents, parallelism, "
						+ "params, status, next_at, total, created_by, created_at) "
						+ "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
				Departments.current(), jobId, SqlTime.of(request.from()), SqlTime.of(request.to()), withDependents,
				parallelism, request.params(), BackfillTransition.INSERTED.name(), SqlTime.of(first.get()), total, by,
				SqlTime.of(now.truncatedTo(ChronoUnit.MILLIS)));
		log.info("Backfill {} of job {} over {} instants from {} to {} started by {}", id, jobId, total, request.from(),
				request.to(), by);
		return get(id);
	}

	Backfill get(long id) {
		List<Backfill> found = this.jdbc.query("SELECT " + COLUMNS + " FROM backfill b JOIN job j ON j.id = b.job_id "
				+ "WHERE b.id = ? AND b.department_id = ?", Backfill::row, id, Departments.current());
		if (found.isEmpty()) {
			throw new BackfillNotFoundException(id);
		}
		return found.get(0);
	}

	List<Backfill> list(Long jobId, int limit) {
		return this.jdbc.query(
				"SELECT " + COLUMNS + " FROM backfill b JOIN job j ON j.id = b.job_id "
						+ "WHERE b.department_id = ? AND (? IS NULL OR b.job_id = ?) ORDER BY b.id DESC LIMIT ?",
				Backfill::row, Departments.current(), jobId, jobId, limit);
	}

	/**
	 * Pauses, resumes or cancels a backfill of the caller's department: a compare-and-set
	 * on its status, so of two changes at once only one happens and the other is refused.
	 * @throws BackfillNotFoundException when the department has no such backfill
	 * @throws BackfillStateException when its status is not one the change leaves
	 */
	Backfill change(long id, BackfillTransition transition) {
		get(id);
		BackfillStatus to = transition.target();
		boolean ends = to == BackfillStatus.CANCELLED;
		int changed = this.jdbc.update(
				"UPDATE backfill SET " + transition.set(null)
						+ ", finished_at = ? WHERE id = ? AND department_id = ? AND " + transition.where(null),
				ends ? SqlTime.of(Instant.now()) : null, id, Departments.current());
		if (changed == 0) {
			throw new BackfillStateException(id, get(id).status(), to.name());
		}
		log.info("Backfill {} {}", id, to.name().toLowerCase());
		return get(id);
	}

	/** One round on the leader: each running backfill starts instants up to its bound. */
	void advance(Instant now) {
		List<Running> running = this.jdbc
			.query("SELECT b.id, b.job_id, b.next_at, b.to_at, b.parallelism, b.with_dependents, b.params, j.spec, "
					+ "(SELECT COUNT(*) FROM workflow_run w WHERE w.backfill_id = b.id AND w.status = 'RUNNING') "
					+ "FROM backfill b JOIN job j ON j.id = b.job_id WHERE b.status = 'RUNNING' ORDER BY b.id LIMIT 100",
					(rs, i) -> new Running(rs.getLong(1), rs.getLong(2), UpstreamRuns.instant(rs, 3),
							UpstreamRuns.instant(rs, 4), rs.getInt(5), rs.getBoolean(6), rs.getString(7),
							CronyJson.fromJson(rs.getString(8), JobSpec.class), rs.getInt(9)));
		for (Running backfill : running) {
			advance(backfill, now);
		}
	}

	private void advance(Running backfill, Instant now) {
		Instant next = backfill.nextAt();
		int active = backfill.active();
		Schedule schedule = schedule(backfill.spec());
		while (next != null && active < backfill.parallelism()) {
			start(backfill, next, now);
			active++;
			Instant after = schedule.nextFireAfter(next).orElse(null);
			next = (after != null && !after.isAfter(backfill.to())) ? after : null;
			this.jdbc.update("UPDATE backfill SET next_at = ? WHERE id = ?", SqlTime.ofNullable(next), backfill.id());
		}
		if (next == null && active == 0) {
			long failed = this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM workflow_run WHERE backfill_id = ? AND status <> 'SUCCEEDED'", Long.class,
					backfill.id());
			BackfillStatus status = (failed == 0) ? BackfillStatus.SUCCEEDED : BackfillStatus.FAILED;
			// a backfill paused or cancelled meanwhile keeps that
			if (this.jdbc.update(
					"UPDATE backfill SET " + BackfillTransition.END.set(null, status)
							+ ", finished_at = ? WHERE id = ? AND " + BackfillTransition.END.where(null),
					SqlTime.of(now), backfill.id()) == 1) {
				log.info("Backfill {} of job {} ended {}", backfill.id(), backfill.jobId(), status);
			}
		}
	}

	// the instant's first run (or the run the instant has already), then its workflow run
	private void start(Running backfill, Instant instant, Instant now) {
		JobSpec spec = backfill.spec();
		Optional<Long> inserted = this.released.insert(spec.id(), spec.name(), instant, ExecutionStatus.PENDING,
				TriggerType.BACKFILL, null, null, backfill.params(), null, now);
		long root = inserted
			.orElseGet(() -> this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ? AND scheduled_at = ?",
					Long.class, spec.id(), SqlTime.of(instant)));
		try {
			this.jdbc.update(
					"INSERT INTO workflow_run (department_id, job_id, root_id, backfill_id, scheduled_at, "
							+ "with_dependents, params, status, requested_by, created_at) "
							+ "SELECT department_id, ?, ?, ?, ?, ?, ?, ?, created_by, ? FROM backfill WHERE id = ?",
					spec.id(), root, backfill.id(), SqlTime.of(instant), backfill.withDependents(), backfill.params(),
					WorkflowRunTransition.INSERTED.name(), SqlTime.of(now), backfill.id());
		}
		catch (DuplicateKeyException ex) {
			// that instant's run leads a workflow run already (another backfill's)
			log.info("Backfill {}: the run of {} belongs to another workflow run; not followed again", backfill.id(),
					instant);
		}
		inserted
			.ifPresent((id) -> this.released.request(id, spec.id(), TriggerType.BACKFILL, instant, backfill.params()));
	}

	private JobSpec spec(long jobId) {
		List<String> specs = this.jdbc.queryForList("SELECT spec FROM job WHERE id = ? AND department_id = ?",
				String.class, jobId, Departments.current());
		if (specs.isEmpty()) {
			throw new JobNotFoundException(jobId);
		}
		return CronyJson.fromJson(specs.get(0), JobSpec.class);
	}

	private static Schedule schedule(JobSpec spec) {
		return CalendarSchedule.wrap(Schedules.parse(spec.schedule(), spec.timeZone()), spec.calendar());
	}

	private record Running(long id, long jobId, Instant nextAt, Instant to, int parallelism, boolean withDependents,
			String params, JobSpec spec, int active) {
	}

}
