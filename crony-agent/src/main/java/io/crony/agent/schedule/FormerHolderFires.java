package io.crony.agent.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.FireKey;
import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.LastFire;
import io.crony.agent.execution.RecordWriter;
import io.crony.agent.lease.AgentStanding;
import io.crony.agent.lease.Handover;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

/**
 * Keeps a job taken over from another agent from running again what that agent ran
 * unrecorded. Cut off from etcd and MariaDB at once, the former holder goes on firing on
 * claims in its spool up to its fence, {@code lease-ttl - fencing-margin} after its last
 * confirmed keepalive; its lease expires {@code lease-ttl} after that keepalive, and only
 * then does the leader move the job here. So when the job arrives, the instants its
 * former holder may have run lie before {@code arrival - fencing-margin}, and their rows
 * are in its spool, not in the database, until it can reach MariaDB again. Those missed
 * instants, reaching back {@link #lookBack} before the arrival, are not run here,
 * whatever the misfire policy: each is recorded MISSED under the former holder, so its
 * spool's replay, which may update only that agent's rows and may take MISSED to the
 * run's real outcome ({@code RunTransition.FINISH}), corrects the row to what happened.
 * An instant that already has a row (a claim the former holder made ahead, or released)
 * is left to the claim, where the unique key keeps it single. A former holder still
 * registered in etcd (its node key there: it has its lease) was not cut off from etcd, so
 * it handed the job over: a live move's or a restart's missed instants go by the misfire
 * policy. So did a former holder that stopped gracefully ({@code StopMark}: after handing
 * its jobs back it found every record it had written in the database, nothing spooled,
 * and left in etcd the instant of its stop, before revoking its lease): an instant it ran
 * has its row, and after its stop it ran none, so a rolling restart's or upgrade's missed
 * instants go by the misfire policy too. A mark older than the job's last fire there is
 * not taken: the agent ran again since (its registration deletes its mark). The price: a
 * killed agent's last seconds before the move are recorded MISSED, not caught up, as
 * nobody can tell it from one cut off, and so are those of an agent that stopped while
 * its records were not all in the database.
 * <p>
 * The former holder is the agent the job moved from, as the leader's move names it in the
 * assignment ({@link Handover}), and the agent of the job's last recorded run: the two
 * differ when the job passed A, B, C and B held it without recording a run of it (cut off
 * soon after it arrived, it fired from its spool up to its fence). A's stop mark then
 * says nothing of B, and B, gone from etcd and with no mark, is judged like any agent cut
 * off: the instants in the window are recorded MISSED under it. Judged by A alone, they
 * went by the misfire policy, and CATCH_UP or FIRE_NOW ran again what B ran, its replay
 * recording them a second time. The move's former holder ran nothing after the move was
 * written, so its window ends there too (its fence closed a fencing margin before its
 * lease expired, before the leader moved the job: a margin of clock difference between
 * the leader and it is covered), which keeps a later arrival of the job (this agent
 * restarted) from leaving it what this agent missed. When the move's former holder handed
 * the job over, the last run's agent is judged as before (the stricter outcome wins); a
 * value an older web wrote names no former holder, and the last run's agent is judged
 * alone.
 * <p>
 * How far back, with the defaults (lease TTL 10 s, fencing margin 2 s, the web's
 * {@code leader-lease-ttl} 10 s), from the former holder's last confirmed keepalive
 * {@code k}, cut off right after it: every instant it claimed before the cut has its row
 * in the database (an agent keeping up with its schedule claims each instant before it
 * comes), so what it may have run unrecorded starts at {@code k} and ends at its fence,
 * {@code k + 8 s}. Its lease expires at {@code k + 10 s}; a leader in office moves the
 * job within its poll (0.5 s). A leader that dies then, before it writes the move, blocks
 * its successor until its own lease expires, up to {@code k + 20 s}; the successor, not
 * having seen the former holder alive in its term, keeps the job there for its start
 * grace ({@code StartGrace} in crony-web), to {@code k + 30 s} plus the election; then
 * comes the move (its poll, the etcd write, this agent's watch). The job arrives up to
 * {@code k + 30 s} plus those reactions, a second or two: past the {@code 3 x lease-ttl}
 * (30 s) this look-back once was, which left the instants of the first second or two
 * after {@code k} to the misfire policy (CATCH_UP ran them again; FIRE_NOW too, for a job
 * whose latest missed instant was one of them). The look-back is therefore
 * {@code 3 x lease-ttl + leader-lease-ttl} (40 s): the lease TTL to the expiry, the
 * leader's lease TTL, one lease TTL of the successor's grace, and one lease TTL for the
 * reactions in between (the expiry in etcd, the election, the leaders' polls, the move's
 * write and watch). The leader's lease TTL is crony-web's, read from etcd
 * ({@code LeaderLeaseTtl}: the leader key's lease); before any was read there is no
 * bound, and every missed instant up to the former holder's fence is left to it (no
 * instant run twice, none caught up).
 * <p>
 * No bound counted back from the arrival covers a move that waits for something else:
 * when no other agent is alive the job moves once one comes back (a new leader's grace
 * then counts from it), and a former holder that lost MariaDB long before etcd fired from
 * its spool all that time. The missed instants older than the look-back then go by the
 * misfire policy (those claimed before the cut are still kept single by their rows): SKIP
 * runs none of them, CATCH_UP runs its most recent {@code catch-up-limit}, which may
 * include instants the former holder ran unrecorded, and FIRE_NOW runs the latest, one of
 * those only when the job has no instant between the former holder's fence and the
 * arrival.
 * <p>
 * With records written once ({@code Claimer}'s switch) a fire claimed by its window has
 * no row until its record is written: a former holder killed or cut off leaves none for
 * the instants it ran, and its window, which lasts {@code lease-ttl + 1 s} past its last
 * extension, may end past its fence and past the move, after which it ran nothing. No
 * other agent fires an instant inside that window, so left alone it would give up the
 * arriving agent's fires up to the window's end, catch-up and planned alike, with no row:
 * fires lost. So where the job's window names the agent judged (and it did not hand the
 * job over), the window is cut just past the last instant that agent may have run (its
 * fence, or the move: {@link WindowTake}), and this agent takes it from there: the
 * instants up to the cut are recorded MISSED under the former holder as above (they may
 * have run there, its replay corrects them), those past it go by the misfire policy here
 * and the planned ones fire here. A former holder cut off from etcd but not from MariaDB
 * fired on past its fence, and past the move by up to a claim-ahead, what its held-only
 * asks had the database confirm: the window's held mark ({@link JobWindow#heldUntil}), to
 * which the cut is raised, the instants before it being left to that agent as above.
 * Where the window already names this agent, taken from the end of the move's former
 * holder's window before this arrival was judged, its start is moved to the same point:
 * back when that end lay past it, so the instants between (inside the dead window, past
 * its fence: they ran nowhere) are caught up here too; up when it lay before it, and a
 * former holder's window that ended before that point is taken there at once. This
 * agent's window then covers none of the instants the former holder may have run cut off,
 * whose records, replayed from its spool when it reaches the database again, a window of
 * another agent would keep out ({@code ClaimInsert#insertRecorded}). A take the database
 * did not make leaves the instants past the cut recorded MISSED under the former holder
 * instead (not run, none lost unrecorded).
 */
