package io.crony.agent.lease;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.crony.agent.support.AgentIdentity;
import io.crony.agent.support.DaemonThreads;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the agent's etcd lease and its node key. A single thread grants the lease, puts
 * the node key under it (deleting the agent's {@link StopMark} in the same transaction),
 * and sends one keepalive at a time (every TTL/5), each of which moves the
 * {@link Fence}'s confirmation to the instant it was sent. When etcd says the lease is
 * gone (TTL 0 or not found) the fence closes, a new lease is granted with the same agent
 * id, and listeners are told to reload before the fence opens again. The fence learns of
 * each grant before the reload ({@link Fence#granted}): the engine may get its jobs, and
 * fires of them come due, before the reload ends and the fence opens.
 */
public final class LeaseKeeper implements AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeaseKeeper.class);

	private final Client etcd;

	private final CronyKeys keys;

	private final AgentIdentity identity;

	private final Duration ttl;

	private final Fence fence;

	private final List<LeaseListener> listeners = new CopyOnWriteArrayList<>();

	private final ScheduledExecutorService thread = DaemonThreads.single("crony-lease");

	private volatile long leaseId;

	/** How long registering may fail before it is said at WARN. */
	static final Duration REGISTER_WARN_AFTER = Duration.ofSeconds(30);

	// when keepalives began to fail (System.nanoTime), 0 while they succeed; lease thread
	private long unconfirmedSince;

	// when registering began to fail (System.nanoTime), 0 while it has not; lease thread
	private long unregisteredSince;

	private boolean unregisteredWarned;

	private volatile boolean closed;

	public LeaseKeeper(Client etcd, CronyKeys keys, AgentIdentity identity, Duration ttl, Fence fence) {
		this.etcd = etcd;
		this.keys = keys;
		this.identity = identity;
		this.ttl = ttl;
		this.fence = fence;
	}

	public void addListener(LeaseListener listener) {
		this.listeners.add(listener);
	}

	public void start() {
		this.thread.execute(this::register);
	}

	public long leaseId() {
		return this.leaseId;
	}

	private void register() {
		if (this.closed) {
			return;
		}
		try {
			long grantedAt = System.nanoTime();
			long id = this.etcd.getLeaseClient().grant(this.ttl.toSeconds()).get(5, TimeUnit.SECONDS).getID();
			ByteSequence key = bytes(this.keys.node(this.identity.id()));
			// with the node key goes the mark of an earlier graceful stop: from now on
			// this agent may fire again, so the mark no longer speaks for it
			this.etcd.getKVClient()
				.txn()
				.Then(Op.put(key, ByteSequence.from(CronyJson.toBytes(this.identity.info())),
						PutOption.builder().withLeaseId(id).build()),
						Op.delete(bytes(this.keys.stopMark(this.identity.id())), DeleteOption.DEFAULT))
				.commit()
				.get(5, TimeUnit.SECONDS);
			this.leaseId = id;
			this.unregisteredSince = 0;
			this.unregisteredWarned = false;
			// before the reload: fires due while it loads wait for the fence to open
			this.fence.granted(grantedAt);
			logger.info("Agent {} registered under lease {} (ttl {})", this.identity.id(), Long.toHexString(id),
					this.ttl);
			for (LeaseListener listener : this.listeners) {
				listener.leaseGranted(id);
			}
			this.fence.open(grantedAt);
			this.thread.schedule(this::keepAlive, keepAliveInterval(), TimeUnit.MILLISECONDS);
		}
		catch (Exception ex) {
			unregistered(ex);
			this.thread.schedule(this::register, 1, TimeUnit.SECONDS);
		}
	}

	// The first tries may fail while etcd starts or on a busy machine (its first answer
	// slower than 5 s): said at INFO, and at WARN only once it lasts.
	private void unregistered(Exception ex) {
		long now = System.nanoTime();
		if (this.unregisteredSince == 0) {
			this.unregisteredSince = now;
			logger.info("Agent {} cannot register yet, trying again every second: {}", this.identity.id(),
					ex.toString());
		}
		else if (!this.unregisteredWarned && now - this.unregisteredSince >= REGISTER_WARN_AFTER.toNanos()) {
			this.unregisteredWarned = true;
			logger.warn("Agent {} still cannot register after {} s, trying again every second: {}", this.identity.id(),
					REGISTER_WARN_AFTER.toSeconds(), ex.toString());
		}
		else {
			logger.debug("Agent {} cannot register yet: {}", this.identity.id(), ex.toString());
		}
	}

	private void keepAlive() {
		if (this.closed) {
			return;
		}
		long sentAt = System.nanoTime();
		try {
			LeaseKeepAliveResponse response = this.etcd.getLeaseClient()
				.keepAliveOnce(this.leaseId)
				.get(keepAliveInterval(), TimeUnit.MILLISECONDS);
			if (response.getTTL() <= 0) {
				leaseLost("ttl " + response.getTTL());
				return;
			}
			this.fence.confirmed(sentAt);
			if (this.unconfirmedSince != 0) {
				logger.info("Agent {} lease {} confirmed again after {} ms without etcd", this.identity.id(),
						Long.toHexString(this.leaseId), (sentAt - this.unconfirmedSince) / 1_000_000);
				this.unconfirmedSince = 0;
			}
		}
		catch (Exception ex) {
			String reason = ex.toString();
			if (reason.contains("NOT_FOUND") || reason.contains("requested lease not found")) {
				leaseLost(reason);
				return;
			}
			if (this.unconfirmedSince == 0) {
				// not a lost lease: only etcd can say that, and claimed fires go on
				// meanwhile
				logger.warn("Agent {} keepalive of lease {} failed, retrying every {} ms: {}", this.identity.id(),
						Long.toHexString(this.leaseId), keepAliveInterval(), reason);
				this.unconfirmedSince = sentAt;
			}
			else {
				logger.debug("Agent {} keepalive of lease {} failed: {}", this.identity.id(),
						Long.toHexString(this.leaseId), reason);
			}
		}
		this.thread.schedule(this::keepAlive, keepAliveInterval(), TimeUnit.MILLISECONDS);
	}

	private void leaseLost(String reason) {
		this.unconfirmedSince = 0;
		this.fence.close();
		logger.warn("Agent {} lost lease {} ({}); stopped firing, registering again", this.identity.id(),
				Long.toHexString(this.leaseId), reason);
		for (LeaseListener listener : this.listeners) {
			listener.leaseLost();
		}
		register();
	}

	private long keepAliveInterval() {
		return Math.max(200, this.ttl.toMillis() / 5);
	}

	@Override
	public void close() {
		this.closed = true;
		this.thread.shutdownNow();
		this.fence.close();
		try {
			if (this.leaseId != 0) {
				this.etcd.getLeaseClient().revoke(this.leaseId).get(2, TimeUnit.SECONDS);
			}
		}
		catch (Exception ex) {
			logger.debug("Agent {} could not revoke lease on close: {}", this.identity.id(), ex.toString());
		}
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

	/** Told about lease changes, on the lease thread. */
	public interface LeaseListener {

		/** A new lease is held; reload everything before the fence opens. */
		void leaseGranted(long leaseId);

		/** The lease is gone; the fence is already closed. */
		default void leaseLost() {
		}

	}

}
