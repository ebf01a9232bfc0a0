package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.LockConflicts;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.dao.DataAccessException;

/**
 * Claims a batch of fires ahead of their instants: inserts them in one multi-row
 * {@code INSERT IGNORE}, reads them back and keeps the PENDING rows that name this agent.
 * A PENDING row that belongs to nobody (its former holder released it: the job moved
 * away, or that holder was fenced) is taken over with a compare-and-set on
 * {@code agent_id}, also when its instant has passed: a released fire never ran and never
 * will there. A row of another agent is never taken just because that agent's node key is
 * gone: a revoked agent may fire until its next keepalive tells it so, and its claims are
 * exactly what keeps that fire single. While the database is unreachable every fire is
 * this agent's (fencing keeps that safe) and the claim rows go to the spool.
 * <p>
 * While etcd does not confirm the lease ({@link FireGate}: claimed fires then start on
 * their claims alone) a claim is made only where table {@code job} still says the job is
 * enabled and placed on this agent: cut off from etcd, the agent cannot hear that a job
 * was disabled, deleted or moved to another agent once its lease expired, and its early
 * claims would otherwise keep winning the unique key without end. So a job disabled or
 * deleted meanwhile stops within one claim-ahead, and a moved one once the leader has
 * written the move (lease TTL plus its reaction), plus one claim-ahead. A lease etcd just
 * granted, about to open the fence once the assignment is loaded under it, counts as
 * confirmed for this once the engine holds that assignment ({@link ClaimScope}): the
 * leader writes {@code job.agent_id} only after it moved a job, so held-only claims at
 * the agent's start lost the fires of jobs moved here just before.
 * <p>
 * A fire that gets no row (held-only, its job not placed here by table {@code job}) is
 * not claimed: it is said at DEBUG, as the job is disabled, deleted or another agent's.
 */
final class Claimer {

	private static final Logger logger = LoggerFactory.getLogger(Claimer.class);

	private final ExecutionStore store;

	private final RecordWriter records;

	private final String agentId;

	private final Clock clock;

	private final BooleanSupplier inFull;

	private final Windows windows;

	private final BooleanSupplier writeOnce;

	/**
	 * @param inFull whether claims are made in full now ({@link ClaimScope#inFull}: etcd
	 * confirms the lease, or the fence is opening under a lease the engine's jobs were
	 * loaded under); otherwise only for jobs the database places here
	 * @param windows the jobs' windows, which a scheduled fire's claim goes through first
	 * ({@link Windows#claims})
	 */
	Claimer(ExecutionStore store, RecordWriter records, String agentId, Clock clock, BooleanSupplier inFull,
			Windows windows) {
		this(store, records, agentId, clock, inFull, windows, () -> false);
	}

	/**
	 * @param writeOnce whether a fire inside this agent's window is claimed by the window
	 * alone, its record written once (docs/scaling.md, "Plan" 3 (c)): no claim row, an id
	 * taken ahead ({@link Fire#claimedByWindow}); an async or sharded job's fire keeps
	 * its row claim (its row must be there before the call)
	 */
	Claimer(ExecutionStore store, RecordWriter records, String agentId, Clock clock, BooleanSupplier inFull,
			Windows windows, BooleanSupplier writeOnce) {
		this.store = store;
		this.records = records;
		this.agentId = agentId;
		this.clock = clock;
		this.inFull = inFull;
		this.windows = windows;
		this.writeOnce = writeOnce;
	}

	/**
	 * Returns the fires this agent now owns, with their execution ids where known. Fires
	 * whose PENDING row names another agent go to {@code contested}: that agent may be
	 * releasing them (the job just moved away from it, or it was fenced).
	 */
	List<Fire> claim(List<Fire> fires, List<Fire> contested) {
		if (fires.isEmpty()) {
			return fires;
		}
		if (this.records.isSpooling()) {
			return claimLocally(fires);
		}
		try {
			return LockConflicts.retry("A claim", () -> claimInDatabase(fires, contested));
		}
		catch (ConcurrencyFailureException ex) {
			// The database answers: another transaction holds the rows. Claiming locally
			// is safe only when no one can claim in the database, so these fires are not
			// claimed at all (missed, never run twice).
			logger.warn("Claims of {} fires lost to lock conflicts {} times ({}); they are not run", fires.size(),
					LockConflicts.ATTEMPTS, ex.getMessage());
			return List.of();
		}
		catch (DataAccessException ex) {
			logger.warn("Claims cannot reach the database ({}); claiming {} fires locally", ex.getMessage(),
					fires.size());
			this.records.databaseDown();
			return claimLocally(fires);
		}
	}

