package io.crony.agent.execution;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.crony.common.execution.ExecutionIds;
import io.crony.common.sql.SqlTime;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The claim's multi-row {@code INSERT IGNORE}, and the ids of the rows it made. On
 * MariaDB (10.5 and later) the statement ends in {@code RETURNING}, so those ids come
 * back with the insert and the claim reads back only the fires whose row was there
 * already (none in the steady state): one statement per batch instead of two. MySQL has
 * no {@code RETURNING}; there the insert returns nothing and the claim reads every fire
 * back, as before. Ids are never derived from {@code LAST_INSERT_ID()}: an ignored row
 * leaves a gap, and MySQL 8's interleaved auto-increment does not promise one statement
 * consecutive ids.
 * <p>
 * Each row is inserted with its id, taken ahead from {@link ExecutionIds} (the caller
 * takes them before its transaction): a fire has its id before any row of it.
 * <p>
 * A claim may be <em>held only</em>: each row is then made only while table {@code job}
 * says its job is enabled and placed on the claiming agent
 * ({@code INSERT IGNORE … SELECT} of the same values joined to {@code job}). An agent
 * whose lease etcd does not confirm claims so, since it cannot hear that a job was
 * disabled, deleted or moved away; the database, which the web writes on each of those,
 * still tells it. One statement either way, and the plain insert stays the normal path.
 */
final class ClaimInsert {

	static final String COLUMNS = "INSERT IGNORE INTO execution (id, job_id, job_name, agent_id, trigger_type, "
			+ "status, scheduled_at, attempt, params, updated_at) VALUES ";

	static final String ROW = "(?, ?, ?, ?, ?, 'PENDING', ?, 1, ?, ?)";

	// the same values as a derived table: the held-only claim keeps them where job agrees
	static final String HELD_HEAD = "INSERT IGNORE INTO execution (id, job_id, job_name, agent_id, trigger_type, "
			+ "status, scheduled_at, attempt, params, updated_at) SELECT c.id, c.job_id, c.job_name, c.agent_id, "
			+ "c.trigger_type, 'PENDING', c.scheduled_at, 1, c.params, c.updated_at FROM (SELECT ? AS id, "
			+ "? AS job_id, ? AS job_name, ? AS agent_id, ? AS trigger_type, CAST(? AS DATETIME(3)) AS scheduled_at, "
			+ "? AS params, CAST(? AS DATETIME(3)) AS updated_at";

	static final String HELD_ROW = " UNION ALL SELECT ?, ?, ?, ?, ?, ?, ?, ?";

	static final String HELD_TAIL = ") c JOIN job j ON j.id = c.job_id WHERE j.enabled = 1 AND j.agent_id = c.agent_id";

	// A record's claim (a spooled claim replayed, a MISSED the look-back writes under a
	// former holder), the same values, kept unless its scheduled or missed instant lies
	// inside another agent's window: that agent owns the instant and records it itself,
	// at its run's end when records are written once, so a row made first here would
	// keep its record out (a cut-off agent's replayed MISSED of an instant the job's new
	// holder ran). Job windows only ever cover such instants; a claim of nobody is
	// another agent's to take.
	static final String RECORDED_TAIL = ") c WHERE c.trigger_type NOT IN ('CRON', 'MISFIRE') OR c.agent_id IS NULL "
			+ "OR NOT EXISTS (SELECT 1 FROM job_window w WHERE w.job_id = c.job_id AND w.agent_id <> c.agent_id "
			+ "AND w.from_at <= c.scheduled_at AND c.scheduled_at < w.until_at)";

	private static final Pattern MAJOR_MINOR = Pattern.compile("(\\d+)\\.(\\d+)");

	// rows per statement: 3,500 bound values, far under the protocol's 65,535
	private static final int CHUNK = 500;

	private final JdbcTemplate jdbc;

	private final ExecutionIds ids;

	// null until the server was asked (the agent may start while it is unreachable)
	private volatile Boolean returning;

	ClaimInsert(JdbcTemplate jdbc, ExecutionIds ids, Boolean returning) {
		this.jdbc = jdbc;
		this.ids = ids;
		this.returning = returning;
	}

	/**
	 * No writer older than V34 seen for an hour, as the id blocks last said
	 * ({@link ExecutionIds#noOlderWriterSeenBefore}).
	 */
	boolean noOlderWriterSeenBefore(Instant now) {
		return this.ids.noOlderWriterSeenBefore(now);
	}

	/**
	 * Takes the ids of claims to insert, before their transaction: a block is taken on a
	 * connection of its own.
	 * @throws DataAccessException when the database gives no block, as a statement of the
	 * claim would fail
	 */
	long[] ids(int count) {
		if (count == 0) {
			return new long[0];
		}
		try {
			return this.ids.next(count);
		}
		catch (IllegalStateException ex) {
			// a lock wait stays a lock conflict (retried, never taken for an outage)
			if (ex.getCause() instanceof SQLException cause) {
				DataAccessException translated = this.jdbc.getExceptionTranslator()
					.translate("taking a block of execution ids", null, cause);
				if (translated != null) {
					throw translated;
				}
			}
			throw new DataAccessResourceFailureException(ex.getMessage(), ex);
		}
	}