final class FormerHolderFires {

	private static final Logger logger = LoggerFactory.getLogger(FormerHolderFires.class);

	/**
	 * Lease TTLs in the look-back besides the leader's: to the expiry, grace, reactions.
	 */
	private static final int LOOK_BACK_TTLS = 3;

	// the most instants judged for a killed holder's unwritten calls (a job firing every
	// few milliseconds)
	private static final int UNWRITTEN_LIMIT = 100;

	private final ExecutionStore store;

	private final RecordWriter records;

	private final String agentId;

	private final Duration leaseTtl;

	private final Supplier<Optional<Duration>> leaderLeaseTtl;

	private final Duration fencingMargin;

	private final Function<String, AgentStanding> standings;

	private final LongFunction<Handover> handovers;

	private final Duration unwrittenSpan;

	/**
	 * @param leaseTtl the agents' lease TTL (this agent's)
	 * @param leaderLeaseTtl the web leader's lease TTL as last read from etcd, empty
	 * before any was read: with the lease TTL, how far before an arrival the former
	 * holder may have run instants unrecorded ({@link #lookBack(Duration, Duration)})
	 * @param standings whether an agent is registered in etcd now, and whether it left a
	 * stop mark
	 * @param handovers by job id, the move that brought the job here, null when none is
	 * known
	 */
	FormerHolderFires(ExecutionStore store, RecordWriter records, String agentId, Duration leaseTtl,
			Supplier<Optional<Duration>> leaderLeaseTtl, Duration fencingMargin,
			Function<String, AgentStanding> standings, LongFunction<Handover> handovers) {
		this(store, records, agentId, leaseTtl, leaderLeaseTtl, fencingMargin, standings, handovers, Duration.ZERO);
	}

