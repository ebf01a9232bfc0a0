package io.crony.agent.schedule;

import java.util.concurrent.DelayQueue;
import java.util.function.BooleanSupplier;

import io.crony.agent.metrics.AgentMetrics;

/**
 * The firing path's stages, built and wired once from what the agent provides, and the
 * threads of the claim and dispatch stages. Each stage gets only the next one's entry
 * point ({@code dispatch::claimed}, {@code runner::dispatch}), not the stage itself.
 */
final class Stages implements AutoCloseable {

	// a stage's thread ends within its current step; this bounds a step stuck on I/O
	private static final long JOIN_MILLIS = 5000;

	final Planner planner;

	final ClaimStage claims;

	final DispatchStage dispatch;

	final Runner runner;

	final Releases releases;

	final Arrivals arrivals;

	final OnceRuns onces;

	final ClaimScope claimScope;

	private final Thread claimThread;

	private final Thread dispatchThread;

	Stages(EngineParts parts) {
		AgentMetrics metrics = parts.metrics();
		RunRecords records = new RunRecords(parts.records(), metrics, parts.agentId(), parts.clock(), parts.runs());
		this.runner = new Runner(parts.targets(), records, metrics, parts.timer(), parts.workers(), parts.clock(),
				parts.queueLimit(), parts.tracing());
		this.claimScope = new ClaimScope(parts.fence());
		// a window lasts a lease TTL and a second past its last extension (Windows); it
		// is
		// asked for under an open fence, or under a lease about to open it once the jobs
		// were loaded under that lease (ClaimScope: the misfire policy's missed fires at
		// the agent's start are claimed then)
		Windows windows = new Windows(parts.store(), parts.agentId(), parts.clock(), parts.fence().ttl().plusSeconds(1),
				() -> parts.fence().isOpen() || this.claimScope.inFull());
		// Records written once (no claim row for a window's fire), the setting
		// crony.agent.records-written-once, on by default (docs/scaling.md, "Plan" 3 (c),
		// the guarantee tests run with it); a dead former holder's
		// window is taken past its fence with them (FormerHolderFires)
		BooleanSupplier writeOnce = new RecordsWrittenOnce(parts.recordsWrittenOnce(), parts.store(), parts.clock());
		Claimer claimer = new Claimer(parts.store(), parts.records(), parts.agentId(), parts.clock(),
				this.claimScope::inFull, windows, writeOnce);
		this.releases = new Releases(parts.store(), parts.agentId(), records, parts.workers(), windows, parts.clock());
		this.planner = new Planner(new LateFires(parts.misfireThreshold(), metrics), parts.clock(),
				parts.claimAhead().toMillis());
		// the queue of due fires first: one-shot requests are queued in it and handed
		// back to their OnceRuns from it, so neither stage is built before the other
		DelayQueue<Fire> due = new DelayQueue<>();
		this.onces = new OnceRuns(due::add, parts.fence(), metrics, parts.workers(), claimer, this.runner,
				parts.clock());
		this.dispatch = new DispatchStage(due, this.onces::dispatch,
				new FireGate(parts.fence(), parts.misfireThreshold(), parts.clock()),
				new HeldFires(parts.fence(), metrics), this::start, this.releases, parts.workers());
		this.claims = new ClaimStage(this.planner, claimer, this.dispatch::claimed, parts.clock());
		this.arrivals = new Arrivals(
				new Misfires(parts.store(), parts.records(), parts.agentId(), parts.catchUpLimit()),
				new FormerHolderFires(parts.store(), parts.records(), parts.agentId(), parts.fence().ttl(),
						parts.leaderLeaseTtl(), parts.fence().margin(), parts.agentStandings(), parts.handovers(),
						parts.records().unwrittenSpan()),
				this.planner::add, parts.clock());
		this.claimThread = daemon(this.claims, "crony-claim");
		this.dispatchThread = daemon(this.dispatch, "crony-dispatch");
		this.dispatchThread.setPriority(Thread.MAX_PRIORITY);
	}

	// a scheduled fire of a job with upstreams waits for them; every other fire runs
	private void start(Fire fire) {
		if (fire.job.spec.hasUpstreams() && fire.kind.claimedHere()) {
			this.releases.awaitUpstreams(fire);
		}
		else {
			this.runner.dispatch(fire);
		}
	}

	void start() {
		this.claimThread.start();
		this.dispatchThread.start();
		this.arrivals.start();
	}

	/**
	 * Stops the threads in the order a fire travels: the claim stage after its batch in
	 * flight (what it won reaches dispatch), then dispatch, whose loop hands every
	 * claimed fire it did not start to {@link Releases} as it ends; only then are
	 * releases closed.
	 */
	@Override
	public void close() {
		this.claims.stop();
		this.claimThread.interrupt();
		join(this.claimThread);
		this.dispatch.stop();
		this.dispatchThread.interrupt();
		join(this.dispatchThread);
		this.releases.close();
		this.arrivals.close();
	}

	private static void join(Thread thread) {
		try {
			thread.join(JOIN_MILLIS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static Thread daemon(Runnable loop, String name) {
		Thread thread = new Thread(loop, name);
		thread.setDaemon(true);
		return thread;
	}

}
