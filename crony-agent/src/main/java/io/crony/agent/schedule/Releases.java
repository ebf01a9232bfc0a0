package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.agent.execution.ExecutionRecord;
import io.crony.agent.execution.ExecutionStore;
import io.crony.common.execution.ExecutionStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessException;

/**
 * The one rule for fires this agent will not start: a fire whose row it claimed is
 * released (its row left PENDING and owned by nobody) so the job's next holder takes it,
 * and a scheduled fire's window is cut at it ({@link Windows#cut}), and only a fire this
 * agent never dispatches is released, since a started run's row may still read PENDING
 * until its record is written. What has no row to release is recorded instead: a fire
 * claimed only in the spool (database away) as MISSED, a claimed fire of a job disabled
 * meanwhile as CANCELLED. A fire whose record is written once ({@link Fire#writtenOnce})
 * has no row either: the cut of its window hands its instant over, except when the
 * instant lies at or below the job's last instant dispatched here, below which no cut
 * goes; such a fire is inserted released instead (PENDING, nobody's), which the job's
 * next holder takes by its row as it takes any released fire ({@code Claimer}), one row
 * in a rare case. Releases run on the workers, never on the claim or dispatch thread.
 */
final class Releases {

	private static final Logger logger = LoggerFactory.getLogger(Releases.class);

	private final ExecutionStore store;

	private final String agentId;

	private final RunRecords records;

	private final Executor workers;

	private final Windows windows;

	private final Clock clock;

	private volatile boolean open = true;

	Releases(ExecutionStore store, String agentId, RunRecords records, Executor workers, Windows windows, Clock clock) {
		this.clock = clock;
		this.store = store;
		this.agentId = agentId;
		this.records = records;
		this.workers = workers;
		this.windows = windows;
	}

	/**
	 * Jobs left this agent at {@code at}: no fire of theirs after that instant is
	 * dispatched, so every claim after it is released and their windows are cut just
	 * after it, in one statement each per 1,000 jobs. A claimed fire up to it that was
	 * not dispatched is released by {@link #notStarted}.
	 */
	void jobsLeft(List<JobState> jobs, Instant at) {
		Map<JobState, Instant> cuts = new HashMap<>();
		jobs.forEach((job) -> cuts.put(job, at.plusMillis(1)));
		this.windows.cutQuietly(cuts);
		try {
			this.store.release(jobs.stream().map(JobState::id).toList(), this.agentId, at);
		}
		catch (DataAccessException ex) {
			logger.debug("Claims of {} jobs not released: database unreachable", jobs.size());
		}
	}

	/**
	 * Fires that left the engine without a dispatch: their job was removed or
	 * rescheduled, or disabled, since their claim.
	 */
	void notStarted(List<Fire> fires) {
		List<Fire> released = new ArrayList<>();
		for (Fire fire : fires) {
			if (fire.job.removed && fire.generation == fire.job.generation && fire.isClaim()) {
				released.add(fire);
			}
			else if (!fire.job.removed && !fire.job.spec.enabled() && fire.isClaim()) {
				// claimed ahead before its job was disabled: it ends here
				later(() -> this.records.notRun(fire, ExecutionStatus.CANCELLED,
						Reason.of(ReasonCode.RUN_NOT_STARTED_JOB_DISABLED)));
			}
			// a rescheduled job's fire: the new plan claims the instants it shares again
		}
		release(released);
		cutWindows(released);
	}

	/**
	 * Fires given up because this agent was fenced (its lease gone): claims are released,
	 * fires claimed only in the spool have no row another agent could take and are
	 * recorded MISSED where the row names this agent.
	 */
	void fenced(List<Fire> fires) {
		if (fires.isEmpty()) {
			return;
		}
		logger.warn("Engine did not start {} fires (first: {}): lease lost; their claims are released", fires.size(),
				fires.get(0));
		List<Fire> claims = fires.stream().filter(Fire::isClaim).toList();
		release(claims);
		cutWindows(claims);
		List<Fire> local = fires.stream().filter(Fire::isLocalClaim).toList();
		if (!local.isEmpty()) {
			Reason fenced = Reason.of(ReasonCode.RUN_FENCED);
			later(() -> local.forEach((fire) -> this.records.notRun(fire, ExecutionStatus.MISSED, fenced)));
		}
	}

