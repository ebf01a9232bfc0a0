package io.crony.web.cluster.membership;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.lease.LeaseTimeToLiveResponse;
import io.etcd.jetcd.options.LeaseOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease TTL the agents registered with, read from etcd: each live agent's node key is
 * under its lease, and etcd tells the TTL it granted ({@code LeaseTimeToLive}), which is
 * the agent's {@code crony.agent.lease-ttl} (or etcd's minimum TTL, if that is longer).
 * Nothing on the web side has to repeat the agents' setting, so an agent's TTL raised
 * there is followed here without a second change.
 */
public class AgentLeaseTtls {

	private static final Logger log = LoggerFactory.getLogger(AgentLeaseTtls.class);

	/** Lease reads in flight at once. */
	private static final int IN_FLIGHT = 256;

	private static final long TIMEOUT_SECONDS = 5;

	private final Client client;

	private final AgentRegistry registry;

	public AgentLeaseTtls(Client client, AgentRegistry registry) {
		this.client = client;
		this.registry = registry;
	}

	/**
	 * The longest lease TTL etcd granted among these agents: empty when none of them has
	 * a live lease any more (gone since the registry saw them) or etcd could not tell.
	 * @param agentIds agents the registry holds alive
	 */
	public Optional<Duration> longest(Collection<String> agentIds) {
		Map<String, Long> leases = this.registry.leases();
		List<Long> ids = agentIds.stream().map(leases::get).filter((id) -> id != null && id != 0).toList();
		long longest = 0;
		for (int from = 0; from < ids.size(); from += IN_FLIGHT) {
			List<CompletableFuture<LeaseTimeToLiveResponse>> reads = new ArrayList<>();
			for (long lease : ids.subList(from, Math.min(ids.size(), from + IN_FLIGHT))) {
				reads.add(this.client.getLeaseClient().timeToLive(lease, LeaseOption.DEFAULT));
			}
			try {
				CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
			}
			catch (ExecutionException | TimeoutException ex) {
				log.debug("Some agent lease TTLs not read: {}", ex.toString());
			}
			catch (InterruptedException ex) {
				// the caller's loop is stopping: it sees the flag
				Thread.currentThread().interrupt();
				return Optional.empty();
			}
			for (CompletableFuture<LeaseTimeToLiveResponse> read : reads) {
				LeaseTimeToLiveResponse answer = read.isDone() && !read.isCompletedExceptionally() ? read.join() : null;
				// an expired or revoked lease answers TTL -1 and no granted TTL
				if (answer != null && answer.getTTL() > 0) {
					longest = Math.max(longest, answer.getGrantedTTL());
				}
			}
		}
		return (longest > 0) ? Optional.of(Duration.ofSeconds(longest)) : Optional.empty();
	}

}
