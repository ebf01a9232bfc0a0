package io.crony.web.cluster.membership;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.crony.web.support.PeriodicTask;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.lease.LeaseTimeToLiveResponse;
import io.etcd.jetcd.options.LeaseOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When each agent was last seen alive: when etcd last renewed the lease its key is under,
 * which the agent's keepalives do (every lease TTL / 5, 2 s by default). Every web
 * instance asks etcd for each live agent's lease ({@code LeaseTimeToLive}) every
 * {@code crony.web.cluster.liveness-refresh} (2 s) and takes the last renewal as the
 * instant asked minus the time the lease has run down (granted TTL minus remaining TTL).
 * The answer is in whole seconds, cut down, so the estimate is never later than the real
 * renewal; the latest estimate is kept. A frozen (SIGSTOP) or killed agent's lease runs
 * down without renewals, so its last-seen instant stops where its last keepalive was,
 * until the lease expires and its key goes; the leader then records that instant in table
 * {@code agent} as it marks the agent OFFLINE.
 * <p>
 * Why reads of the lease and not a heartbeat key the agent puts: every put is an etcd
 * write, committed through raft on every member with an fsync, a new revision kept until
 * compaction, and an event sent to every web instance's watch of the node keys (the
 * registry's). 500 agents beating every 2 s would be 250 writes a second doing nothing
 * but say "still here", which the keepalives already say. A lease read is answered from
 * the etcd leader's memory (a follower forwards it), writes nothing and is watched by
 * nobody: 500 agents cost each web instance 250 small reads a second, and the agents
 * nothing at all beyond the keepalives they send anyway.
 */
public class AgentLiveness extends PeriodicTask {

	private static final Logger log = LoggerFactory.getLogger(AgentLiveness.class);

	/** Lease reads in flight at once. */
	private static final int IN_FLIGHT = 256;

	/** How long an agent that went away is still remembered (for the leader's record). */
	private static final long FORGET_AFTER_MILLIS = Duration.ofMinutes(10).toMillis();

	private final Client client;

	private final AgentRegistry registry;

	private final Duration refresh;

	private final Clock clock;

	private final Map<String, Seen> seen = new ConcurrentHashMap<>();

	public AgentLiveness(Client client, AgentRegistry registry, Duration refresh, Clock clock) {
		super("crony-agent-liveness", "Reading the agents' leases");
		this.client = client;
		this.registry = registry;
		this.refresh = refresh;
		this.clock = clock;
	}

	/**
	 * The last renewal of the agent's lease seen, also for an agent whose key went away
	 * within the last minutes.
	 */
	public Optional<Instant> lastSeen(String agentId) {
		Seen last = this.seen.get(agentId);
		return (last != null) ? Optional.of(Instant.ofEpochMilli(last.atMillis())) : Optional.empty();
	}

	@Override
	protected Duration initialDelay() {
		return Duration.ZERO;
	}

	@Override
	protected Duration interval() {
		return Duration.ofMillis(Math.max(100, this.refresh.toMillis()));
	}

	/** Starts after the registry it reads, stops before it. */
	@Override
	public int getPhase() {
		return Integer.MAX_VALUE - 150;
	}

	@Override
	protected void round() {
		try {
			refresh();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** Reads every live agent's lease once. */
	void refresh() throws InterruptedException {
		Map<String, Long> leases = this.registry.leases();
		List<Map.Entry<String, Long>> agents = new ArrayList<>(leases.entrySet());
		for (int from = 0; from < agents.size(); from += IN_FLIGHT) {
			List<Map.Entry<String, Long>> chunk = agents.subList(from, Math.min(agents.size(), from + IN_FLIGHT));
			long askedAt = this.clock.millis();
			List<CompletableFuture<Void>> reads = new ArrayList<>(chunk.size());
			for (Map.Entry<String, Long> agent : chunk) {
				if (agent.getValue() == 0) {
					continue;
				}
				reads.add(this.client.getLeaseClient()
					.timeToLive(agent.getValue(), LeaseOption.DEFAULT)
					.thenAccept((answer) -> observe(agent.getKey(), askedAt, answer)));
			}
			try {
				CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).get(5, TimeUnit.SECONDS);
			}
			catch (ExecutionException | TimeoutException ex) {
				log.debug("Some agent leases not read: {}", ex.toString());
			}
		}
		forgetGone(leases.keySet());
	}

	private void observe(String agentId, long askedAt, LeaseTimeToLiveResponse answer) {
		if (answer.getTTL() <= 0 || answer.getGrantedTTL() <= 0) {
			// expired or revoked: the key goes with it, the last renewal seen stays
			return;
		}
		long renewedAt = askedAt - Math.max(0, answer.getGrantedTTL() - answer.getTTL()) * 1000;
		this.seen.merge(agentId, new Seen(renewedAt, 0),
				(old, now) -> new Seen(Math.max(old.atMillis(), now.atMillis()), 0));
	}

	private void forgetGone(Set<String> live) {
		long now = this.clock.millis();
		this.seen.replaceAll((id, last) -> {
			if (live.contains(id)) {
				return (last.goneSinceMillis() == 0) ? last : new Seen(last.atMillis(), 0);
			}
			return (last.goneSinceMillis() != 0) ? last : new Seen(last.atMillis(), now);
		});
		this.seen.entrySet()
			.removeIf((entry) -> entry.getValue().goneSinceMillis() != 0
					&& now - entry.getValue().goneSinceMillis() > FORGET_AFTER_MILLIS);
	}

	/**
	 * @param atMillis the latest renewal of the agent's lease seen
	 * @param goneSinceMillis when its key was first found gone, 0 while it is live
	 */
	private record Seen(long atMillis, long goneSinceMillis) {
	}

}
