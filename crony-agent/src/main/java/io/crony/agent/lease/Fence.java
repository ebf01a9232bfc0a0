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
 * <p>
 * Nor is a fence not yet open under a lease just granted: the assignment is loading under
 * that lease, and the fence opens as soon as it is loaded ({@link #granted},
 * {@link #opening}). The jobs loaded are this agent's, so what comes due meanwhile (a
 * misfire policy's catch-up fire at the agent's start) waits for that opening.
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

	// the lease the fence opens under next (counted like lease), granted and its
	// assignment loading; 0 when none
	private volatile long opening;

	private volatile long grantedAtNanos;

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
	 * The lease the fence is about to open under (counted like {@link #lease}): it was
	 * granted, the assignment is loading under it, and it may still be alive (granted
	 * less than its TTL ago, as no keepalive is sent before the fence opens); 0 when
	 * none.
	 */
	public long opening() {
		long next = this.opening;
		return (next != 0 && this.nanoClock.getAsLong() - this.grantedAtNanos < this.ttlNanos) ? next : 0;
	}

	/**
	 * Records that etcd granted a new lease at the given time: the assignment is loaded
	 * under it next, and then the fence opens under it ({@link #open}). A grant whose
	 * loading fails is followed by another, which the fence opens under instead.
	 * @param grantedAtNanos {@link System#nanoTime()} when the grant request left
	 */
	public void granted(long grantedAtNanos) {
		this.grantedAtNanos = grantedAtNanos;
		this.opening = this.lease + 1;
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
		// last: a reader that finds no lease opening finds this one open (HeldFires)
		this.opening = 0;
	}

	/** Closes the fence until {@link #open} (the lease is gone). */
	public void close() {
		this.open = false;
		this.opening = 0;
	}

	public boolean isOpen() {
		return this.open;
	}

}
