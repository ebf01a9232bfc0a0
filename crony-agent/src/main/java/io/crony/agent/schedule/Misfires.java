package io.crony.agent.schedule;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.agent.execution.LastFire;
import io.crony.agent.execution.RecordWriter;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

/**
 * The misfire policy of jobs that arrive on this agent (startup, failover, move). What
 * already ran is read from the database: the latest row of a scheduled fire (CRON,
 * MISFIRE, or released by the job's upstreams: DEPENDENCY) at or before now that left
 * PENDING, or that this agent claimed itself. Another agent's PENDING claim is not "ran":
 * a live former holder releases a claim it never dispatched, maybe only after this query
 * (a move), so the instant is missed here and its claim keeps it contested, taken once
 * released and given up 5 s past its instant (a dead holder's claim, which may have run,
 * is never taken). The instants after the last one up to now were missed. FIRE_NOW runs
 * the latest missed instant once (claimed on that instant, so two agents cannot both do
 * it); CATCH_UP runs the most recent {@code limit} of them; SKIP runs none. A fire its
 * former holder released is not missed but handed over: it is taken whatever the policy,
 * as long as this agent would still retry it had it been contested (5 s past its
 * instant), so a job arriving after two released instants runs both.
 */
final class Misfires {

	private static final Logger logger = LoggerFactory.getLogger(Misfires.class);

	/** Bound on schedule steps walked per job, so a long outage cannot stall arrival. */
	private static final int MAX_STEPS = 100_000;

	private final ExecutionStore store;

	private final String agentId;

	private final int catchUpLimit;

	private final RecordWriter records;

	Misfires(ExecutionStore store, RecordWriter records, String agentId, int catchUpLimit) {
		this.store = store;
		this.records = records;
		this.agentId = agentId;
		this.catchUpLimit = catchUpLimit;
	}

	/**
	 * @param arrivals each arriving job's id and the instant it arrived
	 */
	Map<Long, LastFire> lastFires(Map<Long, Instant> arrivals) {
		try {
			return this.store.lastFires(arrivals, this.agentId);
		}
		catch (DataAccessException ex) {
			logger.warn("Misfires of {} arriving jobs not known: database unreachable ({})", arrivals.size(),
					ex.getMessage());
			return Map.of();
		}
	}

	List<Instant> missedFires(JobState job, Instant lastFire, Instant now) {
		return missed(job, lastFire, now).run();
	}

	/**
	 * The instants after {@code lastFire} up to {@code now} the job's policy runs, and
	 * for CATCH_UP those it does not run beyond its bound. The job's last enabling bounds
	 * the walk too: time while a user had the job disabled is not missed time.
	 */
	Missed missed(JobState job, Instant lastFire, Instant now) {
		MisfirePolicy policy = job.spec.misfirePolicy();
		if (lastFire == null || policy == null || policy == MisfirePolicy.SKIP) {
			return Missed.NONE;
		}
		int keep = (policy == MisfirePolicy.FIRE_NOW) ? 1 : this.catchUpLimit;
		Deque<Instant> missed = new ArrayDeque<>();
		long beyondBound = 0;
		Instant firstBeyond = null;
		Instant lastBeyond = null;
		Instant cursor = walkFrom(job, lastFire);
		for (int step = 0; step < MAX_STEPS; step++) {
			Optional<Instant> next = job.fireTimes.nextFireAfter(cursor);
			if (next.isEmpty() || next.get().isAfter(now)) {
				break;
			}
			cursor = next.get();
			missed.addLast(cursor);
			if (missed.size() > keep) {
				lastBeyond = missed.removeFirst();
				firstBeyond = (firstBeyond != null) ? firstBeyond : lastBeyond;
				beyondBound++;
			}
		}
		if (!missed.isEmpty()) {
			// per job only on request: a failover's thousands of arrivals are summed up
			// per batch by Arrivals
			logger.debug("Job {} missed fires since {}; {} runs {}", job.id(), lastFire, policy, missed.size());
		}
		if (policy != MisfirePolicy.CATCH_UP) {
			return new Missed(List.copyOf(missed), 0, null, null);
		}
		return new Missed(List.copyOf(missed), beyondBound, firstBeyond, lastBeyond);
	}

	/**
	 * Where a walk over a job's missed instants starts: its last fire, or its last
	 * enabling if later (time while a user had the job disabled is not missed time).
	 */
	static Instant walkFrom(JobState job, Instant lastFire) {
		Instant enabledAt = job.spec.enabledAt();
		return (enabledAt != null && enabledAt.isAfter(lastFire)) ? enabledAt : lastFire;
	}

	/**
	 * Records the fires CATCH_UP does not run beyond its bound, as one MISSED row on the
	 * latest of them (one row per instant would write thousands after a long outage).
	 * Inserted like a claim: where another agent's row holds that instant, nothing
	 * changes.
	 */
	void recordBeyondBound(JobState job, Missed missed, Instant now) {
		if (missed.beyondBound() == 0 || this.records == null) {
			return;
		}
		Reason why = Reason.of(ReasonCode.RUN_BEYOND_CATCH_UP_BOUND, missed.beyondBound(), missed.firstBeyond(),
				missed.lastBeyond(), this.catchUpLimit, "crony.agent.catch-up-limit");
		logger.warn("Job {}: {}", job.id(), why.text());
		this.records.submit(new ExecutionRecord.Claimed(job.id(), job.spec.name(), missed.lastBeyond(), this.agentId,
				TriggerType.MISFIRE, null, now));
		this.records.submit(new ExecutionRecord.Finished(job.id(), missed.lastBeyond(), this.agentId,
				ExecutionStatus.MISSED, 1, null, why.text(), now, null, ReasonJson.write(why)));
	}

	/**
	 * @param run the missed instants the policy runs, oldest first
	 * @param beyondBound how many missed instants CATCH_UP does not run
	 * @param firstBeyond the first of those
	 * @param lastBeyond the last of those
	 */
	record Missed(List<Instant> run, long beyondBound, Instant firstBeyond, Instant lastBeyond) {

		static final Missed NONE = new Missed(List.of(), 0, null, null);

	}

	/**
	 * The instants in {@code (after, until]} of the arriving jobs' fires released by
	 * their former holder; none when the database cannot tell.
	 */
	Map<Long, List<Instant>> releasedFires(List<JobState> jobs, Instant after, Instant until) {
		try {
			return this.store.releasedFires(jobs.stream().map(JobState::id).toList(), after, until);
		}
		catch (DataAccessException ex) {
			logger.warn("Released fires of {} arriving jobs not known: database unreachable ({})", jobs.size(),
					ex.getMessage());
			return Map.of();
		}
	}

}
