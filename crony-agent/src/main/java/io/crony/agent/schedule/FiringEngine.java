package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.LongPredicate;

import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.agent.async.Resumer;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The firing engine: the jobs this agent holds ({@link HeldJobs}) and the stages a fire
 * goes through, each its own class: {@link Planner}, {@link ClaimStage} (thread
 * {@code crony-claim}), {@link DispatchStage} (thread {@code crony-dispatch}),
 * {@link Runner}, {@link RunRecords}, and {@link Releases} for claimed fires that will
 * not start here (docs/architecture.md, "The life of a run"). This class only wires them
 * and turns the assignment's changes into their calls.
 */
public final class FiringEngine implements AutoCloseable, Resumer {

	private static final Logger logger = LoggerFactory.getLogger(FiringEngine.class);

	private final HeldJobs jobs;

	private final Stages stages;

	private final Clock clock;

	// set once the agent stops: no job is taken any more
	private boolean handedBack;

	private FiringEngine(EngineParts parts) {
		this.jobs = new HeldJobs(parts.parser());
		this.stages = new Stages(parts);
		this.clock = parts.clock();
	}

	/** Builds an engine and the parts it owns from what the agent provides. */
	public static FiringEngine create(EngineParts parts) {
		return new FiringEngine(parts);
	}

	public void start() {
		this.stages.start();
	}

	public int jobCount() {
		return this.jobs.size();
	}

	public Set<Long> jobIds() {
		return this.jobs.ids();
	}

	/**
	 * How many fires of a held job wait for its running run (overlap QUEUE, or SKIP
	 * behind a late run); 0 for a job not held. With records written once a waiting fire
	 * has no row yet, so this, not the rows, says what waits.
	 */
	public int waiting(long jobId) {
		JobState job = this.jobs.get(jobId);
		if (job == null) {
			return 0;
		}
		synchronized (job) {
			return job.queuedCount();
		}
	}

	/**
	 * Makes the engine hold exactly these jobs: new ones are added (with their misfire
	 * policy), changed ones updated, missing ones dropped.
	 */
	public synchronized void holdExactly(Collection<JobSpec> specs) {
		if (this.handedBack) {
			return;
		}
		// the reload that calls this reads every once request again right after
		this.stages.onces.forgetAwaited();
		// before the jobs arrive: their catch-up fires are claimed as this agent's
		this.stages.claimScope.loaded();
		remove(this.jobs.notIn(specs));
		put(specs);
	}

	/** Adds or updates jobs. */
	public synchronized void put(Collection<JobSpec> specs) {
		if (this.handedBack) {
			// stopping: the job stays assigned here until the lease is revoked, and then
			// moves with the others
			return;
		}
		HeldJobs.Changes changes = this.jobs.put(specs);
		changes.disabled()
			.forEach((job) -> this.stages.runner.dropQueue(job, Reason.of(ReasonCode.RUN_NOT_STARTED_JOB_DISABLED)));
		Instant now = this.clock.instant();
		changes.rescheduled().forEach((job) -> this.stages.planner.planNext(job, job.generation, now));
		for (JobState job : changes.arrived()) {
			this.stages.planner.planNext(job, job.generation, now);
			this.stages.arrivals.arrived(job, job.generation, now);
			this.stages.onces.jobArrived(job);
		}
		if (changes.arrived().size() > 1) {
			logger.info("Engine holds {} jobs ({} arrived)", this.jobs.size(), changes.arrived().size());
		}
	}

	/** Drops a job; fires claimed for it are released for its next holder. */
	public void remove(long jobId) {
		remove(List.of(jobId));
	}

	/**
	 * Drops jobs (one release statement per 1,000 jobs, one log line); fires claimed for
	 * them are released for their next holder.
	 */
	public synchronized void remove(Collection<Long> jobIds) {
		// the agent is told only that the job left, not why
		remove(jobIds, Reason.of(ReasonCode.RUN_NOT_STARTED_JOB_LEFT_WHY));
	}

