package io.crony.agent.schedule;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.crony.agent.async.Resumer;
import io.crony.agent.lease.Fence;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The firing engine. Each held job has exactly one planned fire in the {@code plan} delay
 * queue, woken {@code claimAhead} before its instant. The claim thread takes every plan
 * fire that woke, computes that job's following fire (the only time a schedule is
 * evaluated, besides a job change), claims the batch in the database and moves the fires
 * it won into the {@code due} queue, woken at their scheduled instant. The dispatch
 * thread takes due fires, checks the lease fence (or, while etcd is unreachable, the
 * fire's claim: {@link FireGate}) and hands them to the worker pool. At the instant
 * itself no I/O happens, so lateness stays at the timer's resolution. A fire the claim
 * thread reaches long after its instant (behind its schedule) goes by its job's misfire
 * policy ({@link LateFires}).
 */
public final class FiringEngine implements AutoCloseable, Resumer {

	// how long past its instant a fire claimed by another agent is still awaited: that
	// agent releases it when it learns the job moved or its lease is gone (up to a
	// keepalive interval later, more on a loaded machine)
	static final long RETAKE_GRACE_MILLIS = 5000;

	private static final Logger logger = LoggerFactory.getLogger(FiringEngine.class);

	private static final int CLAIM_BATCH = 5000;

	private static final long RETAKE_MILLIS = 100;

	private final Map<Long, JobState> jobs = new ConcurrentHashMap<>();

	private final DelayQueue<Fire> plan = new DelayQueue<>();

	private final DelayQueue<Fire> due = new DelayQueue<>();

	private final ScheduleParser parser;

	private final Claimer claimer;

	private final Runner runner;

	private final Misfires misfires;

	private final LateFires lateFires;

	private final Arrivals arrivals;

	private final OnceRuns onces;

	private final Fence fence;

	private final ExecutorService workers;

	private final Clock clock;

	private final long claimAheadMillis;

	// fires whose row another agent holds; claim thread only
	private final List<Fire> contested = new ArrayList<>();

	// fires due while the fence was closed; dispatch thread only
	private final HeldFires held;

	// the fence, or a fire's claim while etcd does not confirm the lease; dispatch thread
	// only
	private final FireGate gate;

	private long lastRetakeMillis;

	private final Thread claimThread = new Thread(this::claimLoop, "crony-claim");

	private final Thread dispatchThread = new Thread(this::dispatchLoop, "crony-dispatch");

	private volatile boolean running = true;

	FiringEngine(ScheduleParser parser, Claimer claimer, Runner runner, Misfires misfires, LateFires lateFires,
			Fence fence, AgentMetrics metrics, ExecutorService workers, Clock clock, Duration claimAhead,
			Duration misfireThreshold) {
		this.parser = parser;
		this.claimer = claimer;
		this.runner = runner;
		this.misfires = misfires;
		this.lateFires = lateFires;
		this.arrivals = new Arrivals(misfires, this.plan, clock);
		this.onces = new OnceRuns(this.due, fence, metrics, workers, claimer, runner, clock);
		this.fence = fence;
		this.held = new HeldFires(fence, metrics);
		this.gate = new FireGate(fence, misfireThreshold, clock);
		this.workers = workers;
		this.clock = clock;
		this.claimAheadMillis = claimAhead.toMillis();
		this.claimThread.setDaemon(true);
		this.dispatchThread.setDaemon(true);
		this.dispatchThread.setPriority(Thread.MAX_PRIORITY);
	}

	/** Builds an engine and the parts it owns from what the agent provides. */
	public static FiringEngine create(EngineParts parts) {
		Runner runner = new Runner(parts.targets(), parts.records(), parts.metrics(), parts.timer(), parts.workers(),
				parts.agentId(), parts.clock(), parts.queueLimit());
		runner.listen(parts.runs());
		Claimer claimer = new Claimer(parts.store(), parts.records(), parts.agentId(), parts.clock());
		Misfires misfires = new Misfires(parts.store(), parts.records(), parts.agentId(), parts.catchUpLimit());
		return new FiringEngine(parts.parser(), claimer, runner, misfires,
				new LateFires(parts.misfireThreshold(), parts.metrics()), parts.fence(), parts.metrics(),
				parts.workers(), parts.clock(), parts.claimAhead(), parts.misfireThreshold());
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
		return Set.copyOf(this.jobs.keySet());
	}

	/**
	 * Makes the engine hold exactly these jobs: new ones are added (with their misfire
	 * policy), changed ones updated, missing ones dropped.
	 */
	public synchronized void holdExactly(Collection<JobSpec> specs) {
		// the reload that calls this reads every once request again right after
		this.onces.forgetAwaited();
		Set<Long> wanted = new HashSet<>();
		specs.forEach((spec) -> wanted.add(spec.id()));
		remove(this.jobs.keySet().stream().filter((id) -> !wanted.contains(id)).toList());
		put(specs);
	}

	/** Adds or updates jobs. */
	public synchronized void put(Collection<JobSpec> specs) {
		List<JobState> arrived = new ArrayList<>();
		for (JobSpec spec : specs) {
			JobState current = this.jobs.get(spec.id());
			if (current == null) {
				FireTimes times = parse(spec);
				if (times != null) {
					JobState state = new JobState(spec, times);
					this.jobs.put(spec.id(), state);
					arrived.add(state);
				}
			}
			else if (!current.spec.equals(spec)) {
				update(current, spec);
			}
		}
		if (arrived.isEmpty()) {
			return;
		}
		Instant now = this.clock.instant();
		for (JobState state : arrived) {
			planNext(state, state.generation, now);
			this.arrivals.arrived(state, state.generation, now);
			this.onces.jobArrived(state);
		}
		if (arrived.size() > 1) {
			logger.info("Engine holds {} jobs ({} arrived)", this.jobs.size(), arrived.size());
		}
		else {
			logger.debug("Engine holds {} jobs (job {} arrived)", this.jobs.size(), arrived.get(0).id());
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
		List<Long> dropped = new ArrayList<>();
		for (Long jobId : jobIds) {
			JobState state = this.jobs.remove(jobId);
			if (state != null) {
				state.removed = true;
				dropped.add(jobId);
				this.runner.dropQueue(state, "its job was removed from this agent (deleted, or moved)");
				logger.debug("Engine dropped job {}", jobId);
			}
		}
		if (!dropped.isEmpty()) {
			// Read after "removed" is set, never before: the dispatch thread checks
			// "removed" before a fire, so a dispatch that still saw the job happened
			// before this instant (and started a fire up to it), and a fire after it is
			// never dispatched here and is released now. A claimed fire up to it that
			// was not dispatched is released by id where it is skipped.
			Instant removedAt = this.clock.instant();
			this.misfires.release(dropped, removedAt);
			logger.info("Engine dropped {} jobs (first: {}), holds {}", dropped.size(), dropped.get(0),
					this.jobs.size());
		}
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
		JobState state = this.jobs.get(jobId);
		return (state != null) ? state.spec : null;
	}

	/** Runs an execution taken over from another agent again, from the given attempt. */
	@Override
	public void resume(long jobId, long executionId, Instant scheduledAt, TriggerType trigger, String params,
			int attempt) {
		JobState state = this.jobs.get(jobId);
		if (state == null) {
			logger.warn("Execution {} of job {} not resumed: this agent no longer holds the job", executionId, jobId);
			return;
		}
		Fire fire = new Fire(state, state.generation, scheduledAt, trigger, params, this.clock.millis());
		fire.executionId = executionId;
		fire.firstAttempt = attempt;
		this.due.add(fire);
	}

	/** Cancels a running execution; false when this agent does not run it. */
	public boolean cancel(long executionId, String reason) {
		return this.runner.cancel(executionId, reason);
	}

	/**
	 * The lease is gone and the fence closed: the claimed fires waiting for their instant
	 * will not run here. They leave the due queue and their claims are released, so the
	 * jobs' next holder (already retrying them as contested, or taking them as misfires)
	 * runs them; released fires are exactly those this agent never dispatches. Fires held
	 * back while the lease was unconfirmed are given up by the dispatch thread
	 * ({@link HeldFires}).
	 */
	public void fenced() {
		List<Fire> held = new ArrayList<>();
		for (Object queued : this.due.toArray()) {
			Fire fire = (Fire) queued;
			if (isClaim(fire) && this.due.remove(fire)) {
				held.add(fire);
			}
		}
		logger.info("Engine fenced: {} claimed fires not yet due are released", held.size());
		releaseLater(held);
	}

	private void update(JobState state, JobSpec spec) {
		boolean rescheduled = !Objects.equals(state.spec.schedule(), spec.schedule())
				|| !Objects.equals(state.spec.timeZone(), spec.timeZone()) || state.spec.enabled() != spec.enabled();
		FireTimes times = rescheduled ? parse(spec) : state.fireTimes;
		boolean disabled = state.spec.enabled() && !spec.enabled();
		state.spec = spec;
		if (disabled) {
			this.runner.dropQueue(state, "its job was disabled");
		}
		if (rescheduled && times != null) {
			state.fireTimes = times;
			state.generation++;
			planNext(state, state.generation, this.clock.instant());
		}
	}

	private FireTimes parse(JobSpec spec) {
		try {
			ZoneId zone = (spec.timeZone() != null) ? ZoneId.of(spec.timeZone()) : ZoneId.of("UTC");
			FireTimes times = this.parser.parse(spec.schedule(), zone);
			return spec.enabled() ? times : (after) -> Optional.empty();
		}
		catch (RuntimeException ex) {
			logger.warn("Job {} has a schedule this agent cannot read ({}): {}", spec.id(), spec.schedule(),
					ex.getMessage());
			return null;
		}
	}

	private void planNext(JobState state, long generation, Instant after) {
		state.fireTimes.nextFireAfter(after)
			.ifPresent((at) -> this.plan.add(new Fire(state, generation, at, TriggerType.CRON, null,
					at.toEpochMilli() - this.claimAheadMillis)));
	}

	private void claimLoop() {
		List<Fire> woke = new ArrayList<>();
		while (this.running) {
			try {
				Fire first = this.contested.isEmpty() ? this.plan.take()
						: this.plan.poll(RETAKE_MILLIS, TimeUnit.MILLISECONDS);
				if (first != null) {
					woke.add(first);
					// records behind: claims wait, and fires woken meanwhile join this
					// batch late, where their jobs' misfire policies decide
					this.claimer.awaitRecordRoom();
					this.plan.drainTo(woke, CLAIM_BATCH);
					claim(woke);
				}
				retakeContested();
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				logger.error("Engine could not claim {} fires; they are dropped", woke.size(), ex);
			}
			finally {
				woke.clear();
			}
		}
	}

	private void claim(List<Fire> woke) {
		List<Fire> live = new ArrayList<>();
		Instant now = this.clock.instant();
		for (Fire fire : woke) {
			if (!isCurrent(fire)) {
				continue;
			}
			if (fire.trigger != TriggerType.CRON) {
				live.add(fire);
				continue;
			}
			LateFires.Decision decision = this.lateFires.decide(fire.job, fire.scheduledAt, now);
			planNext(fire.job, fire.generation, decision.planAfter());
			decision.run()
				.map((at) -> at.equals(fire.scheduledAt) ? fire
						: new Fire(fire.job, fire.generation, at, TriggerType.CRON, null, now.toEpochMilli()))
				.ifPresent(live::add);
		}
		queueOrRelease(this.claimer.claim(live, this.contested));
	}

	/**
	 * Queues the fires just claimed or taken over. A fire whose job was dropped while its
	 * claim was in flight (its instant may be before {@code removedAt}, or its row one
	 * that remove() released and this claim took again) is never dispatched here, so its
	 * own row is released, by id, for the next holder.
	 */
	private void queueOrRelease(List<Fire> won) {
		List<Fire> dropped = new ArrayList<>();
		for (Fire fire : won) {
			if (fire.job.removed) {
				dropped.add(fire);
			}
			else {
				this.due.add(fire.wakingAt(Math.max(fire.scheduledAt.toEpochMilli(), fire.wakeAtMillis)));
			}
		}
		List<Fire> claims = dropped.stream().filter(FiringEngine::isClaim).toList();
		if (!claims.isEmpty()) {
			this.misfires.release(claims);
		}
	}

	/**
	 * Retries, every {@code RETAKE_MILLIS}, the fires another agent held when this one
	 * claimed them: a live agent the job moved away from releases its claims shortly
	 * after, and the fire then runs here, late by at most that delay. A fire never
	 * released by {@code RETAKE_GRACE_MILLIS} past its instant ran (or may have run) on
	 * its holder and is given up.
	 */
	private void retakeContested() {
		long now = this.clock.millis();
		if (this.contested.isEmpty() || now - this.lastRetakeMillis < RETAKE_MILLIS) {
			return;
		}
		this.lastRetakeMillis = now;
		this.contested
			.removeIf((fire) -> !isCurrent(fire) || fire.scheduledAt.toEpochMilli() + RETAKE_GRACE_MILLIS < now);
		List<Fire> won = this.claimer.retake(this.contested);
		this.contested.removeAll(won);
		queueOrRelease(won);
	}

	private void dispatchLoop() {
		List<Fire> dropped = new ArrayList<>();
		while (this.running) {
			try {
				Fire fire = this.due.poll();
				if (fire == null) {
					// nothing due this instant: release the claims of fires given up to
					// the
					// closed fence and of dropped jobs this thread skipped
					releaseGivenUp();
					releaseLater(dropped);
					dropped.clear();
					fire = this.held.isEmpty() ? this.due.take()
							: this.due.poll(HeldFires.RECHECK_MILLIS, TimeUnit.MILLISECONDS);
				}
				this.held.recheck(this.due);
				if (fire == null) {
					continue;
				}
				if (fire.take != null) {
					this.onces.dispatch(fire, isCurrent(fire));
					continue;
				}
				if (!isCurrent(fire)) {
					// Dropped or rescheduled since its claim. A fire the new schedule
					// shares is claimed again (the row names this agent) and runs once,
					// from the new plan. A claim of a dropped job is released: remove()
					// releases only fires after removedAt, and this one (claimed late,
					// or woken late under load) was never dispatched.
					if (fire.job.removed && fire.generation == fire.job.generation && isClaim(fire)) {
						dropped.add(fire);
					}
					else if (!fire.job.removed && !fire.job.spec.enabled() && isClaim(fire)) {
						// claimed ahead before its job was disabled: it ends here
						Fire disabled = fire;
						this.workers.execute(() -> this.runner.notRun(disabled, ExecutionStatus.CANCELLED,
								"Not started: its job was disabled"));
					}
					continue;
				}
				if (!this.gate.mayStart(fire)) {
					this.held.hold(fire);
					continue;
				}
				Fire due = fire;
				this.workers.execute(() -> this.runner.dispatch(due));
			}
			catch (InterruptedException ex) {
				return;
			}
			catch (RuntimeException ex) {
				logger.error("Engine could not dispatch a fire", ex);
			}
		}
	}

	private void releaseGivenUp() {
		List<Fire> givenUp = this.held.takeGivenUp();
		if (givenUp.isEmpty()) {
			return;
		}
		logger.warn("Engine did not start {} fires (first: {}): lease lost; their claims are released", givenUp.size(),
				givenUp.get(0));
		releaseLater(givenUp.stream().filter(FiringEngine::isClaim).toList());
		skipLater(givenUp.stream().filter(FiringEngine::isLocalClaim).toList());
	}

	// A fire claimed only in the spool (the database was away too) has no row another
	// agent could take: it is recorded as missed, so its spooled claim does not stay
	// PENDING. The record applies only where the row names this agent.
	private void skipLater(List<Fire> fires) {
		if (fires.isEmpty() || !this.running) {
			return;
		}
		try {
			this.workers.execute(() -> fires.forEach((fire) -> this.runner.notRun(fire, ExecutionStatus.MISSED,
					"not started: the lease was unconfirmed past its validity and the database unreachable (fenced)")));
		}
		catch (RejectedExecutionException ex) {
			logger.debug("Engine stopping: {} fenced fires not recorded as skipped", fires.size());
		}
	}

	// off the dispatch thread; a fenced agent starts no runs, so the workers are free
	private void releaseLater(List<Fire> fires) {
		if (fires.isEmpty() || !this.running) {
			return;
		}
		List<Fire> copy = List.copyOf(fires);
		try {
			this.workers.execute(() -> this.misfires.release(copy));
		}
		catch (RejectedExecutionException ex) {
			// the agent is stopping; its claims stay as they are
			logger.debug("Engine stopping: {} claimed fires not released", copy.size());
		}
	}

	// a fire whose execution row this agent claimed itself (not a manual run's row)
	static boolean isClaim(Fire fire) {
		return fire.executionId != 0 && (fire.trigger == TriggerType.CRON || fire.trigger == TriggerType.MISFIRE);
	}

	// a scheduled fire claimed while the database was unreachable: its claim is in the
	// spool
	private static boolean isLocalClaim(Fire fire) {
		return fire.executionId == 0 && fire.take == null
				&& (fire.trigger == TriggerType.CRON || fire.trigger == TriggerType.MISFIRE);
	}

	private boolean isCurrent(Fire fire) {
		return !fire.job.removed && fire.generation == fire.job.generation;
	}

	@Override
	public void close() {
		this.running = false;
		this.claimThread.interrupt();
		this.dispatchThread.interrupt();
		this.arrivals.close();
	}

}