	/**
	 * A claimed fire of a job with upstream jobs: not run here at its instant but handed
	 * to the web leader, which unblocks it once the upstreams succeeded in its cycle
	 * (docs/workflows.md). Called on a worker. A fire whose row cannot be handed over
	 * (the database unreachable) is recorded MISSED: its gate could not be kept.
	 */
	void awaitUpstreams(Fire fire) {
		if (fire.isClaim()) {
			try {
				if (this.store.park(fire.executionId, this.agentId)) {
					FireMdc.with(fire, () -> logger.info("Fire of job {} at {} waits for its upstream jobs",
							fire.job.id(), fire.scheduledAt));
				}
				return;
			}
			catch (DataAccessException ex) {
				logger.warn("Fire of job {} at {} could not wait for its upstreams: database unreachable ({})",
						fire.job.id(), fire.scheduledAt, ex.getMessage());
			}
		}
		this.records.notRun(fire, ExecutionStatus.MISSED,
				"not run: its upstream jobs could not be checked (the database was unreachable at its instant)");
	}

	/**
	 * The agent is stopping and its stages have ended, each having passed on what it did
	 * not start (the releases already queued on the workers run as they drain); nothing
	 * more is queued.
	 */
	void close() {
		this.open = false;
	}

	private void release(List<Fire> claims) {
		List<Fire> byRow = claims.stream().filter((fire) -> !fire.writtenOnce).toList();
		if (!byRow.isEmpty()) {
			later(() -> releaseNow(byRow));
		}
		List<Fire> belowCut = claims.stream().filter(Releases::belowItsCut).toList();
		if (!belowCut.isEmpty()) {
			later(() -> insertReleased(belowCut));
		}
	}

	// a fire written once with no row, whose instant the cut of its window does not
	// hand over: the cut never goes below the job's last instant dispatched here
	// (Windows#cut), read on the dispatch thread, where nothing is dispatched of a job
	// that left or under a closed fence
	static boolean belowItsCut(Fire fire) {
		Instant dispatched = fire.job.lastDispatchedAt;
		return fire.writtenOnce && dispatched != null && !fire.scheduledAt.isAfter(dispatched);
	}

	private void insertReleased(List<Fire> fires) {
		Instant now = this.clock.instant();
		try {
			this.store.insertClaims(fires.stream()
				.map((fire) -> new ExecutionRecord.Claimed(fire.job.id(), fire.job.spec.name(), fire.scheduledAt, null,
						fire.trigger, fire.params, now))
				.toList(), false);
			logger.info("Agent {} inserted {} fires it will not start released, below their windows' cuts",
					this.agentId, fires.size());
		}
		catch (DataAccessException ex) {
			logger.warn("Agent {} could not insert {} fires it will not start released: database unreachable ({}); "
					+ "their instants are not run", this.agentId, fires.size(), ex.getMessage());
		}
	}

	// the windows of the scheduled fires among them end at the first of them (never
	// below the job's last instant dispatched): their jobs' next holder takes them there
	private void cutWindows(List<Fire> claims) {
		Map<JobState, Instant> cuts = new HashMap<>();
		claims.stream()
			.filter(Windows::claims)
			.forEach((fire) -> cuts.merge(fire.job, fire.scheduledAt,
					(one, other) -> one.isBefore(other) ? one : other));
		if (!cuts.isEmpty()) {
			later(() -> this.windows.cutQuietly(cuts));
		}
	}

	private void releaseNow(List<Fire> claims) {
		try {
			int released = this.store.release(claims.stream().map((fire) -> fire.executionId).toList(), this.agentId);
			logger.info("Agent {} released {} of {} claimed fires it will not start", this.agentId, released,
					claims.size());
		}
		catch (DataAccessException ex) {
			logger.warn("Agent {} could not release {} claimed fires: database unreachable ({})", this.agentId,
					claims.size(), ex.getMessage());
		}
	}

	private void later(Runnable work) {
		if (!this.open) {
			return;
		}
		try {
			this.workers.execute(work);
		}
		catch (RejectedExecutionException ex) {
			logger.debug("Engine stopping: claimed fires not released or recorded");
		}
	}

}
