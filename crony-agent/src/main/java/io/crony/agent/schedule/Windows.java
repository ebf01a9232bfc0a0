package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.JobWindow;
import io.crony.agent.execution.JobWindowAsk;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

/**
 * The jobs' windows on the firing path (docs/scaling.md, "Plan" 3): a scheduled fire of a
 * job without upstreams is this agent's only inside the job's window that names it, so
 * two agents never both own one instant, whatever they race. The agent remembers its own
 * windows ({@link JobState#window()}) and asks for a window only when a fire lies outside
 * the one it knows: with a window of {@code lease-ttl + 1 s}, an every-second job asks
 * once per ~9.5 fires. A window taken or extended ends at most {@code lease-ttl + 1 s}
 * after its last extension, so a dead holder's windows end soon after its lease.
 * <p>
 * While etcd does not confirm the lease every batch asks again, held-only (joined to
 * table {@code job}, {@link io.crony.agent.execution.JobWindows}): a window not extended
 * so (the job moved, was disabled or deleted) is cut at once at the fire's instant and
 * the fire is dropped, so the job stops here within one claim-ahead of the change and its
 * next holder takes the window from there. Such an ask reaches just past the batch's last
 * fire and marks the window held to there ({@code held_until}): this agent fires those
 * instants on the database's word alone ({@link JobState#heldConfirmed},
 * {@link FireGate}), and a next holder that judges it cut off takes its window no
 * earlier.
 * <p>
 * A window is given up by a cut ({@link #cut}): at the first instant this agent did not
 * dispatch, never below the last one it did ({@link JobState#lastDispatchedAt}). While
 * etcd says the lease is gone and no new one is open, no window is asked for: the fires
 * given up under the lost lease cut their windows, which an extension would give back to
 * this agent while its jobs may be moving to another.
 */
final class Windows {

	private static final Logger logger = LoggerFactory.getLogger(Windows.class);

	private final ExecutionStore store;

	private final String agentId;

	private final Clock clock;

	private final Duration length;

	private final BooleanSupplier leaseHeld;

	/**
	 * @param length how long a window asked for lasts from now: {@code lease-ttl + 1 s}
	 * @param leaseHeld whether this agent holds a lease etcd has not said is gone (the
	 * fence is open, {@code Fence.isOpen}, or about to open under a lease the engine's
	 * jobs were loaded under, {@link ClaimScope}): without one no window is asked for
	 */
	Windows(ExecutionStore store, String agentId, Clock clock, Duration length, BooleanSupplier leaseHeld) {
		this.store = store;
		this.agentId = agentId;
		this.clock = clock;
		this.length = length;
		this.leaseHeld = leaseHeld;
	}

	/**
	 * Whether a fire is claimed by its job's window: a scheduled instant of a job without
	 * upstreams, or a missed one its misfire policy runs ({@link FireKind#CATCH_UP}). A
	 * job with upstreams keeps a row per fire (the web leader releases it).
	 * <p>
	 * A missed instant is this agent's only inside its window. A window taken once the
	 * former holder's ended starts at that end ({@code JobWindows.extend}), whichever of
	 * the job's fires took it first (the misfire read runs beside the plan, so the first
	 * scheduled fire often does): the missed instants from there were nobody's, and those
	 * before it were inside the former holder's window, which ran them (its record is
	 * written at the run's end) or left them to {@link FormerHolderFires}. A row claim
	 * would not keep such an instant single against a holder that writes its record only
	 * at the run's end. A missed instant outside this agent's window is contested and,
	 * being past, given up at the next retake. The claimer sends a catch-up fire here
	 * only while records are written once ({@code Claimer}'s switch); until then its row
	 * claim keeps it single.
	 */
	static boolean claims(Fire fire) {
		return (fire.kind == FireKind.SCHEDULED || fire.kind == FireKind.CATCH_UP) && !fire.job.spec.hasUpstreams();
	}