	/**
	 * Inserts the claims (existing keys are left alone), within the caller's transaction.
	 * @param ids the claims' ids, in their order ({@link #ids})
	 * @param wantIds whether to return the ids of the rows made (a claim needs them, a
	 * replayed spool does not)
	 * @param heldOnly whether a row is made only while its job is enabled and placed on
	 * the claim's agent in table {@code job}
	 * @return the ids of the rows this insert made, by fire; empty when not wanted or the
	 * server cannot tell (MySQL), and then the caller reads every fire back
	 */
	Map<FireKey, Long> insert(List<ExecutionRecord.Claimed> claims, long[] ids, boolean wantIds, boolean heldOnly) {
		boolean withIds = wantIds && returning();
		return inChunks(claims, ids, withIds,
				(size) -> (heldOnly ? HELD_HEAD + HELD_ROW.repeat(size - 1) + HELD_TAIL
						: COLUMNS + String.join(", ", Collections.nCopies(size, ROW)))
						+ (withIds ? " RETURNING id, job_id, scheduled_at" : ""));
	}

	/**
	 * Inserts the claims of records (existing keys are left alone, as is a claim of an
	 * instant inside another agent's window: {@code RECORDED_TAIL}), within the caller's
	 * transaction.
	 * @param ids the claims' ids, in their order ({@link #ids})
	 */
	void insertRecorded(List<ExecutionRecord.Claimed> claims, long[] ids) {
		inChunks(claims, ids, false, (size) -> HELD_HEAD + HELD_ROW.repeat(size - 1) + RECORDED_TAIL);
	}

	// one statement per chunk of claims, its SQL by the chunk's size
	private Map<FireKey, Long> inChunks(List<ExecutionRecord.Claimed> claims, long[] ids, boolean withIds,
			IntFunction<String> sql) {
		if (ids.length != claims.size()) {
			throw new IllegalArgumentException(ids.length + " ids for " + claims.size() + " claims");
		}
		Map<FireKey, Long> made = new HashMap<>();
		for (int from = 0; from < claims.size(); from += CHUNK) {
			int to = Math.min(claims.size(), from + CHUNK);
			List<ExecutionRecord.Claimed> chunk = claims.subList(from, to);
			execute(sql.apply(chunk.size()), chunk, Arrays.copyOfRange(ids, from, to), withIds, made);
		}
		return made;
	}

	// the ids of the rows made into made, when returned
	private void execute(String sql, List<ExecutionRecord.Claimed> chunk, long[] ids, boolean withIds,
			Map<FireKey, Long> made) {
		// A statement creator, not a ConnectionCallback, whose connection is a proxy
		// that reaches the driver through reflection on every call.
		this.jdbc.execute((Connection connection) -> connection.prepareStatement(sql), (statement) -> {
			bind(statement, chunk, ids);
			if (statement.execute() && withIds) {
				try (ResultSet rows = statement.getResultSet()) {
					while (rows.next()) {
						made.put(new FireKey(rows.getLong(2), rows.getTimestamp(3).toInstant()), rows.getLong(1));
					}
				}
			}
			return null;
		});
	}

	private static void bind(PreparedStatement statement, List<ExecutionRecord.Claimed> chunk, long[] ids)
			throws SQLException {
		int column = 1;
		for (int i = 0; i < chunk.size(); i++) {
			ExecutionRecord.Claimed claim = chunk.get(i);
			statement.setLong(column++, ids[i]);
			statement.setLong(column++, claim.jobId());
			statement.setString(column++, claim.jobName());
			statement.setString(column++, claim.agentId());
			statement.setString(column++, claim.trigger().name());
			statement.setString(column++, SqlTime.of(claim.scheduledAt()));
			statement.setString(column++, claim.params());
			statement.setString(column++, SqlTime.of(claim.at()));
		}
	}

	private boolean returning() {
		Boolean known = this.returning;
		if (known == null) {
			known = this.jdbc
				.execute((ConnectionCallback<Boolean>) (connection) -> supportsReturning(connection.getMetaData()));
			this.returning = known;
		}
		return known;
	}

	/**
	 * MariaDB from 10.5 on. Its version reads like {@code 10.11.6-MariaDB-0+deb12u1}, or
	 * through MySQL's driver {@code 5.5.5-10.11.6-MariaDB-0+deb12u1} (the prefix MariaDB
	 * sends for old clients; the driver's major version is then 5).
	 */
	static boolean supportsReturning(DatabaseMetaData server) throws SQLException {
		return supportsReturning(server.getDatabaseProductVersion());
	}

	static boolean supportsReturning(String version) {
		if (!version.toLowerCase(Locale.ROOT).contains("mariadb")) {
			return false;
		}
		Matcher number = MAJOR_MINOR.matcher(version.startsWith("5.5.5-") ? version.substring(6) : version);
		if (!number.lookingAt()) {
			return false;
		}
		int major = Integer.parseInt(number.group(1));
		int minor = Integer.parseInt(number.group(2));
		return major > 10 || (major == 10 && minor >= 5);
	}

}
