package io.crony.agent.execution;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.crony.common.execution.ScheduledFires;
import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.crony.agent.execution.InLists.chunks;
import static io.crony.agent.execution.InLists.marks;

/**
 * What already ran of jobs arriving on this agent, read for their misfire policies: the
 * latest fire that ran, and the fires a former holder released.
 */
final class FireHistory {

	private final JdbcTemplate jdbc;

	FireHistory(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * The latest scheduled fire of each job at or before that job's own bound (its
	 * arrival) that ran or is running, or that {@code agentId} itself claimed, for the
	 * misfire policy, with the agent of its row. A scheduled fire is one of the cron or
	 * of the misfire policy, or one its upstreams released (trigger DEPENDENCY, at the
	 * job's own instant), not a run of a workflow run by hand or of a backfill
	 * ({@link ScheduledFires}). Each job has its own bound, not the batch's latest: this
	 * agent plans an arrived job's regular fires at once and claims them ahead, so a
	 * bound past the job's arrival could find this agent's own first fire and hide the
	 * instants missed before it. Another agent's PENDING claim is left out: a live former
	 * holder may release it later (then the missed fire is taken as contested), a dead
	 * one never does (then the contested fire is given up), and a released claim never
	 * ran.
	 * <p>
	 * The newer of that row and the job's mark in {@code job_last_fire} (V33) counts:
	 * when retention drops a day that held a job's latest fire, it keeps the fire there
	 * first (crony-web {@code ExecutionPartitions}), so the day goes whole and the job's
	 * misfire policy still starts from that fire and its agent. Read in the same
	 * statement.
	 */
	Map<Long, LastFire> lastFires(Map<Long, Instant> untilByJob, String agentId) {
		Map<Long, LastFire> last = new HashMap<>();
		for (List<Long> chunk : chunks(untilByJob.keySet(), 1000)) {
			// one derived row per job with its bound, and per job a subquery that walks
			// uk_execution_fire (job_id, scheduled_at) backwards from that bound and
			// stops at the first row that counts: a few rows per job, where MAX() over
			// a join read every row of each job's history (its whole retention)
			StringBuilder bounds = new StringBuilder(
					"SELECT CAST(? AS SIGNED) AS job_id, CAST(? AS DATETIME(3)) AS until_at");
			List<Object> args = new ArrayList<>();
			args.add(agentId);
			for (int i = 0; i < chunk.size(); i++) {
				if (i > 0) {
					bounds.append(" UNION ALL SELECT ?, ?");
				}
				args.add(chunk.get(i));
				args.add(SqlTime.of(untilByJob.get(chunk.get(i))));
			}
			// the row's agent read by its id, found through the same walk: the former
			// holder, whose unrecorded fires a failover must not run again (Misfires);
			// the job's mark beside it by its primary key, the newer of the two kept
			this.jdbc.query("SELECT f.job_id, e.scheduled_at, e.agent_id, m.scheduled_at, m.agent_id FROM"
					+ " (SELECT b.job_id, b.until_at, (SELECT e.id FROM execution e WHERE e.job_id = b.job_id"
					+ " AND e.scheduled_at <= b.until_at AND " + ScheduledFires.where("e")
					+ " AND (e.status <> 'PENDING' OR e.agent_id = ?) ORDER BY e.scheduled_at DESC LIMIT 1) AS id FROM ("
					+ bounds + ") b) f LEFT JOIN execution e ON e.id = f.id"
					+ " LEFT JOIN job_last_fire m ON m.job_id = f.job_id AND m.scheduled_at <= f.until_at", (rs) -> {
						LastFire row = lastFire(rs.getTimestamp(2), rs.getString(3));
						LastFire mark = lastFire(rs.getTimestamp(4), rs.getString(5));
						LastFire newer = (mark != null && (row == null || mark.at().isAfter(row.at()))) ? mark : row;
						if (newer != null) {
							last.put(rs.getLong(1), newer);
						}
					}, args.toArray());
		}
		return last;
	}

	private static LastFire lastFire(Timestamp at, String agentId) {
		return (at != null) ? new LastFire(at.toInstant(), agentId) : null;
	}

	/**
	 * The scheduled fires of the given jobs in {@code (after, until]} whose claims their
	 * former holder released (PENDING, owned by nobody): fires handed over, never run.
	 * Not a DEPENDENCY row PENDING and owned by nobody: that is a run its upstreams
	 * released, which the web asks the job's holder to run through a once request (again
	 * each round until one takes it), taken from nobody by that request; taken here as a
	 * handed-over claim it would wait for its upstreams a second time.
	 */
	Map<Long, List<Instant>> releasedFires(Collection<Long> jobIds, Instant after, Instant until) {
		Map<Long, List<Instant>> released = new HashMap<>();
		for (List<Long> chunk : chunks(jobIds, 1000)) {
			List<Object> args = new ArrayList<>(chunk);
			args.add(SqlTime.of(after));
			args.add(SqlTime.of(until));
			this.jdbc.query("SELECT job_id, scheduled_at FROM execution WHERE job_id IN (" + marks(chunk.size())
					+ ") AND trigger_type IN ('CRON', 'MISFIRE') AND scheduled_at > ? AND scheduled_at <= ? "
					+ "AND status = 'PENDING' AND agent_id IS NULL", (rs) -> {
						released.computeIfAbsent(rs.getLong(1), (id) -> new ArrayList<>())
							.add(rs.getTimestamp(2).toInstant());
					}, args.toArray());
		}
		return released;
	}

}
