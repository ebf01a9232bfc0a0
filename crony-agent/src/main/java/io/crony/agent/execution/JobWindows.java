package io.crony.agent.execution;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.sql.SqlTime;

import org.springframework.jdbc.core.JdbcTemplate;

import static io.crony.agent.execution.InLists.chunks;
import static io.crony.agent.execution.InLists.marks;

/**
 * The jobs' windows in table {@code job_window} (docs/scaling.md, "Plan" 3): an agent
 * owns every scheduled instant of a job inside the job's window that names it. An agent
 * extends its own windows and takes those that ended before the first instant it asks
 * for; it never takes a window of another agent that is still live there, so two agents
 * never own one instant, however they race. A holder that gives a job up cuts its window
 * at its first undispatched instant ({@link #truncate}), and the next holder's window
 * starts there.
 * <p>
 * A batch costs a constant number of statements, whatever its size up to 500 jobs: one
 * joined {@code UPDATE} that extends or takes the windows that exist, one
 * {@code INSERT IGNORE … SELECT} that makes those that do not (a row another agent made
 * meanwhile is left alone, not overwritten), sent only when the update did not match
 * every job asked for (an agent extending its own windows sends none), and one
 * {@code SELECT} that reads them all back. A statement that lost a lock conflict was
 * rolled back and is simply sent again (sent twice, a take would start at the first
 * instant asked for: later, never earlier, than the ended window's end).
 * <p>
 * While etcd does not confirm the lease, a window is extended or made only where table
 * {@code job} still says the job is enabled and placed on the asking agent, the rule
 * {@code ClaimInsert}'s held-only claims follow: cut off from etcd, the agent cannot hear
 * that its job moved, and the database, which the leader writes on each move, still tells
 * it. Such an extension also marks the window's {@code held_until} (V35) with the end
 * asked for: the agent fires the instants before it on the database's word alone, and the
 * job's next holder, which takes a window it judges dead from the former holder's fence
 * ({@code FormerHolderFires}), leaves them to it.
 */
public final class JobWindows {

	// asks per statement: 1,500 bound values
	private static final int CHUNK = 500;

	// jobs per truncation: 3,000 bound values
	private static final int TRUNCATE_CHUNK = 1000;

	// the asks as a derived table (v): the first row's casts set the columns' types
	private static final String ASKS_HEAD = "(SELECT ? AS job_id, CAST(? AS DATETIME(3)) AS from_at, "
			+ "CAST(? AS DATETIME(3)) AS until_at";

	private static final String ASK_ROW = " UNION ALL SELECT ?, ?, ?";

	// A window that ended at or before v.from_at is taken (or, this agent's, taken
	// again) from its end: nobody held the instants between its end and the first one
	// asked for, and the missed ones of them are the taker's to catch up. A live window
	// of this agent keeps its start (or moves it up to the first instant asked for) and
	// only grows. The start is assigned first, reading the old end: MariaDB and MySQL
	// apply a single table's assignments in order, and should a server apply the end's
	// first, the start reads the new end, which lies past v.from_at, and becomes the one
	// asked for (the rule before windows were taken from their end): never one reaching
	// before the old window's end. The other values read only their own columns.
	private static final String EXTEND_HEAD = "UPDATE job_window w JOIN ";

	private static final String EXTEND_JOIN = ") v ON w.job_id = v.job_id";

	private static final String EXTEND_HELD = " JOIN job j ON j.id = v.job_id AND j.enabled = 1 AND j.agent_id = ?";

	private static final String EXTEND_SET = " SET w.from_at = CASE WHEN w.until_at <= v.from_at THEN w.until_at "
			+ "ELSE GREATEST(w.from_at, v.from_at) END, w.agent_id = ?, "
			+ "w.until_at = GREATEST(w.until_at, v.until_at)";

	// asked while the lease is unconfirmed: the asking agent fires the instants asked for
	// on the database's word alone, so a take past its fence must leave them to it
	private static final String EXTEND_HELD_MARK = ", w.held_until = GREATEST(COALESCE(w.held_until, v.until_at), "
			+ "v.until_at)";

	private static final String EXTEND_WHERE = " WHERE w.agent_id = ? OR w.until_at <= v.from_at";

	// joined to job so that a deleted job gets no window (the foreign key would refuse
	// it)
	// A job's first window starts at MADE_FROM, before any instant of any job: no window
	// ever covered an instant of the job before it (a window row lives as long as its
	// job), so its missed instants are the maker's to catch up, whichever of its fires
	// made the window.
	private static final String MAKE_HEAD = "INSERT IGNORE INTO job_window (job_id, agent_id, from_at, until_at, "
			+ "held_until) SELECT v.job_id, ?, CAST('2000-01-01 00:00:00' AS DATETIME(3)), v.until_at, ";