	/**
	 * Sorts fires by their jobs' windows, extending or taking the windows of the jobs
	 * whose fires lie outside this agent's known window (one batch of statements).
	 * @param heldOnly whether the lease is unconfirmed: every job is asked for again, and
	 * only while table {@code job} places it here
	 */
	Sorted sort(List<Fire> fires, boolean heldOnly) {
		// as stored: a window read back is compared with the one asked for
		Instant now = this.clock.instant().truncatedTo(ChronoUnit.MILLIS);
		Map<JobState, List<Fire>> byJob = new LinkedHashMap<>();
		fires.forEach((fire) -> byJob.computeIfAbsent(fire.job, (job) -> new ArrayList<>()).add(fire));
		Map<JobState, List<Fire>> toAsk = new LinkedHashMap<>();
		byJob.forEach((job, jobFires) -> {
			JobWindow known = job.window();
			if (heldOnly || known == null
					|| !jobFires.stream().allMatch((fire) -> known.owns(this.agentId, fire.scheduledAt))) {
				toAsk.put(job, jobFires);
			}
		});
		Sorted sorted = new Sorted(new ArrayList<>(), new ArrayList<>());
		if (!toAsk.isEmpty() && !this.leaseHeld.getAsBoolean()) {
			// The lease is gone (etcd said so) and no new one is open yet: fires of this
			// lease are given up and their windows cut, and an extension now would give
			// the windows back to this agent while its jobs may be moving away. The fires
			// outside the windows it knows wait as contested until a lease opens.
			toAsk.values().forEach(sorted.contested()::addAll);
			toAsk.keySet().forEach(byJob::remove);
			toAsk.clear();
		}
		Map<JobState, JobWindow> read = new HashMap<>();
		Set<JobState> cut = new HashSet<>();
		ask(toAsk, heldOnly, now, read, cut);
		// a window another agent holds may end before some of the fires: those are asked
		// for again from the first of them, which that window no longer covers
		Map<JobState, List<Fire>> again = new LinkedHashMap<>();
		read.forEach((job, window) -> {
			if (window != null && !this.agentId.equals(window.agentId()) && !cut.contains(job)) {
				List<Fire> past = toAsk.get(job)
					.stream()
					.filter((fire) -> !fire.scheduledAt.isBefore(window.until()))
					.toList();
				if (!past.isEmpty()) {
					again.put(job, past);
				}
			}
		});
		ask(again, heldOnly, now, read, cut);
		for (Map.Entry<JobState, List<Fire>> entry : byJob.entrySet()) {
			JobState job = entry.getKey();
			if (cut.contains(job)) {
				continue;
			}
			JobWindow window = read.containsKey(job) ? read.get(job) : job.window();
			for (Fire fire : entry.getValue()) {
				if (window == null) {
					// no window: the job was deleted, or table job places it elsewhere
					FireMdc.debug(logger, fire, () -> logger.debug("Fire of job {} at {} has no window here",
							fire.job.id(), fire.scheduledAt));
				}
				else if (window.owns(this.agentId, fire.scheduledAt)) {
					sorted.owned().add(fire);
				}
				else {
					if (fire.kind == FireKind.CATCH_UP) {
						FireMdc.debug(logger, fire,
								() -> logger.debug(
										"Missed fire of job {} at {} not run here: outside this agent's window ({})",
										fire.job.id(), fire.scheduledAt, window));
					}
					sorted.contested().add(fire);
				}
			}
		}
		return sorted;
	}

	/**
	 * Asks for the windows of the given jobs, from the first of each job's fires (or from
	 * before it, keeping its undispatched instants: {@link #keepingUndispatched}) to
	 * {@code now + length} (past its last fire), in one batch of statements; puts what
	 * was read in {@code read} (null for a job without a window) and the jobs whose
	 * window was cut instead in {@code cut}.
	 */
	private void ask(Map<JobState, List<Fire>> jobs, boolean heldOnly, Instant now, Map<JobState, JobWindow> read,
			Set<JobState> cut) {
		if (jobs.isEmpty()) {
			return;
		}
		List<JobWindowAsk> asks = new ArrayList<>();
		Map<Long, JobState> asked = new HashMap<>();
		Map<JobState, Long> cutsBefore = new HashMap<>();
		Map<JobState, Instant> firsts = new HashMap<>();
		jobs.forEach((job, jobFires) -> {
			Instant first = jobFires.stream().map((fire) -> fire.scheduledAt).min(Instant::compareTo).get();
			firsts.put(job, first);
			Instant from = keepingUndispatched(job, first);
			Instant last = jobFires.stream().map((fire) -> fire.scheduledAt).max(Instant::compareTo).get();
			// held-only, just past the last fire: the mark the window keeps of what this
			// agent fires on the database's word alone is no wider than that
			Instant until = heldOnly ? last.truncatedTo(ChronoUnit.MILLIS).plusMillis(1) : now.plus(this.length);
			if (!until.isAfter(last)) {
				until = last.plusMillis(1);
			}
			cutsBefore.put(job, job.windowCuts());
			asks.add(new JobWindowAsk(job.id(), from, until));
			asked.put(job.id(), job);
		});
		Map<Long, JobWindow> windows = this.store.extendWindows(this.agentId, asks, heldOnly);
		Map<JobState, Instant> cuts = new HashMap<>();
		for (JobWindowAsk ask : asks) {
			JobState job = asked.get(ask.jobId());
			JobWindow window = windows.get(ask.jobId());
			boolean mine = window != null && this.agentId.equals(window.agentId());
			if (mine && job.removed) {
				// the job left while the window was asked for, and its cut may have come
				// first: the window ends just past the last instant dispatched here (cut
				// raises the epoch to it), not at this batch's first fire, since the
				// fires claimed before it are not dispatched either and the job's next
				// holder takes the window from the cut
				cuts.put(job, Instant.EPOCH);
			}
			else if (mine && heldOnly && !heldTo(window, ask.until())) {
				// table job no longer places it here (the held mark did not rise to the
				// end asked for): the window ends at the fire, whose job's next holder
				// takes it from there; the fires before it were confirmed here
				cuts.put(job, firsts.get(job));
			}
			else {
				job.windowRead(window, this.agentId, cutsBefore.get(job));
				if (mine && heldOnly) {
					job.heldConfirmedUntil(ask.until());
				}
				read.put(job, window);
			}
		}
		if (!cuts.isEmpty()) {
			cut.addAll(cuts.keySet());
			cut(cuts);
		}
	}

