package io.crony.agent.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.function.Predicate;

import io.crony.agent.lease.Fence;
import io.crony.agent.metrics.AgentMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fires the dispatch thread found due while the fence was closed. A closed fence is not a
 * lost lease: a keepalive late on a busy machine leaves the lease unconfirmed for a
 * moment while the server still holds it, and nobody else can hold its jobs. So a fire
 * waits while its lease may live; if a keepalive confirms that same lease, the fire
 * starts late (releasing it instead would lose it: its job stays here, and no other agent
 * takes it). Once the lease is lost, certainly expired, or replaced by a new one, the
 * fire is given up, and a claimed one is released for the job's next holder.
 * <p>
 * A fire due after a new lease was granted and before the fence opens under it waits for
 * that opening the same way ({@link Fence#opening}): the assignment is loading under the
 * new lease, and the engine already holds the jobs it loaded, so a fire of theirs can
 * come due first (a misfire policy's catch-up fire at the agent's start, claimed while
 * the reload reads once requests and opens its watches). It is this agent's to run once
 * the fence opens; given up, it was released as if the lease were lost, and nobody took
 * it, as the job stayed here. It starts at that opening only, and is given up once no
 * lease granted less than a TTL ago is about to open the fence. Dispatch thread only.
 */
final class HeldFires {

	/** How often held fires look at the fence again. */
	static final long RECHECK_MILLIS = 100;

	private static final Logger logger = LoggerFactory.getLogger(HeldFires.class);

	private final Fence fence;

	private final AgentMetrics metrics;

	private final List<Held> held = new ArrayList<>();

	private final List<Fire> givenUp = new ArrayList<>();

	HeldFires(Fence fence, AgentMetrics metrics) {
		this.fence = fence;
		this.metrics = metrics;
	}

	boolean isEmpty() {
		return this.held.isEmpty();
	}

	/** A fire is due and the fence is closed: it waits, or is given up at once. */
	void hold(Fire fire) {
		// the lease opening read first: one that opened since is then seen alive
		long opening = this.fence.opening();
		if (opening != 0) {
			if (this.held.isEmpty()) {
				logger.info("Engine holds back fires from {}: the fence opens once the assignment is loaded", fire);
			}
			this.held.add(new Held(fire, opening));
		}
		else if (this.fence.leaseMayLive()) {
			if (this.held.isEmpty()) {
				logger.info("Engine holds back fires from {}: lease not confirmed yet", fire);
			}
			this.held.add(new Held(fire, this.fence.lease()));
		}
		else {
			this.givenUp.add(fire);
		}
		// counted after the decision: whoever sees the count sees the fire held or given
		// up
		this.metrics.fenced();
	}

	/**
	 * Puts the held fires back into {@code due} once the fence opened under their lease,
	 * or gives them up once that lease is gone. While the lease may live unconfirmed, a
	 * held fire goes back once it may start on its claim ({@code startsNow}): a fire
	 * claimed by its window alone is held until a held-only ask confirms its instant
	 * ({@link FireGate}).
	 */
	void recheck(Queue<Fire> due, Predicate<Fire> startsNow) {
		if (this.held.isEmpty()) {
			return;
		}
		// The fence read once: read again, a fence closing in between looked like a lease
		// lost, and fires of a live lease were given up. The lease opening is read first:
		// one that opens between the reads is then seen open, not gone.
		long opening = this.fence.opening();
		boolean open = this.fence.mayFire();
		if (!open && this.fence.leaseMayLive()) {
			this.held.removeIf((each) -> {
				boolean starts = each.lease() != opening && startsNow.test(each.fire());
				if (starts) {
					due.add(each.fire());
				}
				return starts;
			});
			return;
		}
		long lease = this.fence.lease();
		List<Held> waiting = new ArrayList<>();
		int resumed = 0;
		for (Held each : this.held) {
			if (open && each.lease() == lease) {
				due.add(each.fire());
				resumed++;
			}
			else if (!open && each.lease() == opening) {
				waiting.add(each);
			}
			else {
				this.givenUp.add(each.fire());
			}
		}
		int givenUp = this.held.size() - resumed - waiting.size();
		if (resumed + givenUp > 0) {
			logger.info("Engine's lease {}: {} held fires start late, {} are given up", open ? "confirmed" : "lost",
					resumed, givenUp);
		}
		this.held.clear();
		this.held.addAll(waiting);
	}

	/** Fires given up since the last call; they are never started here. */
	List<Fire> takeGivenUp() {
		List<Fire> fires = List.copyOf(this.givenUp);
		this.givenUp.clear();
		return fires;
	}

	/** The fires still held, taken out: the dispatch thread ends. */
	List<Fire> takeHeld() {
		List<Fire> fires = new ArrayList<>();
		this.held.forEach((each) -> fires.add(each.fire()));
		this.held.clear();
		return fires;
	}

	private record Held(Fire fire, long lease) {
	}

}
