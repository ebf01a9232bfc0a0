package io.crony.web.workflow;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertFacts;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.common.calendar.CalendarSchedule;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.common.schedule.Schedule;
import io.crony.common.schedule.Schedules;
import io.crony.common.sql.SqlTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Workflow deadlines ({@code alerts.workflowDeadlineMinutes}): when a deadline after an
 * instant of a job's schedule passes, the job and every job that depends on it must each
 * have succeeded since that instant; those that have not are named in a WORKFLOW_LATE
 * alert to the job's channels. Looked at every {@link #EVERY}, on the leader; a new
 * leader looks back {@link #FIRST_LOOK_BACK} (the alert's deduplication keeps a deadline
 * two leaders both saw to one alert).
 */
@Component
class WorkflowDeadlines {

	private static final Logger log = LoggerFactory.getLogger(WorkflowDeadlines.class);

	static final Duration EVERY = Duration.ofSeconds(10);

	static final Duration FIRST_LOOK_BACK = Duration.ofMinutes(10);

	// instants looked at per job and round, at most: a deadline is a few per day
	private static final int MAX_INSTANTS = 100;

	private final JdbcTemplate jdbc;

	private final AlertDispatcher dispatcher;

	private final AlertStore store;

	private final AlertProperties properties;

	private Instant checkedUntil;

	WorkflowDeadlines(JdbcTemplate jdbc, AlertDispatcher dispatcher, AlertStore store, AlertProperties properties) {
		this.jdbc = jdbc;
		this.dispatcher = dispatcher;
		this.store = store;
		this.properties = properties;
	}

	/**
	 * Looks at the deadlines that passed since the last look, at most every
	 * {@link #EVERY}.
	 */
	void check(Instant now) {
		if (this.checkedUntil != null && now.isBefore(this.checkedUntil.plus(EVERY))) {
			return;
		}
		Instant from = (this.checkedUntil != null) ? this.checkedUntil : now.minus(FIRST_LOOK_BACK);
		List<Deadlined> jobs = this.jdbc.query(
				"SELECT id, spec, created_at FROM job WHERE enabled = 1 "
						+ "AND schedule <> '' AND spec LIKE '%\"workflowDeadlineMinutes\"%'",
				(rs, i) -> new Deadlined(CronyJson.fromJson(rs.getString(2), JobSpec.class),
						UpstreamRuns.instant(rs, 3)));
		for (Deadlined job : jobs) {
			check(job, from, now);
		}
		this.checkedUntil = now;
	}

	/** Forgets where it stopped: a leader that was not one meanwhile looks back again. */
	void forget() {
		this.checkedUntil = null;
	}

	private void check(Deadlined job, Instant from, Instant now) {
		JobSpec spec = job.spec();
		Integer minutes = spec.alerts().workflowDeadlineMinutes();
		if (minutes == null) {
			return;
		}
		Duration deadline = Duration.ofMinutes(minutes);
		Schedule schedule = CalendarSchedule.wrap(Schedules.parse(spec.schedule(), spec.timeZone()), spec.calendar());
		Instant since = job.since();
		Instant cursor = from.minus(deadline);
		if (cursor.isBefore(since)) {
			cursor = since;
		}
		for (int i = 0; i < MAX_INSTANTS; i++) {
			Optional<Instant> instant = schedule.nextFireAfter(cursor);
			if (instant.isEmpty() || instant.get().plus(deadline).isAfter(now)) {
				return;
			}
			cursor = instant.get();
			List<String> notDone = notDone(spec.id(), cursor, deadline);
			if (!notDone.isEmpty()) {
				log.info("Workflow of job {} at {} not done {} minutes on: {}", spec.id(), cursor, minutes, notDone);
				raise(spec, cursor, minutes, notDone);
			}
		}
	}

	// the jobs of the workflow without a success since the instant, by the deadline
	private List<String> notDone(long jobId, Instant instant, Duration deadline) {
		DepartmentGraph graph = DepartmentGraph.of(this.jdbc, jobId);
		List<String> notDone = new ArrayList<>();
		for (long member : graph.closure(jobId)) {
			Long done = this.jdbc.queryForObject(
					"SELECT COUNT(*) FROM execution WHERE job_id = ? AND scheduled_at >= ? "
							+ "AND status = 'SUCCEEDED' AND finished_at > ? AND finished_at <= ?",
					Long.class, member, SqlTime.of(instant.minus(Duration.ofDays(1))), SqlTime.of(instant),
					SqlTime.of(instant.plus(deadline)));
			if (done == null || done == 0) {
				notDone.add(graph.names()
					.getOrDefault(member,
							this.jdbc.queryForObject("SELECT name FROM job WHERE id = ?", String.class, member)));
			}
		}
		return notDone;
	}

	private void raise(JobSpec job, Instant instant, int minutes, List<String> notDone) {
		if (!this.properties.enabled() || job.alerts().channelIds().isEmpty()) {
			return;
		}
		Alert alert = new Alert(AlertKind.WORKFLOW_LATE, "job:" + job.id() + ":" + AlertKind.WORKFLOW_LATE,
				new AlertFacts.WorkflowLate(minutes, notDone), job.id(), job.name(), null, null, instant, null, null,
				this.properties.link("/workflows"), Instant.now().truncatedTo(ChronoUnit.MILLIS),
				Alert.zoneOf(job.timeZone()), 0, null);
		this.dispatcher.raise(alert, () -> this.store.channels(job.alerts().channelIds()));
	}

	private record Deadlined(JobSpec spec, Instant createdAt) {

		// no deadline of an instant before the job existed, or was enabled
		Instant since() {
			return CycleStart.unscheduled(this.spec, this.createdAt, null);
		}

	}

}
