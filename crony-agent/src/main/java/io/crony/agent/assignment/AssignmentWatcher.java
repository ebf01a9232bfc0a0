package io.crony.agent.assignment;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import io.crony.agent.support.DaemonThreads;
import io.crony.agent.lease.LeaseKeeper;
import io.crony.agent.schedule.FiringEngine;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.execution.KillRequest;
import io.crony.common.execution.OnceRequest;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import io.etcd.jetcd.watch.WatchResponse;
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

	private final Client etcd;

	private final CronyKeys keys;

	private final String agentId;

	private final FiringEngine engine;

	private final KeyScanner scanner;

	private final ScheduledExecutorService retry = DaemonThreads.single("crony-assignment");

	private final List<Watch.Watcher> watchers = new ArrayList<>();

	private long session;

	private int failures;

	private boolean resyncScheduled;

	/**
	 * A watcher for one agent.
	 * @param etcd the agent's etcd client
	 * @param keys the key layout
	 * @param agentId the agent whose keys are watched
	 * @param engine the engine that holds the assigned jobs
	 * @param pageSize most keys read per range request during a resync
	 */
	public AssignmentWatcher(Client etcd, CronyKeys keys, String agentId, FiringEngine engine, int pageSize) {
		this.etcd = etcd;
		this.keys = keys;
		this.agentId = agentId;
		this.engine = engine;
		this.scanner = new KeyScanner(etcd.getKVClient(), pageSize);
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
		closeWatchers();
		try {
			// page by page at the first page's revision; only the specs are kept, not the
			// pages
			List<JobSpec> specs = new ArrayList<>();
			long revision = this.scanner.scan(this.keys.jobs(this.agentId), 0,
					(kv) -> specs.add(CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class).job()));
			this.engine.holdExactly(specs);
			this.scanner.scan(this.keys.onces(this.agentId), revision, this::takeOnce);
			watch(this.keys.jobs(this.agentId), revision, mySession, this::onJobEvents);
			watch(this.keys.onces(this.agentId), revision, mySession, each(this::onOnceEvent));
			watch(this.keys.kills(this.agentId), revision, mySession, each(this::onKillEvent));
			this.failures = 0;
			logger.info("Agent {} loaded {} jobs at revision {}", this.agentId, specs.size(), revision);
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

	private void watch(String prefix, long revision, long mySession, EventHandler handler) {
		WatchOption option = WatchOption.builder().isPrefix(true).withRevision(revision + 1).build();
		this.watchers.add(this.etcd.getWatchClient()
			.watch(bytes(prefix), option, Watch.listener((response) -> onResponse(response, handler),
					(error) -> onError(mySession, error), () -> onError(mySession, null))));
	}

	private void onResponse(WatchResponse response, EventHandler handler) {
		handler.handle(response.getEvents());
	}

	private EventHandler each(Consumer<WatchEvent> handler) {
		return (events) -> events.forEach((event) -> applying(event, () -> handler.accept(event)));
	}

	private void applying(WatchEvent event, Runnable apply) {
		try {
			apply.run();
		}
		catch (RuntimeException ex) {
			logger.error("Agent {} could not apply {} of {}", this.agentId, event.getEventType(),
					event.getKeyValue().getKey(), ex);
		}
	}

	// consecutive deletes are dropped together: unassigning many jobs is one release
	// statement per 1,000 jobs and one log line, not one of each per job
	private void onJobEvents(List<WatchEvent> events) {
		List<Long> deleted = new ArrayList<>();
		for (WatchEvent event : events) {
			KeyValue kv = event.getKeyValue();
			applying(event,
					() -> this.keys.parseNodeKey(kv.getKey().toString(StandardCharsets.UTF_8)).ifPresent((key) -> {
						if (key instanceof CronyKeys.NodeKey.Assignment assignment) {
							if (event.getEventType() == WatchEvent.EventType.DELETE) {
								deleted.add(assignment.jobId());
							}
							else if (event.getEventType() == WatchEvent.EventType.PUT) {
								dropDeleted(deleted);
								this.engine.put(List
									.of(CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class).job()));
							}
						}
					}));
		}
		dropDeleted(deleted);
	}

	private void dropDeleted(List<Long> deleted) {
		if (!deleted.isEmpty()) {
			this.engine.remove(List.copyOf(deleted));
			deleted.clear();
		}
	}

	private void onOnceEvent(WatchEvent event) {
		if (event.getEventType() == WatchEvent.EventType.PUT) {
			takeOnce(event.getKeyValue());
		}
	}

	// the key is deleted only when the request runs (see FiringEngine.runOnce), guarded
	// by its revision: a withdrawn or moved request is not run here
	private void takeOnce(KeyValue kv) {
		OnceRequest request = CronyJson.fromBytes(kv.getValue().getBytes(), OnceRequest.class);
		ByteSequence key = kv.getKey();
		long revision = kv.getModRevision();
		this.engine.runOnce(request, () -> deleteIfUnchanged(key, revision));
	}

	private boolean deleteIfUnchanged(ByteSequence key, long revision) {
		try {
			return this.etcd.getKVClient()
				.txn()
				.If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.modRevision(revision)))
				.Then(Op.delete(key, DeleteOption.DEFAULT))
				.commit()
				.get(10, TimeUnit.SECONDS)
				.isSucceeded();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while taking " + key, ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new IllegalStateException("etcd did not answer while taking " + key, ex);
		}
	}

	private void onKillEvent(WatchEvent event) {
		if (event.getEventType() == WatchEvent.EventType.PUT) {
			KillRequest kill = CronyJson.fromBytes(event.getKeyValue().getValue().getBytes(), KillRequest.class);
			boolean found = this.engine.cancel(kill.executionId(), "Cancelled by " + kill.requestedBy());
			logger.info("Agent {} kill of execution {} by {}: {}", this.agentId, kill.executionId(), kill.requestedBy(),
					found ? "cancelled" : "not running here");
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
		long delay = Math.min(5000, 200L << Math.min(5, this.failures++));
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

	private void closeWatchers() {
		this.watchers.forEach(Watch.Watcher::close);
		this.watchers.clear();
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
			closeWatchers();
		}
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

	@FunctionalInterface
	private interface EventHandler {

		void handle(List<WatchEvent> events);

	}

}
