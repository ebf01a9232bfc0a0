package io.crony.agent.lease;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.GrantedLeaseTtl;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.election.NoLeaderException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The web leader's lease TTL, read from etcd: the leader key of the web instances'
 * election ({@link CronyKeys#webElection()}) is under the leader's lease, and etcd tells
 * the TTL it granted ({@link GrantedLeaseTtl}), crony-web's
 * {@code crony.web.cluster.leader-lease-ttl}. It is part of how long a job's failover may
 * take ({@code FormerHolderFires}), so the agent follows the web's setting without a
 * setting of its own.
 * <p>
 * Read in the background, at the start and then every {@link #REFRESH}, never on the
 * firing path: the engine takes the last value read. A web instance's TTL changes only
 * with its restart, so a value at most {@link #REFRESH} old is the one in force. With no
 * leader key (no web instance leads: between two terms, or crony-web down) the last value
 * read is kept, as the next leader is one of the same instances. Before any was read
 * (etcd has had no leader since the agent started, or could not be asked) it is empty,
 * and the engine then takes the look-back as unbounded: every missed instant up to the
 * former holder's fence is left to it, the stricter rule (no instant run twice), at the
 * cost of running none of them here.
 */
public final class LeaderLeaseTtl implements Supplier<Optional<Duration>>, AutoCloseable {

	private static final Logger logger = LoggerFactory.getLogger(LeaderLeaseTtl.class);

	/** How often the leader's lease is read. */
	public static final Duration REFRESH = Duration.ofSeconds(30);

	private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

	private final Client etcd;

	private final ByteSequence election;

	private final AtomicBoolean reading = new AtomicBoolean();

	private volatile Duration last;

	private volatile ScheduledFuture<?> schedule;

	public LeaderLeaseTtl(Client etcd, CronyKeys keys) {
		this.etcd = etcd;
		this.election = ByteSequence.from(keys.webElection(), StandardCharsets.UTF_8);
	}

	/** The leader's lease TTL last read; empty before any was. */
	@Override
	public Optional<Duration> get() {
		return Optional.ofNullable(this.last);
	}

	/**
	 * Reads it now and every {@link #REFRESH} on this timer (the reads do not hold it).
	 */
	public void start(ScheduledExecutorService timer) {
		this.schedule = timer.scheduleWithFixedDelay(this::refresh, 0, REFRESH.toMillis(), TimeUnit.MILLISECONDS);
	}

	/**
	 * Reads the leader key's lease once, unless a read is under way: the answer replaces
	 * the value kept, which stays when there is no leader or etcd does not answer.
	 * @return the value kept once the read ended
	 */
	public CompletableFuture<Optional<Duration>> refresh() {
		if (!this.reading.compareAndSet(false, true)) {
			return CompletableFuture.completedFuture(get());
		}
		CompletableFuture<Optional<Duration>> read;
		try {
			read = this.etcd.getElectionClient()
				.leader(this.election)
				// a lease expired or revoked since the leader key was read has no granted
				// TTL
				.thenCompose((answer) -> GrantedLeaseTtl.read(this.etcd, leaseOf(answer.getKv())));
		}
		catch (RuntimeException ex) {
			// a closed client: thrown out of the timer's task it would end the refreshes
			read = CompletableFuture.failedFuture(ex);
		}
		return read
			// a read that hangs must not keep every later one from starting
			.orTimeout(READ_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
			.handle((ttl, failure) -> {
				this.reading.set(false);
				if (failure != null) {
					Throwable cause = (failure instanceof CompletionException) ? failure.getCause() : failure;
					if (cause instanceof NoLeaderException) {
						logger.debug("No web leader in etcd: its lease TTL stays {}", this.last);
					}
					else {
						logger.info("Web leader's lease TTL not read, stays {}: {}", this.last, cause.toString());
					}
				}
				else if (ttl.isPresent() && !ttl.get().equals(this.last)) {
					logger.info("Web leader's lease TTL is {}", ttl.get());
					this.last = ttl.get();
				}
				return get();
			});
	}

	private static long leaseOf(KeyValue leader) {
		return (leader != null) ? leader.getLease() : 0;
	}

	@Override
	public void close() {
		ScheduledFuture<?> scheduled = this.schedule;
		if (scheduled != null) {
			scheduled.cancel(false);
		}
	}

}