	// contested fires are handed over only when the whole claim went through, so a
	// retried claim does not list them twice
	private List<Fire> claimInDatabase(List<Fire> fires, List<Fire> contested) {
		boolean heldOnly = !this.inFull.getAsBoolean();
		List<Fire> othersClaims = new ArrayList<>();
		List<Fire> byRow = new ArrayList<>();
		List<Fire> byWindow = new ArrayList<>();
		fires.forEach((fire) -> (byWindow(fire) ? byWindow : byRow).add(fire));
		List<Fire> ours = new ArrayList<>();
		if (!byWindow.isEmpty()) {
			Windows.Sorted sorted = this.windows.sort(byWindow, heldOnly);
			ours.addAll(claimByWindow(sorted.owned(), byRow));
			ours.addAll(takeReleased(sorted.contested(), othersClaims));
		}
		ours.addAll(claimRows(byRow, othersClaims, heldOnly));
		contested.addAll(othersClaims);
		return ours;
	}

	/**
	 * Whether a fire is claimed through its job's window ({@link Windows#claims}). A
	 * catch-up fire is only while records are written once, where a row claim alone no
	 * longer keeps it single against a holder whose window covered it; until then its row
	 * claim does, and through the window it would be given up whenever a dead former
	 * holder's window still covers it past the arrival (docs/scaling.md, "Plan" 3,
	 * FailoverIT's missed instants).
	 */
	private boolean byWindow(Fire fire) {
		return Windows.claims(fire) && (fire.kind != FireKind.CATCH_UP || this.writeOnce.getAsBoolean());
	}

	/**
	 * The fires inside this agent's windows: while records are written once, each is
	 * claimed by its window alone, with an id taken ahead and no row; otherwise, and an
	 * async or sharded job's fire always, they go on to the row claim ({@code byRow}).
	 * @return the fires claimed by their windows alone
	 */
	private List<Fire> claimByWindow(List<Fire> owned, List<Fire> byRow) {
		if (owned.isEmpty() || !this.writeOnce.getAsBoolean()) {
			byRow.addAll(owned);
			return List.of();
		}
		List<Fire> once = new ArrayList<>(owned.size());
		owned.forEach((fire) -> (writesOnce(fire) ? once : byRow).add(fire));
		if (once.isEmpty()) {
			return List.of();
		}
		long[] ids = this.store.takeIds(once.size());
		List<Fire> claimed = new ArrayList<>(once.size());
		for (int i = 0; i < once.size(); i++) {
			claimed.add(once.get(i).claimedByWindow(ids[i]));
		}
		return claimed;
	}

	/**
	 * Whether a fire's record may be written once: an async run's row must be RUNNING
	 * before the call (its reports find it there), a sharded run's before its shards.
	 */
	static boolean writesOnce(Fire fire) {
		TargetSpec target = fire.job.spec.target();
		return target.mode() != TargetMode.ASYNC && target.sharding() == null;
	}

	/**
	 * Fires inside another agent's window whose rows their former holder released are
	 * taken by the row (compare-and-set from nobody: a window is an interval, and a
	 * single instant its holder gave back is handed over this way); the others are
	 * contested: by their row when another agent's claim row names them, by the window
	 * (no id) otherwise. A fire whose row ran already is dropped.
	 */
	private List<Fire> takeReleased(List<Fire> outside, List<Fire> contested) {
		if (outside.isEmpty()) {
			return List.of();
		}
		Map<FireKey, ExecutionStore.Row> rows = this.store.find(outside.stream().map(Fire::key).toList());
		List<Fire> won = new ArrayList<>();
		for (Fire fire : outside) {
			ExecutionStore.Row row = rows.get(fire.key());
			if (row == null || this.agentId.equals(row.agentId())) {
				// no row, or this agent's own claim from an earlier life: the window
				// decides
				contested.add(fire);
			}
			else if (mayTakeOver(fire, row)) {
				won.add(fire.handedOver(row.id()));
			}
			else if (row.status() == ExecutionStatus.PENDING) {
				contested.add(fire.claimed(row.id()));
			}
		}
		return won;
	}