	private static final String MAKE_NOT_HELD = "NULL FROM ";

	private static final String MAKE_HELD_MARK = "v.until_at FROM ";

	private static final String MAKE_JOIN = ") v JOIN job j ON j.id = v.job_id";

	private static final String MAKE_HELD = " WHERE j.enabled = 1 AND j.agent_id = ?";

	private static final String READ = "SELECT job_id, agent_id, from_at, until_at, held_until FROM job_window "
			+ "WHERE job_id IN (";

	// never past the window's end (a cut does not extend), never before its start (the
	// instants before it were another holder's)
	private static final String TRUNCATE_HEAD = "UPDATE job_window SET until_at = GREATEST(from_at, LEAST(until_at, "
			+ "CASE job_id";

	private static final String TRUNCATE_ROW = " WHEN ? THEN CAST(? AS DATETIME(3))";

	private static final String TRUNCATE_TAIL = " END)) WHERE agent_id = ? AND job_id IN (";

	// this agent's window (taken from the former holder's end, before or past its fence)
	// or the former holder's that ended by then (cut there, or ended before it) starts at
	// the instant just past that holder's fence; a later take of it starts there too
	private static final String START_HEAD = "UPDATE job_window w JOIN (SELECT ? AS job_id, "
			+ "CAST(? AS DATETIME(3)) AS at";

	private static final String START_ROW = " UNION ALL SELECT ?, ?";

	private static final String START_TAIL = ") v ON w.job_id = v.job_id SET w.agent_id = ?, w.from_at = v.at, "
			+ "w.until_at = GREATEST(w.until_at, v.at) WHERE w.agent_id = ? OR (w.agent_id = ? AND w.until_at <= v.at)";

	/** The start of a job's first window ({@code MAKE_HEAD}). */
	public static final Instant MADE_FROM = Instant.parse("2000-01-01T00:00:00Z");

	private final JdbcTemplate jdbc;

