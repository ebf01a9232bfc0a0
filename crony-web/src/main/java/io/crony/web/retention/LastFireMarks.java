package io.crony.web.retention;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.crony.common.execution.ScheduledFires;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The latest scheduled fires of jobs whose rows a dropped day took, kept in table
 * {@code job_last_fire} (V33): one row per job, its fire's instant, run id, agent, status
 * and end. An agent taking a job over reads the newer of the job's latest fire row and
 * its mark ({@code FireHistory.lastFires} in crony-agent), as the row purge does for its
 * bound ({@link ExecutionPurge}), so a day that holds a job's latest fire no longer has
 * to stay for it: {@link ExecutionPartitions#dropExpired} keeps the day's latest fires
 * here first, then drops the day whole. Before, such a day (a job disabled, or firing
 * rarely) stayed and the row purge deleted its other rows one by one.
 * <p>
 * Only the leader's purge writes marks, for a day it is about to drop: nothing on the
 * firing path does. A mark never moves back in time: a day kept back for an open row and
 * dropped later may hold an older fire of a job whose mark a newer day already set.
 */
@Component
class LastFireMarks {

	// per job of table job, in id order from a cursor: its latest fire in the day, read
	// when it has none after the day; each probe walks uk_execution_fire (job_id,
	// scheduled_at) from one end, a few index entries per job, never the day's rows
	private static final String LATEST_IN_DAY = "SELECT j.id, (SELECT e.id FROM execution e WHERE e.job_id = j.id"
			+ " AND e.scheduled_at >= ? AND e.scheduled_at < ? AND " + ScheduledFires.ran("e")
			+ " ORDER BY e.scheduled_at DESC LIMIT 1) FROM job j WHERE j.id > ?"
			+ " AND NOT EXISTS (SELECT 1 FROM execution l WHERE l.job_id = j.id AND l.scheduled_at >= ? AND "
			+ ScheduledFires.ran("l") + ") ORDER BY j.id LIMIT ?";

	// joined to job so that a job deleted meanwhile gets no mark (the foreign key would
	// refuse it); the run's id, agent, status and end follow the instant, which is
	// assigned last so that their conditions compare with the mark as it was
	private static final String KEEP = "INSERT INTO job_last_fire (job_id, scheduled_at, execution_id, agent_id, status,"
			+ " finished_at) SELECT e.job_id, e.scheduled_at, e.id, e.agent_id, e.status, e.finished_at"
			+ " FROM execution e JOIN job j ON j.id = e.job_id WHERE e.scheduled_at >= ? AND e.scheduled_at < ?"
			+ " AND e.id IN (%s) ON DUPLICATE KEY UPDATE " + followingTheInstant("execution_id") + ", "
			+ followingTheInstant("agent_id") + ", " + followingTheInstant("status") + ", "
			+ followingTheInstant("finished_at")
			+ ", scheduled_at = GREATEST(job_last_fire.scheduled_at, VALUES(scheduled_at))";

	private final JdbcTemplate jdbc;

	private final RetentionProperties properties;

	LastFireMarks(JdbcTemplate jdbc, RetentionProperties properties) {
		this.jdbc = jdbc;
		this.properties = properties;
	}

	private static String followingTheInstant(String column) {
		return column + " = IF(VALUES(scheduled_at) >= job_last_fire.scheduled_at, VALUES(" + column
				+ "), job_last_fire." + column + ")";
	}

	/**
	 * The newer of a job's latest scheduled fire in {@code execution} and its mark, as a
	 * SQL expression of one row.
	 * @param latestRow a scalar subquery: the instant of the job's latest fire row, or
	 * NULL
	 * @param jobId the SQL of the job's id
	 * @return the expression, NULL when the job has neither
	 */
	static String newerOf(String latestRow, String jobId) {
		String mark = "(SELECT m.scheduled_at FROM job_last_fire m WHERE m.job_id = " + jobId + ")";
		// GREATEST is NULL when either is
		return "GREATEST(COALESCE(" + latestRow + ", " + mark + "), COALESCE(" + mark + ", " + latestRow + "))";
	}

	/**
	 * Marks the latest fire of each existing job whose latest fire lies in
	 * {@code [from, until)}, {@code batch-size} jobs at a time, each batch its own
	 * transaction. Each mark is committed before this returns, so before the day is
	 * dropped: a crash in between leaves the day and marks of fires it still holds, which
	 * readers take as the rows themselves (the newer of the two, the same instant).
	 * @param stillLeading asked before each batch; false stops
	 * @return the jobs whose fire was marked (a job deleted meanwhile among them,
	 * unmarked), or null when stopped before the end
	 */
	List<Long> keep(Instant from, Instant until, BooleanSupplier stillLeading) {
		Object start = SqlTime.of(from);
		Object end = SqlTime.of(until);
		int batch = this.properties.batchSize();
		List<Long> marked = new ArrayList<>();
		long cursor = 0;
		while (true) {
			if (!stillLeading.getAsBoolean()) {
				return null;
			}
			List<Long> jobs = new ArrayList<>();
			List<Long> fires = new ArrayList<>();
			this.jdbc.query(LATEST_IN_DAY, (rs) -> {
				jobs.add(rs.getLong(1));
				long fire = rs.getLong(2);
				if (!rs.wasNull()) {
					fires.add(fire);
					marked.add(rs.getLong(1));
				}
			}, start, end, cursor, end, batch);
			if (!fires.isEmpty()) {
				List<Object> args = new ArrayList<>(List.of(start, end));
				args.addAll(fires);
				this.jdbc.update(String.format(KEEP, String.join(", ", Collections.nCopies(fires.size(), "?"))),
						args.toArray());
			}
			if (jobs.size() < batch) {
				return marked;
			}
			cursor = jobs.get(jobs.size() - 1);
		}
	}

}
