package io.crony.web.cluster.assignment;

import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The agent each job's key was last deleted from, and when, for as long as a new holder's
 * look-back could reach instants that agent ran unrecorded: a placement of the job in
 * that time names it as the former holder, as a move does.
 * <p>
 * The leader deletes a job's key when the job is disabled or its selector matches no
 * agent, and creates one when it is enabled again or an agent matches. An agent cut off
 * from etcd and MariaDB does not see the delete: it fires the job from its spool up to
 * its fence, {@code lease-ttl - fencing-margin} after its last keepalive. A new placement
 * naming no former holder was judged by the agent of the job's last run alone; when that
 * was another agent (one that stopped gracefully, or the new holder itself), the new
 * holder ran by the misfire policy instants the cut-off agent had run, and its spool's
 * replay recorded them again. Named, the cut-off agent is judged as a move's former
 * holder (crony-agent's {@code FormerHolderFires}): not registered and without a stop
 * mark, it is left the missed instants of the look-back; still registered, the job goes
 * by the rules of a live move.
 * <p>
 * How long: the agents' look-back ({@code 3 x lease-ttl + leader-lease-ttl}) plus one
 * lease TTL, {@code 4 x lease-ttl + leader-lease-ttl} (50 s by default), with the agents'
 * lease TTL as etcd granted it. The holder's last keepalive came before the delete (after
 * it, it would have heard of the delete), so its fence closed within a lease TTL of the
 * delete and all it may have run unrecorded lies before that: the look-back of an arrival
 * later than this reaches none of it, and naming the holder then would only leave it
 * instants nobody ran. Until the agents' lease TTL has been read there is no bound: a
 * delete is remembered until a newer delete of the job replaces it, which errs towards
 * leaving instants to the former holder (recorded MISSED, never run twice).
 * <p>
 * The memory is this web instance's: a leader change loses it, and the placement after
 * the change names no former holder (the agent of the job's last run is judged, as
 * before). It holds at most one entry per job, of some 100 bytes; entries past the bound
 * go at the next delete or placement (a mass disable of a million jobs holds some 100 MB
 * until then). Thread-safe: deletes commit on etcd's threads, placements are decided on
 * the leader's.
 */
public final class LeftHolders {

	/**
	 * Agent lease TTLs remembered besides the leader's: three in the agents' look-back
	 * (crony-agent's {@code FormerHolderFires}), one to the holder's fence.
	 */
	private static final int LEASE_TTLS = 4;

	private final Supplier<Optional<Duration>> agentLeaseTtl;

	private final Duration leaderLeaseTtl;

	private final LongSupplier nanoClock;

	/** By job, oldest delete first. */
	private final Map<Long, Left> byJob = new LinkedHashMap<>();

	/**
	 * @param agentLeaseTtl the agents' lease TTL as etcd granted it, empty while not read
	 * @param leaderLeaseTtl the web leader's lease TTL
	 * @param nanoClock {@link System#nanoTime()} or a test's clock
	 */
	public LeftHolders(Supplier<Optional<Duration>> agentLeaseTtl, Duration leaderLeaseTtl, LongSupplier nanoClock) {
		this.agentLeaseTtl = agentLeaseTtl;
		this.leaderLeaseTtl = leaderLeaseTtl;
		this.nanoClock = nanoClock;
	}

	/** The job's key on this agent was deleted (committed). */
	public synchronized void left(long jobId, String agentId) {
		long now = this.nanoClock.getAsLong();
		forgetOlderThan(now);
		this.byJob.remove(jobId);
		this.byJob.put(jobId, new Left(agentId, now));
	}

	/**
	 * The agent to name as the former holder of a job placed now on an agent, null when
	 * none: its key was deleted from another agent recently enough (see the class).
	 */
	public synchronized String formerHolder(long jobId, String toAgent) {
		forgetOlderThan(this.nanoClock.getAsLong());
		Left left = this.byJob.get(jobId);
		return (left == null || left.agentId().equals(toAgent)) ? null : left.agentId();
	}

	private void forgetOlderThan(long now) {
		Optional<Duration> kept = this.agentLeaseTtl.get()
			.map((ttl) -> ttl.multipliedBy(LEASE_TTLS).plus(this.leaderLeaseTtl));
		if (kept.isEmpty()) {
			return;
		}
		long oldest = now - kept.get().toNanos();
		Iterator<Left> lefts = this.byJob.values().iterator();
		while (lefts.hasNext()) {
			if (lefts.next().atNanos() - oldest >= 0) {
				return;
			}
			lefts.remove();
		}
	}

	private record Left(String agentId, long atNanos) {

	}

}