	public JobWindows(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Extends this agent's windows of the asked jobs and takes those that ended at or
	 * before the first instant asked for, then reads the batch's windows back. A window
	 * taken starts where the ended one ended (the instants in between were nobody's, so
	 * the missed ones among them are the taker's to catch up, and every instant before it
	 * was the former holder's) and ends where asked; a live one of this agent's keeps its
	 * start (or moves it up to the first instant asked for) and ends at the later of its
	 * end and the end asked for. Another agent's window that is still live at the first
	 * instant asked for is left as it is. A job's first window starts at
	 * {@link #MADE_FROM}, before any instant of the job: no window covered one before it.
	 * @param agentId the asking agent
	 * @param asks one per job
	 * @param heldOnly whether a window is extended or made only while table {@code job}
	 * says its job is enabled and placed on {@code agentId} (the lease is unconfirmed),
	 * each window so extended or made marked held to the end asked for
	 * ({@link JobWindow#heldUntil}, never lowered)
	 * @return the asked jobs' windows as read back, by job, whichever agent they name:
	 * this agent owns the instants of those that name it; a job without a window
	 * (deleted, or held elsewhere by table {@code job} with {@code heldOnly}) is absent
	 */
	public Map<Long, JobWindow> extend(String agentId, List<JobWindowAsk> asks, boolean heldOnly) {
		Set<Long> jobs = new HashSet<>();
		for (JobWindowAsk ask : asks) {
			if (!jobs.add(ask.jobId())) {
				throw new IllegalArgumentException("Job " + ask.jobId() + " is asked for twice");
			}
		}
		// in job order, so two agents racing for the same windows lock them in one order
		List<JobWindowAsk> sorted = asks.stream().sorted(Comparator.comparingLong(JobWindowAsk::jobId)).toList();
		for (List<JobWindowAsk> chunk : chunks(sorted, CHUNK)) {
			String values = ASKS_HEAD + ASK_ROW.repeat(chunk.size() - 1);
			List<Object> extendArgs = askArgs(chunk);
			if (heldOnly) {
				extendArgs.add(agentId);
			}
			extendArgs.add(agentId);
			extendArgs.add(agentId);
			String extend = EXTEND_HEAD + values + EXTEND_JOIN + (heldOnly ? EXTEND_HELD : "") + EXTEND_SET
					+ (heldOnly ? EXTEND_HELD_MARK : "") + EXTEND_WHERE;
			int matched = LockConflicts.retry("A window extension",
					() -> this.jdbc.update(extend, extendArgs.toArray()));
			if (matched == chunk.size()) {
				// every asked window was there (the driver counts the rows matched, not
				// only those changed): the insert would make none, as a window row lives
				// as long as its job
				continue;
			}
			List<Object> makeArgs = new ArrayList<>();
			makeArgs.add(agentId);
			makeArgs.addAll(askArgs(chunk));
			if (heldOnly) {
				makeArgs.add(agentId);
			}
			String make = MAKE_HEAD + (heldOnly ? MAKE_HELD_MARK : MAKE_NOT_HELD) + values + MAKE_JOIN
					+ (heldOnly ? MAKE_HELD : "");
			LockConflicts.retry("A window's insert", () -> this.jdbc.update(make, makeArgs.toArray()));
		}
		return read(jobs);
	}

	/**
	 * Reads the windows of the given jobs, in one statement per 1,000 jobs.
	 * @return the windows found, by job
	 */
	public Map<Long, JobWindow> read(Collection<Long> jobIds) {
		Map<Long, JobWindow> windows = new HashMap<>();
		for (List<Long> chunk : chunks(jobIds, TRUNCATE_CHUNK)) {
			this.jdbc.query(READ + marks(chunk.size()) + ")", (rs) -> {
				Timestamp heldUntil = rs.getTimestamp(5);
				JobWindow window = new JobWindow(rs.getLong(1), rs.getString(2), rs.getTimestamp(3).toInstant(),
						rs.getTimestamp(4).toInstant(), (heldUntil != null) ? heldUntil.toInstant() : null);
				windows.put(window.jobId(), window);
			}, chunk.toArray());
		}
		return windows;
	}

	/**
	 * Cuts this agent's windows of the given jobs to end at the given instants, so the
	 * jobs' next holder may take them from there: the agent dispatches none of those
	 * instants. A window is never cut before its start nor lengthened; another agent's is
	 * left alone. One statement per 1,000 jobs.
	 * @param agentId the agent giving the jobs up
	 * @param firstUndispatched by job, the first instant it did not dispatch
	 */
	public void truncate(String agentId, Map<Long, Instant> firstUndispatched) {
		for (List<Long> chunk : chunks(firstUndispatched.keySet().stream().sorted().toList(), TRUNCATE_CHUNK)) {
			List<Object> args = new ArrayList<>();
			for (Long jobId : chunk) {
				args.add(jobId);
				args.add(SqlTime.of(firstUndispatched.get(jobId)));
			}
			args.add(agentId);
			args.addAll(chunk);
			String sql = TRUNCATE_HEAD + TRUNCATE_ROW.repeat(chunk.size()) + TRUNCATE_TAIL + marks(chunk.size()) + ")";
			LockConflicts.retry("A window's cut", () -> this.jdbc.update(sql, args.toArray()));
		}
	}

	/**
	 * Starts the windows of arriving jobs just past their former holder's fence
	 * ({@code FormerHolderFires}): this agent's window, whether taken from the end of the
	 * former holder's window before its fence or past it, and the former holder's window
	 * that ended by then, taken here at once. The instants before that start were the
	 * former holder's, which may have run them cut off and replays their records when it
	 * reaches the database again; a window of this agent covering them would keep those
	 * records out ({@code ClaimInsert#insertRecorded}). The instants from there up to a
	 * dead window's end ran nowhere and are this agent's. Another agent's window, or the
	 * former holder's still live there, is left alone. One statement per 1,000 jobs.
	 * @param agentId the agent the jobs arrived at
	 * @param formerHolder the agent the jobs were taken from
	 * @param from by job, the window's start: just past the former holder's fence
	 */
	public void startAt(String agentId, String formerHolder, Map<Long, Instant> from) {
		for (List<Long> chunk : chunks(from.keySet().stream().sorted().toList(), TRUNCATE_CHUNK)) {
			List<Object> args = new ArrayList<>();
			for (Long jobId : chunk) {
				args.add(jobId);
				args.add(SqlTime.of(from.get(jobId)));
			}
			args.add(agentId);
			args.add(agentId);
			args.add(formerHolder);
			String sql = START_HEAD + START_ROW.repeat(chunk.size() - 1) + START_TAIL;
			LockConflicts.retry("A window's start", () -> this.jdbc.update(sql, args.toArray()));
		}
	}

	private static List<Object> askArgs(List<JobWindowAsk> chunk) {
		List<Object> args = new ArrayList<>(chunk.size() * 3 + 3);
		for (JobWindowAsk ask : chunk) {
			args.add(ask.jobId());
			args.add(SqlTime.of(ask.from()));
			args.add(SqlTime.of(ask.until()));
		}
		return args;
	}

}
