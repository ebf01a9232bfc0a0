package io.crony.agent.lease;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether another agent is registered in etcd now (its node key, under its lease): one
 * that is has not lost its lease, so it is not cut off from etcd. A job taken over from
 * such an agent was handed over, and its missed instants go by the misfire policy; one
 * taken from an agent whose key is gone may have been fired by it from its spool
 * ({@code FormerHolderFires}). Answers are kept for a second, so a failover of many jobs
 * from one agent asks etcd once.
 */
public final class RegisteredAgents implements Predicate<String> {

	private static final Logger logger = LoggerFactory.getLogger(RegisteredAgents.class);

	private static final Duration KEPT = Duration.ofSeconds(1);

	private final Client etcd;

	private final CronyKeys keys;

	private final Clock clock;

	private final Map<String, Answer> answers = new ConcurrentHashMap<>();

	public RegisteredAgents(Client etcd, CronyKeys keys, Clock clock) {
		this.etcd = etcd;
		this.keys = keys;
		this.clock = clock;
	}

	/**
	 * @return whether the agent's node key exists; false when etcd cannot tell, so that
	 * the stricter rule (no instant run twice) holds
	 */
	@Override
	public boolean test(String agentId) {
		long now = this.clock.millis();
		Answer kept = this.answers.get(agentId);
		if (kept != null && now - kept.at < KEPT.toMillis()) {
			return kept.registered;
		}
		boolean registered;
		try {
			registered = this.etcd.getKVClient()
				.get(ByteSequence.from(this.keys.node(agentId), StandardCharsets.UTF_8),
						GetOption.builder().withCountOnly(true).build())
				.get(5, TimeUnit.SECONDS)
				.getCount() > 0;
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			logger.info("Whether agent {} is registered is not known (etcd: {}); taken as not", agentId,
					ex.getMessage());
			return false;
		}
		this.answers.put(agentId, new Answer(registered, now));
		return registered;
	}

	private record Answer(boolean registered, long at) {
	}

}
