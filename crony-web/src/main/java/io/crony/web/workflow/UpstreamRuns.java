package io.crony.web.workflow;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ExecutionStatus;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reads upstream runs for the gate. Each probe walks one upstream's runs newest first by
 * the fire key's index (job, instant) and stops at the first match, so an every-second
 * upstream costs as little as a daily one; runs that started more than
 * {@code crony.web.workflow.look-back} before the cycle are not looked at.
 */
@Component
class UpstreamRuns {

	static final String COLUMNS = "id, job_id, status, scheduled_at, finished_at, root_id, params";

	private static final String LATEST = "SELECT " + COLUMNS + " FROM execution WHERE job_id = ? "
			+ "AND scheduled_at >= ? AND finished_at > ? AND status IN (%s)%s ORDER BY scheduled_at DESC LIMIT 1";

	/**
	 * Runs of a workflow run by hand or of a backfill start their dependents themselves:
	 * they do not count for the dependents' own cycles.
	 */
	private static final String NOT_IN_A_RUN_WITH_DEPENDENTS = " AND NOT EXISTS (SELECT 1 FROM workflow_run w "
			+ "WHERE w.root_id = COALESCE(execution.root_id, execution.id))";

	/**
	 * Runs the schedule made: fired by a cron, or released by upstreams that were, but
	 * not a run started alone by hand: what starts a job without a schedule of its own.
	 */
	private static final String SCHEDULED = " AND trigger_type IN ('CRON', 'MISFIRE', 'DEPENDENCY')";

	private static final String SUCCESS = String.format(LATEST, "'SUCCEEDED'", NOT_IN_A_RUN_WITH_DEPENDENTS);

	private static final String FAILURE = String.format(LATEST, "'FAILED', 'TIMED_OUT'", NOT_IN_A_RUN_WITH_DEPENDENTS);

	private static final String SCHEDULED_SUCCESS = String.format(LATEST, "'SUCCEEDED'",
			NOT_IN_A_RUN_WITH_DEPENDENTS + SCHEDULED);

	private static final String SCHEDULED_FAILURE = String.format(LATEST, "'FAILED', 'TIMED_OUT'",
			NOT_IN_A_RUN_WITH_DEPENDENTS + SCHEDULED);

	private static final String NEWEST = "SELECT " + COLUMNS + " FROM execution WHERE job_id = ? "
			+ "AND scheduled_at >= ? AND NOT (status = 'PENDING' AND scheduled_at > ?) "
			+ "ORDER BY scheduled_at DESC LIMIT 1";

	private final JdbcTemplate jdbc;

	private final WorkflowProperties properties;

	UpstreamRuns(JdbcTemplate jdbc, WorkflowProperties properties) {
		this.jdbc = jdbc;
		this.properties = properties;
	}

	/** Each upstream's latest success that ended after {@code since}. */
	Map<Long, UpstreamRun> successes(List<Long> upstreams, Instant since) {
		return latest(SUCCESS, upstreams, since);
	}

	/** Each upstream's latest failure that ended after {@code since}. */
	Map<Long, UpstreamRun> failures(List<Long> upstreams, Instant since) {
		return latest(FAILURE, upstreams, since);
	}

	/**
	 * Each upstream's latest success or failure since {@code since} that the schedule
	 * made: what starts (or stops) a job that has no schedule of its own.
	 */
	Map<Long, UpstreamRun> scheduledSuccesses(List<Long> upstreams, Instant since) {
		return latest(SCHEDULED_SUCCESS, upstreams, since);
	}

	Map<Long, UpstreamRun> scheduledFailures(List<Long> upstreams, Instant since) {
		return latest(SCHEDULED_FAILURE, upstreams, since);
	}

	/** Each upstream's newest run (not a claim ahead) since {@code since}, to show. */
	Map<Long, UpstreamRun> newest(List<Long> upstreams, Instant since, Instant now) {
		Map<Long, UpstreamRun> runs = new HashMap<>();
		for (long upstream : upstreams) {
			this.jdbc.query(NEWEST, UpstreamRuns::row, upstream, SqlTime.of(lookFrom(since)), SqlTime.of(now))
				.forEach((run) -> runs.put(upstream, run));
		}
		return runs;
	}

	/**
	 * Where the cycle of a job's fire begins: at the job's previous scheduled instant, or
	 * when a run of the job was last released if that came later, so that one upstream
	 * success never releases two runs.
	 * @param previousInstant the job's scheduled instant before {@code instant}
	 */
	Instant cycleStart(long jobId, Instant previousInstant) {
		// any released run of the job, also a later instant's (a run with dependents)
		List<Timestamp> released = this.jdbc.queryForList("SELECT MAX(released_at) FROM execution WHERE job_id = ?",
				Timestamp.class, jobId);
		Timestamp last = released.isEmpty() ? null : released.get(0);
		return (last != null && last.toInstant().isAfter(previousInstant)) ? last.toInstant() : previousInstant;
	}

	private Map<Long, UpstreamRun> latest(String sql, List<Long> upstreams, Instant since) {
		Map<Long, UpstreamRun> runs = new HashMap<>();
		for (long upstream : upstreams) {
			this.jdbc.query(sql, UpstreamRuns::row, upstream, SqlTime.of(lookFrom(since)), SqlTime.of(since))
				.forEach((run) -> runs.put(upstream, run));
		}
		return runs;
	}

	private Instant lookFrom(Instant since) {
		Instant from = since.minus(this.properties.lookBack());
		return from.isBefore(Instant.EPOCH) ? Instant.EPOCH : from;
	}

	static UpstreamRun row(ResultSet rs, int i) throws SQLException {
		long rootId = rs.getLong(6);
		Long root = rs.wasNull() ? null : rootId;
		return new UpstreamRun(rs.getLong(1), rs.getLong(2), ExecutionStatus.valueOf(rs.getString(3)), instant(rs, 4),
				instant(rs, 5), root, rs.getString(7));
	}

	static Instant instant(ResultSet rs, int column) throws SQLException {
		Timestamp at = rs.getTimestamp(column);
		return (at != null) ? at.toInstant() : null;
	}

}
