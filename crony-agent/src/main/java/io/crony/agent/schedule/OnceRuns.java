package io.crony.agent.schedule;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.crony.agent.lease.Fence;
import io.crony.agent.metrics.AgentMetrics;
import io.crony.agent.tracing.RunTracing;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One-shot requests (manual runs, retries of a run) on their way through the engine. A
 * request's execution row was inserted by the web; its etcd key is only taken (deleted,
 * guarded by its revision) by the worker about to run it, with the fence open. Until then
 * the key stays, so a cancel can still withdraw it, the leader can move it to the job's
 * next holder, and a reload finds it again. Whoever deletes the key runs the request, so
 * it runs once.
 */
final class OnceRuns {

	private static final Logger logger = LoggerFactory.getLogger(OnceRuns.class);

	// how often a request held back by the closed fence looks at the fence again
	private static final long FENCED_RECHECK_MILLIS = 200;

	private final Consumer<Fire> due;

	private final Fence fence;

	private final AgentMetrics metrics;

	private final Executor workers;

	private final Claimer claimer;

	private final Runner runner;

	private final Clock clock;

	private final Set<Long> taken = ConcurrentHashMap.newKeySet();

	// requests for jobs not held (yet): the job and once watches are separate streams, so
	// a run requested right after an assignment can arrive before the job
	private final Map<Long, List<Awaited>> awaitingJob = new ConcurrentHashMap<>();

	/**
	 * @param due queues a fire for dispatch at its wake-up time
	 */
	OnceRuns(Consumer<Fire> due, Fence fence, AgentMetrics metrics, Executor workers, Claimer claimer, Runner runner,
			Clock clock) {
		this.due = due;
		this.fence = fence;
		this.metrics = metrics;
		this.workers = workers;
		this.claimer = claimer;
		this.runner = runner;
		this.clock = clock;
	}

	/**
	 * Queues a request to run now.
	 * @param request the request
	 * @param take deletes the request's key; false when it is gone (withdrawn or moved)
	 * @param job the job as held here, null when this agent does not hold it (yet): the
	 * request then waits for the job, its key untaken
	 */
	void request(OnceRequest request, BooleanSupplier take, JobState job) {
		if (!this.taken.add(request.executionId())) {
			return;
		}
		if (job == null) {
			this.taken.remove(request.executionId());
			this.awaitingJob.computeIfAbsent(request.jobId(), (id) -> new ArrayList<>())
				.add(new Awaited(request, take));
			logger.info("Once request {} names job {}, which this agent does not hold (yet)", request.executionId(),
					request.jobId());
			return;
		}
		this.due.accept(Fire.once(job, request, take, this.clock.millis()));
	}

	/** Queues the requests that waited for this job. */
	void jobArrived(JobState job) {
		List<Awaited> awaited = this.awaitingJob.remove(job.id());
		if (awaited != null) {
			awaited.forEach((once) -> request(once.request(), once.take(), job));
		}
	}

	/** Forgets the requests waiting for jobs: a full reload reads them all again. */
	void forgetAwaited() {
		this.awaitingJob.clear();
	}

	/**
	 * Starts a due request. It is never dropped for a closed fence: it waits, its key
	 * untaken, until the fence opens again (a late keepalive confirmed, or a new lease
	 * granted and the assignment reloaded). A job that left meanwhile takes its requests
	 * with it: the key stays for the job's next holder (the leader moves it on failover).
	 * @param fire the request's fire
	 * @param held whether this agent still holds the fire's job, in the same generation
	 */
	void dispatch(Fire fire, boolean held) {
		if (!held) {
			this.taken.remove(fire.executionId);
			logger.info("Once request {} of job {} left here: this agent no longer holds the job", fire.executionId,
					fire.job.id());
			return;
		}
		if (!this.fence.mayFire()) {
			this.metrics.fenced();
			if (fire.wakeAtMillis <= fire.enqueuedAtMillis) {
				logger.info("Once request {} of job {} waits for the fence to open", fire.executionId, fire.job.id());
			}
			this.due.accept(fire.wakingAt(this.clock.millis() + FENCED_RECHECK_MILLIS));
			return;
		}
		this.workers.execute(() -> {
			try {
				if (take(fire) && ownRow(fire)) {
					this.runner.dispatch(joiningItsUpstream(fire));
				}
				else {
					logger.info(
							"Once request {} of job {} not run here: withdrawn or moved before it was taken, or its run taken already",
							fire.executionId, fire.job.id());
				}
			}
			finally {
				// its key is gone, so the request cannot come back; the same row may (a
				// clear, a re-run of its failed shards) with a new request to run again
				this.taken.remove(fire.executionId);
			}
		});
	}

	/**
	 * A run its upstreams unblocked, a backfill's, or a cleared run run again (RETRY),
	 * runs only where it is taken from nobody (the web leader may repeat its request
	 * after a failure: the row decides, once); any other request's row is this agent's
	 * once its key was taken.
	 */
	private boolean ownRow(Fire fire) {
		if (fire.trigger == TriggerType.DEPENDENCY || fire.trigger == TriggerType.BACKFILL
				|| fire.trigger == TriggerType.RETRY) {
			return this.claimer.takeReleased(fire);
		}
		this.claimer.adopt(fire);
		return true;
	}

	/**
	 * A run its upstreams released joins the trace of the run that released it; the one
	 * read this takes is on the path of released runs only, never of a plain job's fires.
	 */
	private Fire joiningItsUpstream(Fire fire) {
		if (fire.trigger != TriggerType.DEPENDENCY) {
			return fire;
		}
		RunTracing.Upstream upstream = this.claimer.releasedBy(fire);
		return (upstream != null) ? fire.releasedBy(upstream) : fire;
	}

	private static boolean take(Fire fire) {
		try {
			return fire.take.getAsBoolean();
		}
		catch (RuntimeException ex) {
			// not taken: the key stays, and the next reload of the assignment finds it
			logger.warn("Once request {} of job {} could not be taken: {}", fire.executionId, fire.job.id(),
					ex.toString());
			return false;
		}
	}

	private record Awaited(OnceRequest request, BooleanSupplier take) {
	}

}