	/**
	 * Where an ask for a job's window starts: at the first fire asked for, or, where this
	 * agent knows its own window of the job, just past the job's last instant dispatched
	 * here (never below the window's start) when that is earlier. An instant claimed
	 * inside the window by the window alone and not dispatched yet has no row and must
	 * stay inside it: when the job leaves, the cut just past the last instant dispatched
	 * hands it to the job's next holder. Asked from the later fire, the window was moved
	 * up to it, or, already ended at that fire, taken again from its end
	 * ({@code JobWindows#extend}), and the instant fell before every window: the cut
	 * could not reach below the new start and the next holder could not take the instant
	 * (ChaosIT's rolling restart (f) with records written once). The start still moves up
	 * past what was dispatched: a window also says whose an instant is to the records of
	 * other agents (a cut-off former holder's replayed claims are kept out of it,
	 * {@code ClaimInsert#insertRecorded}), so it covers no more of the past than it must
	 * (a window taken from the end of one that ended early keeping its start would keep
	 * out, for good, the replayed claims of the instants its former holder ran up to its
	 * fence: PartitionIT's cut from etcd and the database).
	 */
	private Instant keepingUndispatched(JobState job, Instant first) {
		JobWindow known = job.window();
		if (known == null) {
			return first;
		}
		Instant dispatched = job.lastDispatchedAt;
		Instant from = (dispatched != null && dispatched.isAfter(known.from())) ? dispatched.plusMillis(1)
				: known.from();
		return from.isBefore(first) ? from : first;
	}

	// a held-only ask that went through raised the window's held mark to its end (one
	// already past it confirmed these instants before, while the job was placed here)
	private static boolean heldTo(JobWindow window, Instant until) {
		return window.heldUntil() != null && !window.heldUntil().isBefore(until);
	}

	/**
	 * Cuts this agent's windows of the given jobs at the given instants (each raised to
	 * just past the job's last instant dispatched here), so that the job's next holder
	 * takes them from there; this agent forgets them. Another agent's window is left as
	 * it is.
	 */
	void cut(Map<JobState, Instant> firstUndispatched) {
		Map<Long, Instant> at = new HashMap<>();
		firstUndispatched.forEach((job, instant) -> {
			job.windowCut();
			Instant dispatched = job.lastDispatchedAt;
			Instant floor = (dispatched != null) ? dispatched.plusMillis(1) : instant;
			at.merge(job.id(), instant.isBefore(floor) ? floor : instant,
					(one, other) -> one.isBefore(other) ? one : other);
		});
		this.store.truncateWindows(this.agentId, at);
	}

	/**
	 * {@link #cut} on a worker's or the engine's thread: a cut the database did not take
	 * is logged, and the window ends by itself at most {@code lease-ttl + 1 s} after its
	 * last extension.
	 */
	void cutQuietly(Map<JobState, Instant> firstUndispatched) {
		if (firstUndispatched.isEmpty()) {
			return;
		}
		try {
			cut(firstUndispatched);
		}
		catch (DataAccessException ex) {
			logger.warn("Windows of {} jobs not cut: database unreachable ({}); they end by themselves",
					firstUndispatched.size(), ex.getMessage());
		}
	}

	/**
	 * Fires sorted by their jobs' windows; a fire in neither list has no window here.
	 *
	 * @param owned inside this agent's window: claimed
	 * @param contested outside it, inside another agent's window (or before this agent's
	 * own): asked for again until the other agent cuts its window, or given up
	 */
	record Sorted(List<Fire> owned, List<Fire> contested) {
	}

}