	private List<Fire> claimRows(List<Fire> fires, List<Fire> othersClaims, boolean heldOnly) {
		if (fires.isEmpty()) {
			return List.of();
		}
		Map<FireKey, Fire> byKey = new HashMap<>();
		fires.forEach((fire) -> byKey.put(fire.key(), fire));
		Instant now = this.clock.instant();
		// INSERT IGNORE, then read back the fires whose rows the insert did not return as
		// made now: a row naming this agent is ours, whether inserted now or by this
		// agent's earlier life (which no longer fires it)
		Map<FireKey, ExecutionStore.Row> rows = new HashMap<>(
				this.store.insertClaims(fires.stream().map((fire) -> claimRecord(fire, now)).toList(), heldOnly));
		Set<FireKey> unknown = new HashSet<>(byKey.keySet());
		unknown.removeAll(rows.keySet());
		if (!unknown.isEmpty()) {
			rows.putAll(this.store.find(unknown));
		}
		List<Fire> ours = new ArrayList<>();
		for (Map.Entry<FireKey, Fire> entry : byKey.entrySet()) {
			Fire fire = entry.getValue();
			ExecutionStore.Row row = rows.get(entry.getKey());
			if (row == null) {
				// held-only and not placed here: the job is not this agent's by the
				// database's word
				FireMdc.debug(logger, fire,
						() -> logger.debug(
								"Fire of job {} at {} not claimed: table job does not place the job on {} enabled",
								fire.job.id(), fire.scheduledAt, this.agentId));
				continue;
			}
			boolean mine = this.agentId.equals(row.agentId()) && row.status() == ExecutionStatus.PENDING;
			if (mine) {
				ours.add(fire.claimed(row.id()));
			}
			else if (mayTakeOver(fire, row)) {
				ours.add(fire.handedOver(row.id()));
			}
			else if (row.status() == ExecutionStatus.PENDING) {
				// another agent's, or released but taken by another agent first (an old
				// holder dropping the job releases it again): the engine retries it,
				// taking it only from nobody, until a grace past its instant
				othersClaims.add(fire.claimed(row.id()));
			}
			else {
				FireMdc.debug(logger, fire, () -> logger.debug("Fire of job {} at {} already claimed by {}",
						fire.job.id(), fire.scheduledAt, row.agentId()));
			}
		}
		return ours;
	}

	/**
	 * Takes over those contested fires whose former holder released them by now: a row
	 * (compare-and-set from nobody: a holder dispatches nothing it released, so each is
	 * single), or a window (cut by its holder, or ended). Returns the fires won and
	 * leaves in {@code contested} those still contested (a fire whose window was won may
	 * meet another agent's claim row, and is then contested by that row).
	 */
	List<Fire> retake(List<Fire> contested) {
		if (contested.isEmpty() || this.records.isSpooling()) {
			return List.of();
		}
		List<Fire> byRow = contested.stream().filter((fire) -> fire.executionId != 0).toList();
		List<Fire> byWindow = contested.stream().filter((fire) -> fire.executionId == 0).toList();
		List<Fire> won = new ArrayList<>();
		List<Fire> still = new ArrayList<>();
		try {
			retakeRows(byRow, won);
		}
		catch (DataAccessException ex) {
			logger.debug("Contested fires not retried: database unreachable ({})", ex.getMessage());
		}
		Set<FireKey> wonKeys = won.stream().map(Fire::key).collect(Collectors.toSet());
		byRow.stream().filter((fire) -> !wonKeys.contains(fire.key())).forEach(still::add);
		try {
			boolean heldOnly = !this.inFull.getAsBoolean();
			Windows.Sorted sorted = this.windows.sort(byWindow, heldOnly);
			List<Fire> stillByWindow = new ArrayList<>();
			List<Fire> wonByWindow = new ArrayList<>(takeReleased(sorted.contested(), stillByWindow));
			List<Fire> ownedByRow = new ArrayList<>();
			wonByWindow.addAll(claimByWindow(sorted.owned(), ownedByRow));
			wonByWindow.addAll(LockConflicts.retry("A claim", () -> {
				List<Fire> rowContested = new ArrayList<>();
				List<Fire> claimed = claimRows(ownedByRow, rowContested, heldOnly);
				stillByWindow.addAll(rowContested);
				return claimed;
			}));
			won.addAll(wonByWindow);
			still.addAll(stillByWindow);
		}
		catch (DataAccessException ex) {
			logger.debug("Contested fires not retried: database unreachable ({})", ex.getMessage());
			still.addAll(byWindow);
		}
		contested.clear();
		contested.addAll(still);
		return won;
	}

