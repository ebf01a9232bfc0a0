package io.crony.agent.execution;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.crony.common.execution.ExecutionIds;
import io.crony.common.execution.ExecutionStatus;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The agent's SQL against the {@code execution} table (plain JDBC: a handful of batched
 * statements that need no mapping layer): the claim insert and the live output here, the
 * record writer's statements in {@link RecordStatements}, the claim rows' reads and
 * hand-overs in {@link ClaimRows}, the misfire policy's reads in {@link FireHistory}.
 */
public class ExecutionStore {

	private final JdbcTemplate jdbc;

	private final RecordStatements records;

	private final FireHistory history;

	private final ClaimRows claims;

	private final JobWindows windows;

	public ExecutionStore(JdbcTemplate jdbc) {
		this(jdbc, new ExecutionIds(jdbc.getDataSource()), null);
	}

	/**
	 * @param ids where the claims' ids come from ({@link ClaimInsert})
	 * @param returning whether the server returns the rows a claim made
	 * ({@link ClaimInsert}); null: ask it
	 */
	ExecutionStore(JdbcTemplate jdbc, ExecutionIds ids, Boolean returning) {
		this.jdbc = jdbc;
		this.records = new RecordStatements(jdbc, new ClaimInsert(jdbc, ids, returning));
		this.history = new FireHistory(jdbc);
		this.claims = new ClaimRows(jdbc);
		this.windows = new JobWindows(jdbc);
	}

	/**
	 * Extends this agent's windows of the asked jobs, takes those that ended before the
	 * first instant asked for, and reads them back ({@link JobWindows#extend}).
	 * @return the asked jobs' windows as read back, by job, whichever agent they name
	 */
	public Map<Long, JobWindow> extendWindows(String agentId, List<JobWindowAsk> asks, boolean heldOnly) {
		return this.windows.extend(agentId, asks, heldOnly);
	}

	/**
	 * Reads the windows of the given jobs, whichever agent they name
	 * ({@link JobWindows#read}).
	 */
	public Map<Long, JobWindow> readWindows(Collection<Long> jobIds) {
		return this.windows.read(jobIds);
	}

	/**
	 * Cuts this agent's windows of the given jobs to end at the given instants
	 * ({@link JobWindows#truncate}).
	 */
	public void truncateWindows(String agentId, Map<Long, Instant> firstUndispatched) {
		this.windows.truncate(agentId, firstUndispatched);
	}

	/**
	 * Starts the windows of jobs arriving from a former holder just past its fence
	 * ({@link JobWindows#startAt}).
	 */
	public void startWindowsAt(String agentId, String formerHolder, Map<Long, Instant> from) {
		this.windows.startAt(agentId, formerHolder, from);
	}

	/**
	 * Inserts claim rows in one transaction; existing keys are left alone.
	 * @param heldOnly make a row only while table {@code job} says its job is enabled and
	 * placed on the claim's agent (an agent whose lease is unconfirmed claims so)
	 * @return the rows this insert made, by fire, where the server tells them (MariaDB);
	 * any other fire's row is to be read with {@link #find}
	 */
	public Map<FireKey, Row> insertClaims(List<ExecutionRecord.Claimed> claims, boolean heldOnly) {
		Map<FireKey, Long> ids = this.records.insertClaims(claims, heldOnly);
		Map<FireKey, Row> made = new HashMap<>();
		for (ExecutionRecord.Claimed claim : claims) {
			FireKey key = new FireKey(claim.jobId(), claim.scheduledAt());
			Long id = ids.get(key);
			if (id != null) {
				made.put(key, new Row(id, claim.agentId(), ExecutionStatus.PENDING));
			}
		}
		return made;
	}

	/**
	 * Whether no writer of {@code execution} older than V34 was seen for an hour before
	 * {@code now} ({@link ExecutionIds#noOlderWriterSeenBefore}): records may be written
	 * once only then.
	 */
	public boolean noOlderWriterSeenBefore(Instant now) {
		return this.records.noOlderWriterSeenBefore(now);
	}

	/**
	 * Takes execution ids ahead, from the blocks every writer of {@code execution} takes
	 * its ids from ({@code ExecutionIds}): a fire whose record is written once is called
	 * with its id before its row exists.
	 */
	public long[] takeIds(int count) {
		return this.records.ids(count);
	}

	/**
	 * Writes records in one transaction, each fire's in their order, grouped by type
	 * ({@link RecordOrder}): claims in one multi-row insert, starts or finishes in one
	 * joined update per chunk ({@link JoinedUpdate}); a run that started and finished
	 * within the batch is one finish ({@link FoldedRecords}).
	 */
	public void write(List<ExecutionRecord> records) {
		this.records.write(records);
	}

