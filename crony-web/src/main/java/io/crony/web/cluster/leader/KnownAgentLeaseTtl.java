package io.crony.web.cluster.leader;

import java.time.Duration;
import java.util.Collection;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import io.crony.web.cluster.membership.AgentLeaseTtls;

/**
 * The agents' lease TTL as etcd last granted it to the live agents
 * ({@link AgentLeaseTtls}), for {@code LeftHolders}, which must not wait for etcd: asking
 * answers what is known at once (empty before the first answer) and starts a read when
 * none is known or the last is older than a minute, so a TTL the agents changed is
 * followed. One read at a time; a read that answers nothing keeps what was known.
 */
final class KnownAgentLeaseTtl implements Supplier<Optional<Duration>> {

	private static final long REREAD_NANOS = TimeUnit.MINUTES.toNanos(1);

	private final Function<Collection<String>, CompletableFuture<Optional<Duration>>> read;

	private final Supplier<Collection<String>> alive;

	private final LongSupplier nanoClock;

	private final AtomicBoolean reading = new AtomicBoolean();

	private volatile Optional<Duration> known = Optional.empty();

	private volatile long readAtNanos;

	/**
	 * @param read reads the longest lease TTL etcd granted among these agents, without
	 * waiting ({@link AgentLeaseTtls#longest})
	 * @param alive the agents alive now
	 * @param nanoClock {@link System#nanoTime()} or a test's clock
	 */
	KnownAgentLeaseTtl(Function<Collection<String>, CompletableFuture<Optional<Duration>>> read,
			Supplier<Collection<String>> alive, LongSupplier nanoClock) {
		this.read = read;
		this.alive = alive;
		this.nanoClock = nanoClock;
	}

	@Override
	public Optional<Duration> get() {
		long now = this.nanoClock.getAsLong();
		boolean stale = this.known.isEmpty() || now - this.readAtNanos > REREAD_NANOS;
		if (stale && this.reading.compareAndSet(false, true)) {
			Collection<String> agents = this.alive.get();
			if (agents.isEmpty()) {
				this.reading.set(false);
			}
			else {
				this.read.apply(agents).whenComplete((ttl, failure) -> {
					if (failure == null && ttl.isPresent()) {
						this.known = ttl;
						this.readAtNanos = this.nanoClock.getAsLong();
					}
					this.reading.set(false);
				});
			}
		}
		return this.known;
	}

}
