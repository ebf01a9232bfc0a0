package io.crony.agent.async;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.StatusAnswer;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.execution.lifecycle.AttemptTransition;
import io.crony.common.execution.lifecycle.RunTransition;
import io.crony.common.sql.SqlTime;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The SQL of async attempts. Every change is conditional on the row's status and attempt,
 * so the agent and crony-web's report intake (which changes only RUNNING rows) never
 * overwrite each other; the links of a run's chain of attempts change only through
 * {@link AttemptTransition}.
 */
public class AsyncStore {

	// A retry may restart a row its last attempt left FAILED or TIMED_OUT; a finished run
	// (SUCCEEDED, CANCELLED) or another agent's row is never touched.
	private static final String START = "UPDATE execution SET " + RunTransition.RETRY.set()
			+ ", mode = 'ASYNC', agent_id = ?, "
			+ "attempt = ?, deadline_at = ?, started_at = COALESCE(started_at, ?), finished_at = NULL, "
			+ "move_requested_at = NULL, trace_id = COALESCE(?, trace_id), updated_at = ? "
			+ "WHERE id = ? AND (agent_id = ? OR agent_id IS NULL) AND " + RunTransition.RETRY.where();

	// the ends of an attempt: its status URL's answer, its deadline, a takeover
	private static final String FINISH = "UPDATE execution SET " + RunTransition.END.setTo(null, "?")
			+ ", output = ?, error = ?, reason = ?, message = COALESCE(?, message), "
			+ "progress = CASE WHEN ? = 'SUCCEEDED' THEN 100 ELSE progress END, finished_at = ?, "
			+ "updated_at = ? WHERE id = ? AND attempt = ? AND agent_id = ? AND " + RunTransition.END.where(null, "?");

	private static final String TIME_OUT = "UPDATE execution SET "
			+ RunTransition.END.set(null, ExecutionStatus.TIMED_OUT)
			+ ", error = ?, reason = ?, finished_at = ?, updated_at = ? "
			+ "WHERE id = ? AND attempt = ? AND agent_id = ? AND " + RunTransition.END.where();

	private static final String TAKE_OVER = "UPDATE execution SET "
			+ RunTransition.END.set(null, ExecutionStatus.TIMED_OUT)
			+ ", agent_id = ?, error = ?, reason = ?, finished_at = ?, updated_at = ? "
			+ "WHERE id = ? AND attempt = ? AND agent_id <=> ? AND " + RunTransition.END.where();

	private static final String ATTEMPT_RESTART = "UPDATE execution_attempt SET instance = ?, agent_id = ?, "
			+ "started_at = ? WHERE execution_id = ? AND attempt = ? AND " + AttemptTransition.RESTART.where(null);

	// an open link: no status, no end
	private static final String ATTEMPT_INSERT = "INSERT INTO execution_attempt (execution_id, attempt, instance, "
			+ "agent_id, started_at) VALUES (?, ?, ?, ?, ?)";

	private static final String ATTEMPT_END = "UPDATE execution_attempt SET ended_at = ?, "
			+ AttemptTransition.END.setTo(null, "?") + ", note = ?, reason = ? WHERE execution_id = ? AND attempt = ? "
			+ "AND " + AttemptTransition.END.where(null, "?");

	/**
	 * How an older agent's note of an attempt moved for silence begins (a link without a
	 * code).
	 */
	private static final String OLD_STOPPED_REPORTING_NOTE = "its instance stopped reporting";

	/** Characters of {@code message}, a VARCHAR(1024). */
	private static final int MESSAGE_LIMIT = 1024;

	/** Bytes of {@code resume_payload}, a TEXT. */
	private static final int RESUME_PAYLOAD_LIMIT = 65_535;

	private final JdbcTemplate jdbc;

