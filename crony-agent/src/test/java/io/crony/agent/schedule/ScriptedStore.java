package io.crony.agent.schedule;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.JobWindowAsk;
import io.crony.agent.execution.LastFire;
import io.crony.common.execution.ExecutionStatus;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The execution table as the engine's stages see it, answered from what a test says, so a
 * stage can be tried without a database: which rows a claim finds, which are released by
 * their holder, the jobs' windows, and what the stage released and wrote.
 */
final class ScriptedStore extends ExecutionStore {

	/** Rows a claim reads back, by fire. */
	final Map<FireKey, Row> rows = new HashMap<>();

	/** Rows their former holder released (PENDING, nobody's). */
	final Set<Long> free = new HashSet<>();

	/** Rows this agent released, by id. */
	final List<Long> releasedIds = new CopyOnWriteArrayList<>();

	/** Jobs whose claims after an instant this agent released. */
	final List<Long> releasedJobs = new CopyOnWriteArrayList<>();

	/** Table {@code job_window}. */
	final WindowTable windows = new WindowTable();

	/** Records written. */
	final List<ExecutionRecord> written = new CopyOnWriteArrayList<>();

	/**
	 * Each job's last fire that ran, as the misfire policy of an arriving job reads it.
	 */
	final Map<Long, LastFire> lastFires = new HashMap<>();

	/** Claim rows sent, in order. */
	final List<ExecutionRecord.Claimed> claimRows = new CopyOnWriteArrayList<>();

	/** Whether a cut of the windows fails as on an unreachable database. */
	boolean cutsFail;

	/** Claim inserts sent. */
	int claimInserts;

	// the next id taken ahead
	private long nextId = 5001;

	ScriptedStore() {
		super(new JdbcTemplate(new SingleConnectionDataSource()));
	}

	@Override
	public Map<FireKey, Row> insertClaims(List<ExecutionRecord.Claimed> claims, boolean heldOnly) {
		this.claimInserts++;
		this.claimRows.addAll(claims);
		// the scripted rows are read back, as on a server that returns nothing
		return Map.of();
	}

	@Override
	public synchronized long[] takeIds(int count) {
		long[] ids = new long[count];
		for (int i = 0; i < count; i++) {
			ids[i] = this.nextId++;
		}
		return ids;
	}

	@Override
	public Map<Long, JobWindow> extendWindows(String agentId, List<JobWindowAsk> asks, boolean heldOnly) {
		return this.windows.extend(agentId, asks, heldOnly);
	}

	@Override
	public void truncateWindows(String agentId, Map<Long, Instant> firstUndispatched) {
		if (this.cutsFail) {
			throw new DataAccessResourceFailureException("Database unreachable");
		}
		this.windows.truncate(agentId, firstUndispatched);
	}

	@Override
	public void startWindowsAt(String agentId, String formerHolder, Map<Long, Instant> from) {
		this.windows.startAt(agentId, formerHolder, from);
	}

	@Override
	public Map<Long, JobWindow> readWindows(Collection<Long> jobIds) {
		Map<Long, JobWindow> read = new HashMap<>(this.windows.windows);
		read.keySet().retainAll(jobIds);
		return read;
	}

	@Override
	public Map<Long, LastFire> lastFires(Map<Long, Instant> untilByJob, String agentId) {
		Map<Long, LastFire> last = new HashMap<>(this.lastFires);
		last.keySet().retainAll(untilByJob.keySet());
		return last;
	}

	@Override
	public Map<Long, List<Instant>> releasedFires(Collection<Long> jobIds, Instant after, Instant until) {
		// no former holder released a fire
		return Map.of();
	}

	@Override
	public Map<FireKey, Row> find(Collection<FireKey> keys) {
		Map<FireKey, Row> found = new HashMap<>();
		keys.stream().filter(this.rows::containsKey).forEach((key) -> found.put(key, this.rows.get(key)));
		return found;
	}

	@Override
	public Set<Long> released(Collection<Long> ids) {
		Set<Long> released = new HashSet<>(ids);
		released.retainAll(this.free);
		return released;
	}

	@Override
	public boolean takeOver(long id, String formerOwner, String agentId) {
		return formerOwner == null && this.free.remove(id);
	}

	@Override
	public int release(List<Long> ids, String agentId) {
		this.releasedIds.addAll(ids);
		return ids.size();
	}

	@Override
	public void release(List<Long> jobIds, String agentId, Instant after) {
		this.releasedJobs.addAll(jobIds);
	}

	@Override
	public void write(List<ExecutionRecord> records) {
		this.written.addAll(records);
	}

	/** The statuses of the finish records written, in order. */
	List<ExecutionStatus> finishedStatuses() {
		List<ExecutionStatus> statuses = new ArrayList<>();
		this.written.stream()
			.filter(ExecutionRecord.Finished.class::isInstance)
			.map(ExecutionRecord.Finished.class::cast)
			.forEach((finished) -> statuses.add(finished.status()));
		return statuses;
	}

}