	/**
	 * As above, and
	 * @param unwrittenSpan how long after a run's start no record of it may be in the
	 * database yet ({@code RecordWriter#unwrittenSpan}, this agent's): how far past a
	 * job's first missed instant a killed former holder may have called instants with no
	 * record ({@link #toJudge})
	 */
	FormerHolderFires(ExecutionStore store, RecordWriter records, String agentId, Duration leaseTtl,
			Supplier<Optional<Duration>> leaderLeaseTtl, Duration fencingMargin,
			Function<String, AgentStanding> standings, LongFunction<Handover> handovers, Duration unwrittenSpan) {
		this.unwrittenSpan = unwrittenSpan;
		this.store = store;
		this.records = records;
		this.agentId = agentId;
		this.leaseTtl = leaseTtl;
		this.leaderLeaseTtl = leaderLeaseTtl;
		this.fencingMargin = fencingMargin;
		this.standings = standings;
		this.handovers = handovers;
	}

	/**
	 * The longest a job's failover may take from its former holder's last confirmed
	 * keepalive to its arrival here, a leader change included (see the class
	 * description): {@code 3 x lease-ttl + leader-lease-ttl}.
	 * @param leaseTtl the agents' lease TTL
	 * @param leaderLeaseTtl the web leader's lease TTL
	 */
	static Duration lookBack(Duration leaseTtl, Duration leaderLeaseTtl) {
		return leaseTtl.multipliedBy(LOOK_BACK_TTLS).plus(leaderLeaseTtl);
	}

	/**
	 * The missed instants of an arriving job to judge ({@link #mayHaveRunThere}): those
	 * its misfire policy would run, and with them the first ones after its last fire that
	 * a former holder killed at once may have called with no record of them anywhere
	 * (records written once: a run's row comes at its end, or once it outlived the start
	 * hold, after a flush; {@code RecordWriter#unwrittenSpan}), from the first missed
	 * instant to that span past it. A call later than that would have left the first one
	 * its row, had it been called. Judged, those are recorded MISSED under the former
	 * holder where they have no row, as a claim row of theirs would be; left out, a
	 * killed agent's last calls had no record (the policy runs the latest missed instant
	 * only, or none). The former holder's settings are taken to be this agent's.
	 * @param last the job's last fire that ran, null when none
	 * @param run the missed instants the policy runs, oldest first
	 */
	List<Instant> toJudge(JobState job, LastFire last, List<Instant> run, Instant arrival) {
		Duration span = this.unwrittenSpan;
		if (last == null || span.isZero()) {
			return run;
		}
		Optional<Instant> first = job.fireTimes.nextFireAfter(Misfires.walkFrom(job, last.at()));
		if (first.isEmpty() || first.get().isAfter(arrival)) {
			return run;
		}
		Instant end = first.get().plus(span);
		SortedSet<Instant> instants = new TreeSet<>(run);
		Optional<Instant> next = first;
		while (next.isPresent() && next.get().isBefore(end) && !next.get().isAfter(arrival)
				&& instants.size() < run.size() + UNWRITTEN_LIMIT) {
			instants.add(next.get());
			next = job.fireTimes.nextFireAfter(next.get());
		}
		return List.copyOf(instants);
	}

	/**
	 * Of the missed instants a job's misfire policy would run on its arrival here, those
	 * its former holder may have run from its spool: in
	 * {@code (arrival - look-back, arrival - fencing-margin]}, when that agent did not
	 * hand the job over: it is not registered in etcd now, nor did it stop gracefully
	 * after the job's last run. The former holder is the agent the job moved from, whose
	 * window also ends at the move, and otherwise the agent of the job's last run; with
	 * no leader lease TTL read yet the window has no start.
	 * @param jobId the job
	 * @param last the job's last fire that ran, null when none
	 */
	Theirs mayHaveRunThere(long jobId, LastFire last, List<Instant> missed, Instant arrival) {
		return mayHaveRunThere(jobId, last, missed, arrival, null);
	}