	public AsyncStore(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Marks an attempt started, with its deadline, before the target is called, so a
	 * report that comes back at once finds the row RUNNING. The run's trace id goes with
	 * it: a report that ends the row before the run's own records are written would
	 * otherwise leave it without one (those apply to open rows only).
	 * @param traceId the run's trace id, null when it is not traced
	 * @return whether the row is now this attempt's
	 */
	boolean start(long id, String agentId, int attempt, Instant deadline, String traceId, Instant now) {
		return this.jdbc.update(START, agentId, attempt, SqlTime.of(deadline), SqlTime.of(now), traceId,
				SqlTime.of(now), id, agentId, attempt) == 1;
	}

	/** The resume payload last reported for the execution, or null. */
	String resumePayload(long id) {
		List<String> payloads = this.jdbc.queryForList("SELECT resume_payload FROM execution WHERE id = ?",
				String.class, id);
		return payloads.isEmpty() ? null : payloads.get(0);
	}

	/** Where the given executions stand, in one query per 1,000 ids. */
	Map<Long, RowState> states(Collection<Long> ids) {
		Map<Long, RowState> states = new HashMap<>();
		List<Long> all = new ArrayList<>(ids);
		for (int from = 0; from < all.size(); from += 1000) {
			List<Long> chunk = all.subList(from, Math.min(all.size(), from + 1000));
			String in = chunk.stream().map((id) -> "?").collect(Collectors.joining(", "));
			this.jdbc.query("SELECT id, status, attempt, output, error, move_requested_at IS NOT NULL, updated_at, "
					+ "reason FROM execution WHERE id IN (" + in + ")", (rs) -> {
						states.put(rs.getLong(1),
								new RowState(ExecutionStatus.valueOf(rs.getString(2)), rs.getInt(3), rs.getString(4),
										rs.getString(5), ReasonJson.read(rs.getString(8)), rs.getBoolean(6),
										SqlTime.instant(rs.getTimestamp(7))));
					}, chunk.toArray());
		}
		return states;
	}

	/**
	 * How far the attempt got, from its status URL; a payload or message left out keeps
	 * the last (as a report does).
	 */
	boolean progress(long id, int attempt, String agentId, StatusAnswer answer, Instant now) {
		return this.jdbc.update(
				"UPDATE execution SET progress = COALESCE(?, progress), message = COALESCE(?, message), "
						+ "resume_payload = COALESCE(?, resume_payload), updated_at = ? "
						+ "WHERE id = ? AND status = 'RUNNING' AND attempt = ? AND agent_id = ?",
				answer.progress(), capped(answer.message()), fitting(answer.resumePayload()), SqlTime.of(now), id,
				attempt, agentId) == 1;
	}

	/**
	 * Ends the attempt as its status URL said, unless a report or another ending got
	 * there first (compare-and-set on the RUNNING attempt).
	 */
	boolean finish(long id, int attempt, String agentId, AttemptResult result, String message, Instant now) {
		return this.jdbc.update(FINISH, result.status().name(), result.output(), result.error(),
				ReasonJson.write(result.reason()), capped(message), result.status().name(), SqlTime.of(now),
				SqlTime.of(now), id, attempt, agentId, result.status().name()) == 1;
	}

	/** A message as long as its column takes. */
	private static String capped(String message) {
		return (message == null || message.length() <= MESSAGE_LIMIT) ? message : message.substring(0, MESSAGE_LIMIT);
	}

	/**
	 * A resume payload its column holds whole, else none (the last is kept): a cut
	 * payload would resume from the wrong place.
	 */
	private static String fitting(String payload) {
		return (payload == null || payload.getBytes(StandardCharsets.UTF_8).length <= RESUME_PAYLOAD_LIMIT) ? payload
				: null;
	}

	/** Times out this agent's attempt if no report ended it first. */
	boolean timeOut(long id, int attempt, String agentId, Reason error, Instant now) {
		return this.jdbc.update(TIME_OUT, error.text(), ReasonJson.write(error), SqlTime.of(now), SqlTime.of(now), id,
				attempt, agentId) == 1;
	}

	/**
	 * RUNNING async rows whose deadline passed before {@code before} (few: by status).
	 */
	List<Stale> overdue(Instant before) {
		return this.jdbc.query(
				"SELECT id, job_id, scheduled_at, trigger_type, params, attempt, agent_id FROM execution "
						+ "WHERE status = 'RUNNING' AND mode = 'ASYNC' AND deadline_at < ?",
				(rs, i) -> new Stale(rs.getLong(1), rs.getLong(2), rs.getTimestamp(3).toInstant(),
						TriggerType.valueOf(rs.getString(4)), rs.getString(5), rs.getInt(6), rs.getString(7)),
				SqlTime.of(before));
	}

	/**
	 * Takes an overdue row of a job this agent now holds: times out the attempt its
	 * former holder never finished, and makes the row this agent's (compare-and-set).
	 */
	boolean takeOver(Stale row, String agentId, Reason error, Instant now) {
		return this.jdbc.update(TAKE_OVER, agentId, error.text(), ReasonJson.write(error), SqlTime.of(now),
				SqlTime.of(now), row.id(), row.attempt(), row.agentId()) == 1;
	}

	/**
	 * An attempt begins at an instance: a link of the run's chain of attempts, inserted
	 * open; the same attempt started again while its link is open refreshes it (RESTART).
	 * A link that ended is left as it ended: a late or duplicate start does not re-open
	 * it.
	 * @return whether the link is now this start's
	 */
	boolean attemptStarted(long id, int attempt, String instance, String agentId, Instant now) {
		if (this.jdbc.update(ATTEMPT_RESTART, instance, agentId, SqlTime.of(now), id, attempt) == 1) {
			return true;
		}
		try {
			return this.jdbc.update(ATTEMPT_INSERT, id, attempt, instance, agentId, SqlTime.of(now)) == 1;
		}
		catch (DuplicateKeyException ex) {
			return false;
		}
	}

	/**
	 * How an attempt of the chain ended (END): a run's status, or MOVED when the run went
	 * on at another instance; only an open link takes it.
	 * @param note why, in English
	 * @param reason the same as a code when the platform wrote it (a move, a deadline),
	 * null for the target's own answer
	 * @return whether the link took it
	 */
	boolean attemptEnded(long id, int attempt, String status, String note, Reason reason, Instant now) {
		return this.jdbc.update(ATTEMPT_END, SqlTime.of(now), status, capped(note), ReasonJson.write(reason), id,
				attempt, status) == 1;
	}

	/**
	 * Whether an attempt of the run already ended because its instance stopped reporting
	 * (a MOVED link of the chain with that code): a run is resumed for that once. A link
	 * an agent wrote before the code (version 30 of the schema) says so in its note
	 * alone.
	 */
	boolean resumedForSilence(long id) {
		Integer found = this.jdbc.queryForObject(
				"SELECT COUNT(*) FROM execution_attempt WHERE execution_id = ? AND status = 'MOVED' AND "
						+ "(JSON_UNQUOTE(JSON_EXTRACT(reason, '$.code')) = ? OR (reason IS NULL AND note LIKE ?))",
				Integer.class, id, ReasonCode.ATTEMPT_STOPPED_REPORTING.name(), OLD_STOPPED_REPORTING_NOTE + "%");
		return found != null && found > 0;
	}

	/**
	 * An execution row as an async attempt sees it.
	 *
	 * @param reason the row's error as a code when the platform wrote it (a cancel, a
	 * takeover, the reconciler)
	 * @param moveRequested whether the instance running the attempt asked to move the run
	 * elsewhere (a progress report with {@code rebalance})
	 * @param updatedAt when the row last changed: the attempt's start, a progress report
	 * or a status answer
	 */
	record RowState(ExecutionStatus status, int attempt, String output, String error, Reason reason,
			boolean moveRequested, Instant updatedAt) {
	}

	/** A RUNNING async row past its deadline. */
	record Stale(long id, long jobId, Instant scheduledAt, TriggerType trigger, String params, int attempt,
			String agentId) {
	}

}