	// a row its former holder released is taken (compare-and-set from nobody: a holder
	// dispatches nothing it released, so each is single)
	private void retakeRows(List<Fire> byRow, List<Fire> won) {
		if (byRow.isEmpty()) {
			return;
		}
		Set<Long> free = this.store.released(byRow.stream().map((fire) -> fire.executionId).toList());
		for (Fire fire : byRow) {
			if (free.contains(fire.executionId) && this.store.takeOver(fire.executionId, null, this.agentId)) {
				FireMdc.with(fire, () -> logger.info("Fire of job {} at {} taken over once released", fire.job.id(),
						fire.scheduledAt));
				won.add(fire.handedOver(fire.executionId));
			}
		}
	}

	private boolean mayTakeOver(Fire fire, ExecutionStore.Row row) {
		// A released row is a fire its holder never ran and never will: taking it is safe
		// even when its instant has passed (a new holder claiming late under load, or a
		// misfire run for it).
		if (row.status() != ExecutionStatus.PENDING) {
			return false;
		}
		if (row.agentId() == null && this.store.takeOver(row.id(), null, this.agentId)) {
			FireMdc.with(fire, () -> logger.info("Fire of job {} at {} taken over once released", fire.job.id(),
					fire.scheduledAt));
			return true;
		}
		return false;
	}

	private List<Fire> claimLocally(List<Fire> fires) {
		Instant now = this.clock.instant();
		fires.forEach((fire) -> this.records.submit(claimRecord(fire, now)));
		return fires;
	}

	private ExecutionRecord.Claimed claimRecord(Fire fire, Instant now) {
		return new ExecutionRecord.Claimed(fire.job.id(), fire.job.spec.name(), fire.scheduledAt, this.agentId,
				fire.trigger, fire.params, now);
	}

	/**
	 * Waits while the record writer has more records waiting than it allows: a claim
	 * makes more of them.
	 */
	void awaitRecordRoom() throws InterruptedException {
		this.records.awaitRoom();
	}

	/**
	 * Takes a run its upstreams unblocked (a PENDING row of nobody) for this agent,
	 * compare-and-set: of all requests for it, one wins. Without the database it is not
	 * taken: the leader repeats the request.
	 */
	boolean takeReleased(Fire fire) {
		try {
			if (this.store.takeOver(fire.executionId, null, this.agentId)) {
				return true;
			}
			FireMdc.with(fire,
					() -> logger.info("Released run {} of job {} was taken already", fire.executionId, fire.job.id()));
		}
		catch (DataAccessException ex) {
			logger.warn("Released run {} of job {} not taken: database unreachable ({})", fire.executionId,
					fire.job.id(), ex.getMessage());
		}
		return false;
	}

	/**
	 * The run whose success released a run (its row's {@code released_by}), with its
	 * trace id; null when it has none or the database cannot say: the run then starts a
	 * trace of its own, it is not held back for it.
	 */
	RunTracing.Upstream releasedBy(Fire fire) {
		try {
			return this.store.releasedBy(fire.executionId)
				.map((upstream) -> new RunTracing.Upstream(upstream.id(), upstream.traceId()))
				.orElse(null);
		}
		catch (DataAccessException ex) {
			logger.info("Released run {} of job {} starts a trace of its own: its upstream not read ({})",
					fire.executionId, fire.job.id(), ex.getMessage());
			return null;
		}
	}

	/**
	 * Makes a manual run's row name this agent once it took the request: the leader may
	 * have moved the request here from the agent the web placed it on. Without the
	 * database the run goes on; its records then apply only if the row named this agent.
	 */
	void adopt(Fire fire) {
		try {
			this.store.adopt(fire.executionId, fire.scheduledAt, this.agentId);
		}
		catch (DataAccessException ex) {
			logger.warn("Execution {} not adopted by agent {}: database unreachable ({})", fire.executionId,
					this.agentId, ex.getMessage());
		}
	}

}
