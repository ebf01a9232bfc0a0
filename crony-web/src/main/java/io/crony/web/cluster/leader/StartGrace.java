package io.crony.web.cluster.leader;

import java.time.Duration;
import java.util.Collection;
import java.util.HashSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.LongSupplier;

import io.crony.web.cluster.membership.AgentLeaseTtls;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The grace a leader gives, at the start of its term, the agents that hold jobs but have
 * no live node key: their jobs stay where they are for one agent lease TTL counted from
 * the term's start, and are failed over only if the agent has not come back by then. The
 * TTL is read from etcd as the count is to start: the longest granted to the leases of
 * the agents alive then ({@link AgentLeaseTtls}). The read does not hold the decision
 * thread, which goes on deciding (failing over the agents lost in the term among others):
 * the count starts once the answer is there, and the jobs of the awaited agents wait
 * meanwhile, which errs towards waiting. The awaited agents' own leases are gone, so
 * theirs cannot be read; the agents share {@code crony.agent.lease-ttl} as a rule, and
 * the longest of the live ones is the one that errs towards waiting. A leader that starts
 * over a kept state (everything restarted, crony-web first) finds every agent's key gone
 * with its lease; without the grace it moved the jobs of the first agent back onto it,
 * and the agent they belonged to came back to nothing, a few seconds later.
 * <p>
 * While no agent at all is alive nothing can be failed over anyway, so then the count
 * starts when the first agent is: after a full restart the agents start some time after
 * crony-web (on a loaded machine {@code make run}'s registered 36 s after the leader's
 * start) and come back close together.
 * <p>
 * Only agents this term has never seen alive wait: one whose key goes while the term is
 * in office (it was in a snapshot before) is failed over at once, as before, so a leader
 * in office still moves a dead agent's jobs within its lease TTL plus the move. Waiting
 * cannot run a fire twice, whoever led before: the node key is put under the agent's
 * lease, so no key means no lease (expired or revoked). An agent that etcd told so has
 * closed its fence, released its claims and fires nothing until it registers again, which
 * puts its key back (then it is here, and keeps its jobs). One that cannot hear etcd
 * closed its fence {@code lease-ttl - fencing-margin} after its last confirmed keepalive,
 * before etcd could expire the lease; from then on it starts only fires it claimed in the
 * database, and claims only jobs table {@code job} places on it: each such fire is one
 * row under a unique key, so it runs once, there, and the grace only lets it go on until
 * the move. Nobody else holds the job meanwhile. The cost is time: a leader change adds
 * up to one agent lease TTL to the failover of an agent that was gone before the new
 * leader's term began.
 * <p>
 * Only the term's decision thread uses it; the read's answer, where it arrives, only
 * fixes the grace's end and wakes that thread.
 */
final class StartGrace {

	private static final Logger log = LoggerFactory.getLogger(StartGrace.class);

	private static final long NOT_STARTED = Long.MIN_VALUE;

	private final LongSupplier nanoClock;

	private final Function<Collection<String>, CompletableFuture<Optional<Duration>>> agentLeaseTtl;

	/** Run when a read of the agents' lease TTL has answered one. */
	private final Runnable whenRead;

	/**
	 * The read of the agents' lease TTL under way, null when none is: it answers when the
	 * grace ends, counted from the answer's arrival, or empty when none could be read.
	 */
	private CompletableFuture<OptionalLong> reading;

	/**
	 * When the grace ends; {@link #NOT_STARTED} while no agent was alive in the term or
	 * their lease TTL was not read yet.
	 */
	private long endsAtNanos = NOT_STARTED;

	/** Agents seen alive in this term: their loss is failed over at once. */
	private final Set<String> seenAlive = new HashSet<>();

	/** Agents whose jobs were kept waiting for them. */
	private final Set<String> awaited = new HashSet<>();

	private boolean over;

	private boolean returned;