	/**
	 * As {@link #mayHaveRunThere(long, LastFire, List, Instant)}, and with records
	 * written once, the take of the job's window ({@link WindowTake}) when it names the
	 * agent judged, or this agent after the move's former holder: the instants past the
	 * last one that agent may have run are then this agent's.
	 * @param window the job's window as read at the arrival, null when none or not read
	 */
	Theirs mayHaveRunThere(long jobId, LastFire last, List<Instant> missed, Instant arrival, JobWindow window) {
		if (last == null) {
			return Theirs.NONE;
		}
		Handover handover = this.handovers.apply(jobId);
		if (handover != null && isAnother(handover.formerHolder())) {
			Theirs moved = judge(handover.formerHolder(), last, missed, arrival, handover.movedAt(), window, true);
			// the last run's agent is judged too unless it is the same one, the stricter
			// outcome winning; the move's former holder's window is taken all the same
			if (!moved.instants().isEmpty() || handover.formerHolder().equals(last.agentId())) {
				return moved;
			}
			if (moved.take() != null) {
				Theirs lastRuns = isAnother(last.agentId())
						? judge(last.agentId(), last, missed, arrival, null, window, false) : Theirs.NONE;
				return new Theirs(lastRuns.formerHolder(), lastRuns.instants(), moved.take());
			}
		}
		return isAnother(last.agentId()) ? judge(last.agentId(), last, missed, arrival, null, window, false)
				: Theirs.NONE;
	}

	private boolean isAnother(String agentId) {
		return agentId != null && !agentId.equals(this.agentId);
	}

	/**
	 * The instants of the window an agent may have run, when it did not hand the job
	 * over, and the take of its job window.
	 * @param movedAt when the job moved from it, null when not known
	 * @param window the job's window, null when none or not read
	 * @param moveFormerHolder whether the agent is the one the job moved from here (no
	 * other agent held the job in between)
	 */
	private Theirs judge(String formerHolder, LastFire last, List<Instant> missed, Instant arrival, Instant movedAt,
			JobWindow window, boolean moveFormerHolder) {
		Optional<Instant> from = this.leaderLeaseTtl.get()
			.map((leaderTtl) -> arrival.minus(lookBack(this.leaseTtl, leaderTtl)));
		Instant fence = arrival.minus(this.fencingMargin);
		Instant moved = (movedAt != null && movedAt.isBefore(fence)) ? movedAt : fence;
		Instant held = heldUntil(formerHolder, window, moveFormerHolder);
		// cut off from etcd only, it fired on past its fence and the move what the
		// database confirmed it: the instants before the window's held mark
		Instant until = (held != null && held.minusMillis(1).isAfter(moved)) ? held.minusMillis(1) : moved;
		List<Instant> theirs = missed.stream()
			.filter((at) -> (from.isEmpty() || at.isAfter(from.get())) && !at.isAfter(until))
			.toList();
		WindowTake take = take(formerHolder, until, window, moveFormerHolder, missed);
		// asked only when an instant or a window qualifies: a handed-over job's former
		// holder is still registered or stopped gracefully, nothing of it waits in a
		// spool, and it cut its window itself
		return ((theirs.isEmpty() && take == null) || this.standings.apply(formerHolder).handedOver(last.at()))
				? Theirs.NONE : new Theirs(formerHolder, theirs, take);
	}

	/**
	 * The held mark ({@link JobWindow#heldUntil}) of the former holder's window: the
	 * window read as that agent's, or as this agent's where it took it from the end of
	 * the move's former holder's window (the mark stays with the row); null otherwise.
	 */
	private Instant heldUntil(String formerHolder, JobWindow window, boolean moveFormerHolder) {
		if (window == null) {
			return null;
		}
		boolean theirs = window.agentId().equals(formerHolder)
				|| (window.agentId().equals(this.agentId) && moveFormerHolder);
		return theirs ? window.heldUntil() : null;
	}

