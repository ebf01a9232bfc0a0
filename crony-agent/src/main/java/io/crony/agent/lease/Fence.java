package io.crony.agent.lease;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Decides whether this agent may start new runs: only while its lease was confirmed by
 * etcd less than {@code ttl - margin} ago. The confirmation time is when the keepalive
 * request was <em>sent</em>, not answered, so the agent's view of its lease never
 * outlives the server's. After a lease is lost the fence stays closed until a new lease
 * is granted and the assignment reloaded under it ({@link #open}).
 * <p>
 * A closed fence is not yet a lost lease: until {@code ttl} has passed since the last
 * confirmation the server may still hold it ({@link #leaseMayLive}), and a late keepalive
 * that confirms it opens the fence again under the same lease ({@link #lease}).
 */
public final class Fence {

	private final Duration ttl;

	private final Duration margin;

	private final long validNanos;

	private final long ttlNanos;

	private final LongSupplier nanoClock;

	private volatile long confirmedAtNanos;

	private volatile boolean open;

	// counts the leases this fence was opened under
	private volatile long lease;

	public Fence(Duration ttl, Duration margin, LongSupplier nanoClock) {
		this.ttl = ttl;
		this.margin = margin;
		this.validNanos = ttl.minus(margin).toNanos();
		this.ttlNanos = ttl.toNanos();
		this.nanoClock = nanoClock;
	}

	public Fence(Duration ttl, Duration margin) {
		this(ttl, margin, System::nanoTime);
	}

	/** The lease's TTL ({@code crony.agent.lease-ttl}). */
	public Duration ttl() {
		return this.ttl;
	}

	/**
	 * How long before its lease may expire this agent stops firing
	 * ({@code crony.agent.fencing-margin}).
	 */
	public Duration margin() {
		return this.margin;
	}

	/** Whether new runs may start now. */
	public boolean mayFire() {
		return this.open && this.nanoClock.getAsLong() - this.confirmedAtNanos < this.validNanos;
	}

	/**
	 * Whether the lease the fence was last opened under may still be alive on the server:
	 * not known lost, and confirmed less than its TTL ago.
	 */
	public boolean leaseMayLive() {
		return this.open && this.nanoClock.getAsLong() - this.confirmedAtNanos < this.ttlNanos;
	}

	/**
	 * Which lease the fence was last opened under (a count, not etcd's id): a fire held
	 * back under one lease must not start under the next.
	 */
	public long lease() {
		return this.lease;
	}

	/**
	 * Records that etcd confirmed the lease at a keepalive sent at the given time.
	 * @param sentAtNanos {@link System#nanoTime()} when the request left
	 */
	public void confirmed(long sentAtNanos) {
		if (sentAtNanos - this.confirmedAtNanos > 0) {
			this.confirmedAtNanos = sentAtNanos;
		}
	}

	/** Opens the fence (a fresh lease is held and the assignment is loaded under it). */
	public void open(long grantedAtNanos) {
		this.confirmedAtNanos = grantedAtNanos;
		this.lease++;
		this.open = true;
	}

	/** Closes the fence until {@link #open} (the lease is gone). */
	public void close() {
		this.open = false;
	}

	public boolean isOpen() {
		return this.open;
	}

}