	/**
	 * The latest scheduled fire of each job at or before its own bound that ran or is
	 * running, or that {@code agentId} itself claimed, with its row's agent
	 * ({@link FireHistory}).
	 */
	public Map<Long, LastFire> lastFires(Map<Long, Instant> untilByJob, String agentId) {
		return this.history.lastFires(untilByJob, agentId);
	}

	/**
	 * The scheduled fires of the given jobs in {@code (after, until]} whose claims their
	 * former holder released ({@link FireHistory}).
	 */
	public Map<Long, List<Instant>> releasedFires(Collection<Long> jobIds, Instant after, Instant until) {
		return this.history.releasedFires(jobIds, after, until);
	}

	/**
	 * Reads the rows of the given fires ({@link ClaimRows}).
	 * @param keys fires as (jobId, scheduledAt)
	 * @return the rows found, by key
	 */
	public Map<FireKey, Row> find(Collection<FireKey> keys) {
		return this.claims.find(keys);
	}

	/**
	 * Sets the output of a run still RUNNING on this agent (its output so far, while it
	 * runs): a row that finished meanwhile, or that another agent took, is left alone, so
	 * a live write never overwrites the final record. {@code updated_at} stays: it means
	 * the row's last state change to the reconciler.
	 * @return whether the row is RUNNING on this agent (the driver counts rows found, not
	 * rows changed)
	 */
	public boolean writeRunningOutput(long id, String agentId, String output) {
		return this.jdbc.update("UPDATE execution SET output = ? WHERE id = ? AND status = 'RUNNING' AND agent_id = ?",
				output, id, agentId) == 1;
	}

	/**
	 * Takes over a PENDING claim row from its former owner ({@link ClaimRows}).
	 * @return whether this agent now owns the row
	 */
	public boolean takeOver(long id, String formerOwner, String agentId) {
		return this.claims.takeOver(id, formerOwner, agentId);
	}

	/**
	 * Names this agent on a manual run's PENDING row, found by its id and instant
	 * ({@link ClaimRows}).
	 * @return whether the row is still PENDING
	 */
	public boolean adopt(long id, Instant scheduledAt, String agentId) {
		return this.claims.adopt(id, scheduledAt, agentId);
	}

	/**
	 * Hands a claimed fire of a job with upstreams to the web leader ({@link ClaimRows}).
	 * @return whether the row was this agent's PENDING claim (and now waits)
	 */
	public boolean park(long id, String agentId) {
		return this.claims.park(id, agentId);
	}

	/**
	 * Gives up this agent's PENDING claims after {@code after} of jobs it no longer holds
	 * ({@link ClaimRows}).
	 */
	public void release(List<Long> jobIds, String agentId, Instant after) {
		this.claims.release(jobIds, agentId, after);
	}

	/**
	 * Gives up this agent's PENDING claims of the given rows ({@link ClaimRows}).
	 * @return how many rows were released
	 */
	public int release(List<Long> ids, String agentId) {
		return this.claims.release(ids, agentId);
	}

	/**
	 * Of the given claim rows, those still PENDING that belong to nobody
	 * ({@link ClaimRows}).
	 */
	public Set<Long> released(Collection<Long> ids) {
		return this.claims.released(ids);
	}

	/**
	 * An execution row as the claim sees it.
	 *
	 * @param id execution id
	 * @param agentId owner, null when released
	 * @param status current status
	 */
	public record Row(long id, String agentId, ExecutionStatus status) {
	}

	/**
	 * The outputs of a run's paired upstream runs, as the web wrote them when it released
	 * the run; null when nobody released it.
	 */
	public String upstreamOutputs(long id) {
		List<String> found = this.jdbc.queryForList("SELECT upstream_outputs FROM execution WHERE id = ?", String.class,
				id);
		return found.isEmpty() ? null : found.get(0);
	}

	/**
	 * The run whose success released a run (its {@code released_by}), with that run's
	 * trace id; empty when it names none.
	 */
	public Optional<Upstream> releasedBy(long id) {
		return this.jdbc
			.query("SELECT u.id, u.trace_id FROM execution e JOIN execution u ON u.id = e.released_by WHERE e.id = ?",
					(rs, i) -> new Upstream(rs.getLong(1), rs.getString(2)), id)
			.stream()
			.findFirst();
	}

	/**
	 * @param id the upstream run's execution id
	 * @param traceId its trace id, null when it was not traced
	 */
	public record Upstream(long id, String traceId) {
	}

}