	/**
	 * The take of a job's window from just past the last instant its former holder may
	 * have run ({@code until}): that holder's window cut there when it reaches past it,
	 * or taken there when it ended before it; or, where this agent already took the
	 * window from the end of the move's former holder's, its start moved there, back when
	 * that end lay past it, up when before. A window of this agent reaching before that
	 * point would keep out the former holder's replayed records of the instants it ran
	 * there cut off ({@code ClaimInsert#insertRecorded}): PartitionIT's cut from etcd and
	 * the database, whose survivor's window, taken from the end of the cut agent's (which
	 * ended before that agent's fence), kept them out until its start moved up past what
	 * the survivor dispatched. Null when the window names neither.
	 */
	private WindowTake take(String formerHolder, Instant until, JobWindow window, boolean moveFormerHolder,
			List<Instant> missed) {
		if (window == null) {
			return null;
		}
		// the instant at `until` itself may have run there: the window keeps it
		Instant at = until.plusMillis(1);
		Instant end;
		if (window.agentId().equals(formerHolder)) {
			end = window.until();
		}
		else if (window.agentId().equals(this.agentId) && moveFormerHolder) {
			// taken from the former holder's window's end: only that holder held the job
			// between the move and here, so the window before this one was its own
			end = window.from();
		}
		else {
			return null;
		}
		// none when the former holder's window ended before `at`: nobody held them
		List<Instant> inside = missed.stream().filter((t) -> t.isAfter(until) && t.isBefore(end)).toList();
		return new WindowTake(window.jobId(), window.agentId(), at, inside, formerHolder);
	}

	/**
	 * Makes the takes of arriving jobs' windows, in one statement per agent whose windows
	 * are cut and one per former holder for the windows' starts. A cut window may have
	 * been taken by this agent from its end since it was read (the claim of a planned
	 * fire past that end races the arrival), and the cut then finds none of the holder's:
	 * so this agent's window of each job starts at the same point too, which also takes
	 * the holder's window where it ended by then ({@link JobWindows#startAt}), and leaves
	 * a window still the holder's alone (the take of it after the cut starts there
	 * anyway).
	 * @return the takes the database did not make (unreachable): their instants stay with
	 * the former holders
	 */
	List<WindowTake> takeWindows(List<WindowTake> takes) {
		Map<String, Map<Long, Instant>> cuts = new HashMap<>();
		Map<String, Map<Long, Instant>> starts = new HashMap<>();
		takes.forEach((take) -> {
			if (!take.holder().equals(this.agentId)) {
				cuts.computeIfAbsent(take.holder(), (holder) -> new HashMap<>()).put(take.jobId(), take.at());
			}
			starts.computeIfAbsent(take.formerHolder(), (holder) -> new HashMap<>()).put(take.jobId(), take.at());
		});
		Set<Long> failed = new HashSet<>();
		cuts.forEach((holder, at) -> {
			try {
				this.store.truncateWindows(holder, at);
				logger.info("Windows of {} arriving jobs taken past their former holder {}'s fence (first: {})",
						at.size(), holder, at.keySet().iterator().next());
			}
			catch (DataAccessException ex) {
				logger.warn("Windows of {} arriving jobs not cut past their former holder {}'s fence: database "
						+ "unreachable ({})", at.size(), holder, ex.getMessage());
				failed.addAll(at.keySet());
			}
		});
		Set<Long> cut = new HashSet<>();
		cuts.values().forEach((at) -> cut.addAll(at.keySet()));
		starts.forEach((holder, at) -> {
			try {
				this.store.startWindowsAt(this.agentId, holder, at);
				logger.info("Windows of {} arriving jobs start just past their former holder {}'s fence (first: {})",
						at.size(), holder, at.keySet().iterator().next());
			}
			catch (DataAccessException ex) {
				logger.warn("Windows of {} arriving jobs not started past their former holder {}'s fence: database "
						+ "unreachable ({})", at.size(), holder, ex.getMessage());
				// a cut made stands: the instants past it are this agent's to take
				at.keySet().stream().filter((jobId) -> !cut.contains(jobId)).forEach(failed::add);
			}
		});
		return takes.stream().filter((take) -> failed.contains(take.jobId())).toList();
	}

