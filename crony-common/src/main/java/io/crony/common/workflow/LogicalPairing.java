package io.crony.common.workflow;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;

import io.crony.common.schedule.PreviousFire;
import io.crony.common.schedule.Schedule;

/**
 * Which runs of an upstream a downstream run waits for, by logical instant (a run's
 * scheduled instant), never by which run finished when (docs/workflows.md, "Pairing by
 * logical instant"). The downstream's instant {@code T} covers the interval
 * {@code (prev(T), T]}, {@code prev} its schedule's instant before {@code T}, moved back
 * by the dependency's offset. It pairs with:
 * <ul>
 * <li>every upstream instant inside that interval: one for the same period, each of them
 * for a finer upstream (a daily report waits for all 24 hourly loads of its day);</li>
 * <li>when none falls inside (a coarser upstream), the upstream's latest instant at or
 * before the interval's end (an hourly job waits for the latest daily load).</li>
 * </ul>
 * An interval holding more than {@link #MAX_INSTANTS} upstream instants pairs with its
 * latest {@value #MAX_INSTANTS}: the gate reads each paired run, and an every-second feed
 * of a daily job would be 86,400 reads per look.
 * <p>
 * It lives here, in the contract, so that the one rule is what crony-web's leader gates
 * fires by and what the workflow soak (crony-system-tests) checks a target's calls
 * against.
 */
public final class LogicalPairing {

	/** The most upstream instants one downstream instant pairs with. */
	public static final int MAX_INSTANTS = 1000;

	private LogicalPairing() {
	}

	/**
	 * @param downstream the downstream job's schedule
	 * @param instant the downstream run's logical instant, one of its schedule's
	 * @param upstream the upstream job's schedule
	 * @param offset how far back the dependency looks (zero: the same interval;
	 * {@code P1D}: "yesterday's run of the upstream")
	 * @return the upstream's logical instants the run waits for, ascending; empty only
	 * when the upstream has no instant at or before the interval's end
	 */
	public static List<Instant> upstreamInstants(Schedule downstream, Instant instant, Schedule upstream,
			Duration offset) {
		Instant end = instant.minus(offset);
		Instant previous = PreviousFire.before(downstream, instant);
		if (!previous.equals(Instant.EPOCH)) {
			List<Instant> inside = inside(upstream, previous.minus(offset), end);
			if (!inside.isEmpty()) {
				return inside;
			}
		}
		Instant latest = PreviousFire.before(upstream, end.plusSeconds(1));
		return latest.equals(Instant.EPOCH) ? List.of() : List.of(latest);
	}

	/**
	 * Same dependency, no offset.
	 * @param downstream the downstream job's schedule
	 * @param instant the downstream run's logical instant
	 * @param upstream the upstream job's schedule
	 * @return the upstream's logical instants the run waits for, ascending
	 */
	public static List<Instant> upstreamInstants(Schedule downstream, Instant instant, Schedule upstream) {
		return upstreamInstants(downstream, instant, upstream, Duration.ZERO);
	}

	// the upstream's instants in (from, to], the latest MAX_INSTANTS of them
	private static List<Instant> inside(Schedule upstream, Instant from, Instant to) {
		ArrayDeque<Instant> instants = new ArrayDeque<>();
		Optional<Instant> next = upstream.nextFireAfter(from);
		while (next.isPresent() && !next.get().isAfter(to)) {
			instants.add(next.get());
			if (instants.size() > MAX_INSTANTS) {
				instants.removeFirst();
			}
			next = upstream.nextFireAfter(next.get());
		}
		return List.copyOf(instants);
	}

}
