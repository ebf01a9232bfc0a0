package io.crony.web.cluster.membership;

import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.crony.common.etcd.GrantedLeaseTtl;
import io.etcd.jetcd.Client;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease TTL the agents registered with, read from etcd: each live agent's node key is
 * under its lease, and etcd tells the TTL it granted ({@link GrantedLeaseTtl}), which is
 * the agent's {@code crony.agent.lease-ttl} (or etcd's minimum TTL, if that is longer).
 * Nothing on the web side has to repeat the agents' setting, so an agent's TTL raised
 * there is followed here without a second change.
 */
public class AgentLeaseTtls {

	private static final Logger log = LoggerFactory.getLogger(AgentLeaseTtls.class);

	/** Lease reads in flight at once. */
	private static final int IN_FLIGHT = 256;

	/** How long one lease read may take before it counts as not read. */
	private static final long TIMEOUT_SECONDS = 5;

	private final Client client;

	private final AgentRegistry registry;

	public AgentLeaseTtls(Client client, AgentRegistry registry) {
		this.client = client;
		this.registry = registry;
	}

	/**
	 * Reads the longest lease TTL etcd granted among these agents, without waiting for
	 * etcd: the reads go out {@link #IN_FLIGHT} at a time, each batch once the one before
	 * has answered (or timed out).
	 * @param agentIds agents the registry holds alive
	 * @return the longest TTL, empty when none of them has a live lease any more (gone
	 * since the registry saw them) or etcd could not tell; never failed
	 */
	public CompletableFuture<Optional<Duration>> longest(Collection<String> agentIds) {
		Map<String, Long> leases = this.registry.leases();
		List<Long> ids = agentIds.stream().map(leases::get).filter((id) -> id != null && id != 0).toList();
		return longest(ids, 0, Optional.empty());
	}

	private CompletableFuture<Optional<Duration>> longest(List<Long> ids, int from, Optional<Duration> longest) {
		if (from >= ids.size()) {
			return CompletableFuture.completedFuture(longest);
		}
		List<CompletableFuture<Optional<Duration>>> reads = ids.subList(from, Math.min(ids.size(), from + IN_FLIGHT))
			.stream()
			.map(this::read)
			.toList();
		return CompletableFuture.allOf(reads.toArray(CompletableFuture[]::new)).thenCompose((done) -> {
			Optional<Duration> longer = Stream
				.concat(longest.stream(), reads.stream().flatMap((read) -> read.join().stream()))
				.max(Comparator.naturalOrder());
			return longest(ids, from + IN_FLIGHT, longer);
		});
	}

	/** One lease's granted TTL; empty if etcd fails or does not answer in time. */
	private CompletableFuture<Optional<Duration>> read(long lease) {
		return GrantedLeaseTtl.read(this.client, lease)
			.completeOnTimeout(Optional.empty(), TIMEOUT_SECONDS, TimeUnit.SECONDS)
			.exceptionally((failure) -> {
				log.debug("Agent lease {} TTL not read: {}", lease, failure.toString());
				return Optional.empty();
			});
	}

}