	/**
	 * The windows of arriving jobs, whether records are written once or not: a scheduled
	 * fire is claimed inside its job's window first either way, so one inside a dead
	 * former holder's window past its fence, not taken, would be given up with no row (a
	 * killed agent's window outlives its fence by up to the fencing margin and a second).
	 * None when the database cannot tell, those fires then given up as that window still
	 * holds them.
	 */
	Map<Long, JobWindow> windows(Collection<Long> jobIds) {
		if (jobIds.isEmpty()) {
			return Map.of();
		}
		try {
			return this.store.readWindows(jobIds);
		}
		catch (DataAccessException ex) {
			logger.warn("Windows of {} arriving jobs not known: database unreachable ({})", jobIds.size(),
					ex.getMessage());
			return Map.of();
		}
	}

	/**
	 * Which of these fires have no row yet; all of them when the database cannot tell
	 * (then none is run here: an instant recorded MISSED is corrected by the replay, one
	 * run twice is not undone).
	 */
	Set<FireKey> withoutRows(Collection<FireKey> keys) {
		if (keys.isEmpty()) {
			return Set.of();
		}
		try {
			Set<FireKey> without = new HashSet<>(keys);
			without.removeAll(this.store.find(keys).keySet());
			return without;
		}
		catch (DataAccessException ex) {
			logger.warn("Rows of {} fires a former holder may have run not known: database unreachable ({})",
					keys.size(), ex.getMessage());
			return Set.copyOf(keys);
		}
	}

	/**
	 * Records each instant MISSED under the former holder, written once: one closed row,
	 * its id taken ahead ({@code INSERT_CLOSED}); a row made meanwhile (the former
	 * holder's replay) keeps its own outcome, as FINISH leaves no ended run but MISSED.
	 * Not as a claim: a record's claim makes no row inside another agent's window
	 * ({@code ClaimInsert#insertRecorded}), and this agent's own first window of a job
	 * that had none reaches back before every instant. With the database unreachable no
	 * id can be taken: a claim and its MISSED finish go to the spool instead.
	 */
	void recordMissed(JobState job, String formerHolder, List<Instant> instants, Instant now) {
		if (instants.isEmpty() || this.records == null) {
			return;
		}
		String why = "Not run by " + this.agentId + " on taking the job over: its former holder " + formerHolder
				+ " may have run it while cut off from etcd and the database, or held it in its window after it"
				+ " stopped firing; its spooled record, once written, tells what happened";
		long[] ids = idsOrNone(instants.size());
		for (int i = 0; i < instants.size(); i++) {
			Instant at = instants.get(i);
			if (ids != null) {
				this.records.submit(new ExecutionRecord.Closed(ids[i], job.id(), job.spec.name(), at, formerHolder,
						TriggerType.CRON, null, ExecutionStatus.MISSED, 1, null, why, null, now, null, null, null));
			}
			else {
				this.records.submit(new ExecutionRecord.Claimed(job.id(), job.spec.name(), at, formerHolder,
						TriggerType.CRON, null, now));
				this.records.submit(new ExecutionRecord.Finished(job.id(), at, formerHolder, ExecutionStatus.MISSED, 1,
						null, why, now));
			}
		}
	}

	private long[] idsOrNone(int count) {
		try {
			return this.store.takeIds(count);
		}
		catch (DataAccessException ex) {
			logger.warn("Ids of {} fires to record MISSED not taken: database unreachable ({}); spooled as claims",
					count, ex.getMessage());
			return null;
		}
	}

	/**
	 * The missed instants a former holder may have run unrecorded.
	 *
	 * @param formerHolder that agent, null when none
	 * @param instants those instants, in order
	 * @param take the take of the job's window past them, null when none
	 */
	record Theirs(String formerHolder, List<Instant> instants, WindowTake take) {

		static final Theirs NONE = new Theirs(null, List.of(), null);

	}

	/**
	 * A job's window taken from just past the last instant its former holder may have
	 * run, which it ran nothing after: the instants from there are this agent's.
	 *
	 * @param jobId the job
	 * @param holder the agent the window names: the former holder, whose window is cut or
	 * taken at {@code at}, or this agent, whose window starts at {@code at}
	 * @param at just past the former holder's fence (or the move)
	 * @param instants the missed instants from {@code at} to where the window was held
	 * from this agent: run by the misfire policy here once taken, left to the former
	 * holder (recorded MISSED) otherwise
	 * @param formerHolder the former holder judged, which those instants stay with when
	 * the take is not made
	 */
	record WindowTake(long jobId, String holder, Instant at, List<Instant> instants, String formerHolder) {

	}

}
