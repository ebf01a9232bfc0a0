package io.crony.agent.schedule;

import io.crony.agent.metrics.AgentMetrics;

/**
 * The firing path's stages, built and wired once from what the agent provides, and the
 * threads of the claim and dispatch stages. Each stage gets only the next one's entry
 * point ({@code dispatch::claimed}, {@code runner::dispatch}), not the stage itself.
 */
final class Stages implements AutoCloseable {

	final Planner planner;

	final ClaimStage claims;

	final DispatchStage dispatch;

	final Runner runner;

	final Releases releases;

	final Arrivals arrivals;

	final OnceRuns onces;

	private final Thread claimThread;

	private final Thread dispatchThread;

	Stages(EngineParts parts) {
		AgentMetrics metrics = parts.metrics();
		RunRecords records = new RunRecords(parts.records(), metrics, parts.agentId(), parts.clock(), parts.runs());
		this.runner = new Runner(parts.targets(), records, metrics, parts.timer(), parts.workers(), parts.clock(),
				parts.queueLimit());
		Claimer claimer = new Claimer(parts.store(), parts.records(), parts.agentId(), parts.clock());
		this.releases = new Releases(parts.store(), parts.agentId(), records, parts.workers());
		this.planner = new Planner(new LateFires(parts.misfireThreshold(), metrics), parts.clock(),
				parts.claimAhead().toMillis());
		this.dispatch = new DispatchStage(new FireGate(parts.fence(), parts.misfireThreshold(), parts.clock()),
				new HeldFires(parts.fence(), metrics), this::start, this.releases, parts.workers());
		this.claims = new ClaimStage(this.planner, claimer, this.dispatch::claimed, parts.clock());
		this.onces = new OnceRuns(this.dispatch::add, parts.fence(), metrics, parts.workers(), claimer, this.runner,
				parts.clock());
		this.dispatch.dispatchOncesBy(this.onces);
		this.arrivals = new Arrivals(
				new Misfires(parts.store(), parts.records(), parts.agentId(), parts.catchUpLimit()), this.planner::add,
				parts.clock());
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
