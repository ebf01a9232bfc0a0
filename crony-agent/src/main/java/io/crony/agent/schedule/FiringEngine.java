package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

import io.crony.agent.async.Resumer;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The firing engine: the jobs this agent holds ({@link HeldJobs}) and the stages a fire
 * goes through, each its own class. {@link Planner}: the fires due for a claim, woken
 * {@code claim-ahead} before their instants. {@link ClaimStage} (thread
 * {@code crony-claim}): claims them in the database in batches ({@link Claimer}).
 * {@link DispatchStage} (thread {@code crony-dispatch}): at each fire's instant, through
 * the {@link FireGate}, hands it to a worker. {@link Runner}: the overlap policy and the
 * attempts. {@link RunRecords}: the execution row of each step, written in batches by the
 * record writer. {@link Releases}: the one rule for claimed fires that will not start
 * here. Jobs arriving go through their misfire policy ({@link Arrivals}); one-shot
 * requests through {@link OnceRuns}. This class only wires them and turns the
 * assignment's changes into their calls.
 */
public final class FiringEngine implements AutoCloseable, Resumer {

	private static final Logger logger = LoggerFactory.getLogger(FiringEngine.class);

	private final HeldJobs jobs;

	private final Planner planner;

	private final ClaimStage claims;

	private final DispatchStage dispatch;

	private final Runner runner;

	private final Releases releases;

	private final Arrivals arrivals;

	private final OnceRuns onces;

	private final Clock clock;

	private final Thread claimThread;

	private final Thread dispatchThread;

	private FiringEngine(EngineParts parts) {
		this.clock = parts.clock();
		this.jobs = new HeldJobs(parts.parser());
		RunRecords records = new RunRecords(parts.records(), parts.metrics(), parts.agentId(), parts.clock(),
				parts.runs());
		this.runner = new Runner(parts.targets(), records, parts.metrics(), parts.timer(), parts.workers(),
				parts.clock(), parts.queueLimit());
		Claimer claimer = new Claimer(parts.store(), parts.records(), parts.agentId(), parts.clock());
		Misfires misfires = new Misfires(parts.store(), parts.records(), parts.agentId(), parts.catchUpLimit());
		this.releases = new Releases(parts.store(), parts.agentId(), records, parts.workers());
		this.planner = new Planner(new LateFires(parts.misfireThreshold(), parts.metrics()), parts.clock(),
				parts.claimAhead().toMillis());
		this.dispatch = new DispatchStage(new FireGate(parts.fence(), parts.misfireThreshold(), parts.clock()),
				new HeldFires(parts.fence(), parts.metrics()), this.runner::dispatch, this.releases, parts.workers());
		this.claims = new ClaimStage(this.planner, claimer, this.dispatch::claimed, parts.clock());
		this.onces = new OnceRuns(this.dispatch::add, parts.fence(), parts.metrics(), parts.workers(), claimer,
				this.runner, parts.clock());
		this.dispatch.dispatchOncesBy(this.onces);
		this.arrivals = new Arrivals(misfires, this.planner::add, parts.clock());
		this.claimThread = daemon(this.claims, "crony-claim");
		this.dispatchThread = daemon(this.dispatch, "crony-dispatch");
		this.dispatchThread.setPriority(Thread.MAX_PRIORITY);
	}

	/** Builds an engine and the parts it owns from what the agent provides. */
	public static FiringEngine create(EngineParts parts) {
		return new FiringEngine(parts);
	}

	public void start() {
		this.claimThread.start();
		this.dispatchThread.start();
		this.arrivals.start();
	}

	public int jobCount() {
		return this.jobs.size();
	}

	public Set<Long> jobIds() {
		return this.jobs.ids();
	}

	/**
	 * Makes the engine hold exactly these jobs: new ones are added (with their misfire
	 * policy), changed ones updated, missing ones dropped.
	 */
	public synchronized void holdExactly(Collection<JobSpec> specs) {
		// the reload that calls this reads every once request again right after
		this.onces.forgetAwaited();
		remove(this.jobs.notIn(specs));
		put(specs);
	}

	/** Adds or updates jobs. */
	public synchronized void put(Collection<JobSpec> specs) {
		HeldJobs.Changes changes = this.jobs.put(specs);
		changes.disabled().forEach((job) -> this.runner.dropQueue(job, "its job was disabled"));
		Instant now = this.clock.instant();
		changes.rescheduled().forEach((job) -> this.planner.planNext(job, job.generation, now));
		for (JobState job : changes.arrived()) {
			this.planner.planNext(job, job.generation, now);
			this.arrivals.arrived(job, job.generation, now);
			this.onces.jobArrived(job);
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
		List<JobState> removed = this.jobs.remove(jobIds);
		if (removed.isEmpty()) {
			return;
		}
		removed.forEach((job) -> this.runner.dropQueue(job, "its job was removed from this agent (deleted, or moved)"));
		// Taken after "removed" is set, never before: the dispatch stage checks it before
		// a fire, so a dispatch that still saw the job happened before this instant, and
		// a
		// fire after it is never dispatched here and is released now.
		this.releases.jobsLeft(removed.stream().map(JobState::id).toList(), this.clock.instant());
		logger.info("Engine dropped {} jobs (first: {}), holds {}", removed.size(), removed.get(0).id(),
				this.jobs.size());
	}

	/**
	 * Runs a one-shot request whose execution row the web already inserted; its key is
	 * taken only by the worker about to run it ({@link OnceRuns}).
	 * @param request the request
	 * @param take deletes the request's key; false when it is gone (withdrawn or moved)
	 */
	public synchronized void runOnce(OnceRequest request, BooleanSupplier take) {
		this.onces.request(request, take, this.jobs.get(request.jobId()));
	}

	@Override
	public JobSpec heldSpec(long jobId) {
		JobState job = this.jobs.get(jobId);
		return (job != null) ? job.spec : null;
	}

	/** Runs an execution taken over from another agent again, from the given attempt. */
	@Override
	public void resume(long jobId, long executionId, Instant scheduledAt, TriggerType trigger, String params,
			int attempt) {
		JobState job = this.jobs.get(jobId);
		if (job == null) {
			logger.warn("Execution {} of job {} not resumed: this agent no longer holds the job", executionId, jobId);
			return;
		}
		this.dispatch.add(Fire.resumed(job, executionId, scheduledAt, trigger, params, attempt, this.clock.millis()));
	}

	/** Cancels a running execution; false when this agent does not run it. */
	public boolean cancel(long executionId, String reason) {
		return this.runner.cancel(executionId, reason);
	}

	/**
	 * The lease is gone and the fence closed: the claimed fires waiting for their instant
	 * will not run here and are released ({@link DispatchStage#fenced}).
	 */
	public void fenced() {
		this.dispatch.fenced();
	}

	@Override
	public void close() {
		this.releases.close();
		this.claims.stop();
		this.dispatch.stop();
		this.claimThread.interrupt();
		this.dispatchThread.interrupt();
		this.arrivals.close();
	}

	private static Thread daemon(Runnable loop, String name) {
		Thread thread = new Thread(loop, name);
		thread.setDaemon(true);
		return thread;
	}

}
