package io.crony.agent.assignment;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.crony.agent.lease.Handovers;
import io.crony.agent.lease.LeaseKeeper;
import io.crony.agent.schedule.FiringEngine;
import io.crony.agent.support.DaemonThreads;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.KeyScanner;
import io.etcd.jetcd.Client;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the engine's jobs equal to this agent's assignment keys, and takes its once and
 * kill requests. A resync reads the jobs and once prefixes at one revision, page by page
 * (an agent may hold 100,000 assignments, far more than one gRPC message carries), makes
 * the engine hold exactly the assigned jobs, and watches all three prefixes from the next
 * revision, so no change falls between the read and the watch. It runs when a lease is
 * granted (before the fence opens) and after any watch error, with backoff.
 */
public final class AssignmentWatcher implements LeaseKeeper.LeaseListener, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(AssignmentWatcher.class);

	private final CronyKeys keys;

	private final String agentId;

	private final KeyScanner scanner;

	private final AssignedJobs jobs;

	private final OnceRequests onces;

	private final KillRequests kills;

	private final SkippingFailures failures;

	private final PrefixWatches watches;

	private final ScheduledExecutorService retry = DaemonThreads.single("crony-assignment");

	/** Counts reloads, so that a watch of an older one is told apart. */
	private long session;

	private int failuresInARow;

	private boolean resyncScheduled;

	/**
	 * A watcher for one agent.
	 * @param etcd the agent's etcd client
	 * @param keys the key layout
	 * @param agentId the agent whose keys are watched
	 * @param engine the engine that holds the assigned jobs
	 * @param handovers where the agent each moved job comes from is kept for the engine
	 * @param pageSize most keys read per range request during a resync
	 */
	public AssignmentWatcher(Client etcd, CronyKeys keys, String agentId, FiringEngine engine, Handovers handovers,
			int pageSize) {
		this.keys = keys;
		this.agentId = agentId;
		this.scanner = new KeyScanner(etcd.getKVClient(), pageSize);
		this.failures = new SkippingFailures(agentId);
		this.jobs = new AssignedJobs(keys, agentId, JobHolder.of(engine), this.failures, handovers);
		this.onces = new OnceRequests(etcd.getKVClient(), engine);
		this.kills = new KillRequests(agentId, engine);
		this.watches = new PrefixWatches(etcd);
	}

	@Override
	public void leaseGranted(long leaseId) {
		resync();
	}

	/**
	 * Reloads everything at one revision and watches from there; throws when etcd is
	 * unreachable.
	 */
	public synchronized void resync() {
		// a new session first: the old watchers report their closing, which must not
		// count as an error
		long mySession = ++this.session;
		this.resyncScheduled = false;
		this.watches.closeAll();
		try {
			AssignedJobs.Loaded loaded = this.jobs.load(this.scanner);
			long revision = loaded.revision();
			this.scanner.scan(this.keys.onces(this.agentId), revision, this.onces::take);
			Consumer<Throwable> onEnd = (error) -> onError(mySession, error);
			this.watches.watch(this.keys.jobs(this.agentId), revision, this.jobs::onEvents, onEnd);
			this.watches.watch(this.keys.onces(this.agentId), revision, this.failures.each(this.onces::onEvent), onEnd);
			this.watches.watch(this.keys.kills(this.agentId), revision, this.failures.each(this.kills::onEvent), onEnd);
			this.failuresInARow = 0;
			logger.info("Agent {} loaded {} jobs at revision {}", this.agentId, loaded.jobs(), revision);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Agent " + this.agentId + " was interrupted loading its assignment", ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException("Agent " + this.agentId + " cannot load its assignment: " + ex.getMessage(),
					ex);
		}
	}

	private void onError(long mySession, Throwable error) {
		synchronized (this) {
			if (mySession != this.session || this.resyncScheduled) {
				return;
			}
			this.resyncScheduled = true;
		}
		logger.warn("Agent {} lost its assignment watch ({}); reloading", this.agentId,
				(error != null) ? error.toString() : "closed");
		scheduleResync();
	}

	private synchronized void scheduleResync() {
		this.resyncScheduled = true;
		long delay = Math.min(5000, 200L << Math.min(5, this.failuresInARow++));
		this.retry.schedule(() -> {
			try {
				resync();
			}
			catch (RuntimeException ex) {
				logger.warn("Agent {} reload failed, trying again: {}", this.agentId, ex.getMessage());
				scheduleResync();
			}
		}, delay, TimeUnit.MILLISECONDS);
	}

	/**
	 * Stops watching. A reload in progress on the retry thread is interrupted first: it
	 * holds this watcher's lock while it waits on etcd (up to 30 s when etcd is down),
	 * and an agent stopping must not wait for it.
	 */
	@Override
	public void close() {
		this.retry.shutdownNow();
		synchronized (this) {
			this.session++;
			this.watches.closeAll();
		}
	}

}