	private void remove(Collection<Long> jobIds, Reason why) {
		List<JobState> removed = this.jobs.remove(jobIds);
		if (removed.isEmpty()) {
			return;
		}
		removed.forEach((job) -> this.stages.runner.dropQueue(job, why));
		// Taken after "removed" is set, never before: the dispatch stage checks it before
		// a fire, so a dispatch that still saw the job happened before this instant, and
		// a
		// fire after it is never dispatched here and is released now.
		this.stages.releases.jobsLeft(removed, this.clock.instant());
		logger.info("Engine dropped {} jobs (first: {}), holds {}", removed.size(), removed.get(0).id(),
				this.jobs.size());
	}

	/**
	 * The agent stops (SIGTERM, as in a rolling upgrade): it takes no job any more and
	 * lets go of every job it holds the way it lets go of jobs that move away
	 * ({@link #remove}), so each fire it claimed ahead and has not started is released,
	 * and the jobs' next holder takes it over once the lease is revoked and the leader
	 * has moved them. The fires still in the claim and dispatch stages are released as
	 * those stop ({@link #close}). Runs already started go on and are recorded.
	 */
	public synchronized void handBack() {
		this.handedBack = true;
		Set<Long> held = this.jobs.ids();
		logger.info("Engine stopping: hands back its {} jobs and the fires it claimed ahead for them", held.size());
		remove(held, Reason.of(ReasonCode.RUN_NOT_STARTED_AGENT_STOPPED));
	}

	/**
	 * Runs a one-shot request whose execution row the web already inserted; its key is
	 * taken only by the worker about to run it ({@link OnceRuns}).
	 * @param request the request
	 * @param take deletes the request's key; false when it is gone (withdrawn or moved)
	 */
	public synchronized void runOnce(OnceRequest request, BooleanSupplier take) {
		this.stages.onces.request(request, take, this.jobs.get(request.jobId()));
	}

	@Override
	public JobSpec heldSpec(long jobId) {
		JobState job = this.jobs.get(jobId);
		return (job != null) ? job.spec : null;
	}

	/** Runs an execution taken over from another agent again, from the given attempt. */
	@Override
	public void resume(long jobId, long executionId, Instant scheduledAt, TriggerType trigger, String params,
			int attempt, int moves) {
		JobState job = this.jobs.get(jobId);
		if (job == null) {
			logger.warn("Execution {} of job {} not resumed: this agent no longer holds the job", executionId, jobId);
			return;
		}
		this.stages.dispatch
			.add(Fire.resumed(job, executionId, scheduledAt, trigger, params, attempt, moves, this.clock.millis()));
	}

	/** Cancels a running execution; false when this agent does not run it. */
	public boolean cancel(long executionId, Reason reason) {
		return this.stages.runner.cancel(executionId, reason);
	}

	/**
	 * Whether a run started here is still going, other than the runs left to others; a
	 * graceful stop waits until none is, before it closes the targets and the record
	 * writer.
	 * @param leftToOthers whether the run of an execution is no longer this agent's to
	 * end (an ASYNC attempt its target accepted: its report ends it)
	 */
	public boolean runsGoing(LongPredicate leftToOthers) {
		return this.stages.runner.anyGoing(leftToOthers);
	}

	/**
	 * The stop's grace is over: every run still going is recorded FAILED with the reason
	 * and its call cancelled; runs left to others are let go unrecorded (their rows stay
	 * RUNNING for their reports, or the takeover of the job's next holder). A fire handed
	 * to a worker that reaches the runner after this does not start: it is recorded
	 * CANCELLED, its agent stopped.
	 * @return how many runs were ended
	 */
	public int endRuns(Reason reason, LongPredicate leftToOthers) {
		return this.stages.runner.endGoing(reason, leftToOthers);
	}

	/** The lease is gone: claimed fires not yet due are released. */
	public void fenced() {
		this.stages.dispatch.fenced();
	}

	@Override
	public void close() {
		this.stages.close();
	}

}