	/**
	 * @param agentLeaseTtl reads the longest lease TTL etcd granted among these live
	 * agents, without waiting: empty when none could be read, never failed
	 * ({@link AgentLeaseTtls#longest})
	 * @param nanoClock {@link System#nanoTime()} or a test's clock
	 * @param whenRead run (on whichever thread the answer comes) once a read has answered
	 * a TTL, to wake the decision thread
	 */
	StartGrace(Function<Collection<String>, CompletableFuture<Optional<Duration>>> agentLeaseTtl,
			LongSupplier nanoClock, Runnable whenRead) {
		this.nanoClock = nanoClock;
		this.agentLeaseTtl = agentLeaseTtl;
		this.whenRead = whenRead;
	}

	/**
	 * Records the agents alive in a snapshot of this term. The first snapshot with any
	 * starts the read of their longest lease TTL: the term's first, unless no agent was
	 * alive at its start. The count starts, that TTL long, when the answer arrives (taken
	 * by this or a later call, or by {@link #awaits}); while none of their leases can be
	 * read (gone since the snapshot, or etcd not answering) the count does not start, as
	 * when no agent is alive, and the next snapshot asks again: the jobs wait meanwhile,
	 * which costs time and never runs a fire twice.
	 */
	void seen(Collection<String> alive) {
		startCountIfRead();
		if (this.endsAtNanos == NOT_STARTED && this.reading == null && !alive.isEmpty()) {
			this.reading = this.agentLeaseTtl.apply(alive)
				.exceptionally((failure) -> Optional.empty())
				.thenApply(this::endFromNow);
			// an empty answer waits for the next snapshot: woken, the thread would read
			// again at once, and again, while the leases cannot be read
			this.reading.thenAccept((endsAt) -> endsAt.ifPresent((nanos) -> this.whenRead.run()));
			startCountIfRead();
		}
		this.seenAlive.addAll(alive);
		for (String agentId : alive) {
			if (this.awaited.remove(agentId)) {
				this.returned = true;
				log.info("Agent {} came back within the leader's start grace: it keeps its jobs", agentId);
			}
		}
	}

	/**
	 * Whether the jobs of an agent without a live key wait for it to come back: it was
	 * not seen alive in this term and the grace has not ended (nor begun: no agent alive
	 * yet, or their lease TTL not read yet).
	 */
	boolean awaits(String agentId) {
		if (this.over || this.seenAlive.contains(agentId)) {
			return false;
		}
		startCountIfRead();
		if (this.endsAtNanos != NOT_STARTED && this.nanoClock.getAsLong() - this.endsAtNanos >= 0) {
			this.over = true;
			this.awaited.clear();
			return false;
		}
		if (this.awaited.add(agentId)) {
			log.info(
					"Agent {} holds jobs but has no live key at the leader's start: they wait for it up to one "
							+ "agent lease TTL after the first agent is alive in the term ({})",
					agentId,
					(this.endsAtNanos != NOT_STARTED)
							? Duration.ofNanos(this.endsAtNanos - this.nanoClock.getAsLong()) + " left"
							: "not counting yet");
		}
		return true;
	}

	/**
	 * When a grace of this length ends, counted from now: run where the read's answer
	 * arrives, so that the count does not wait for the decision thread's step to end.
	 */
	private OptionalLong endFromNow(Optional<Duration> ttl) {
		if (ttl.isEmpty()) {
			return OptionalLong.empty();
		}
		log.info("Leader's start grace for agents without a live key: {}, their lease TTL", ttl.get());
		return OptionalLong.of(this.nanoClock.getAsLong() + ttl.get().toNanos());
	}

	/**
	 * Takes the grace's end once the read of the agents' lease TTL has answered one; an
	 * empty answer lets the next snapshot read again.
	 */
	private void startCountIfRead() {
		if (this.reading != null && this.reading.isDone()) {
			this.reading.join().ifPresent((endsAt) -> this.endsAtNanos = endsAt);
			this.reading = null;
		}
	}

	/**
	 * Whether an awaited agent came back since the last call: its jobs were kept without
	 * knowing its labels, so they are to be compared again.
	 */
	boolean takeReturned() {
		boolean was = this.returned;
		this.returned = false;
		return was;
	}

}
