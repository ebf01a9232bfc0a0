package io.crony.agent.lease;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether another agent is registered in etcd now (its node key, under its lease), and
 * whether it left a stop mark ({@link StopMark}), read at one revision. One that is
 * registered has not lost its lease, so it is not cut off from etcd; one that stopped
 * gracefully had every fire it ran recorded. A job taken over from either was handed
 * over, and its missed instants go by the misfire policy; one taken from an agent with
 * neither may have been fired by it from its spool ({@code FormerHolderFires}). Answers
 * are kept for a second, so a failover of many jobs from one agent asks etcd once.
 */
public final class AgentStandings implements Function<String, AgentStanding> {

	private static final Logger logger = LoggerFactory.getLogger(AgentStandings.class);

	private static final Duration KEPT = Duration.ofSeconds(1);

	private final Client etcd;

	private final CronyKeys keys;

	private final Clock clock;

	private final Map<String, Answer> answers = new ConcurrentHashMap<>();

	public AgentStandings(Client etcd, CronyKeys keys, Clock clock) {
		this.etcd = etcd;
		this.keys = keys;
		this.clock = clock;
	}

	/**
	 * @return the agent's standing; {@link AgentStanding#GONE} when etcd cannot tell, so
	 * that the stricter rule (no instant run twice) holds
	 */
	@Override
	public AgentStanding apply(String agentId) {
		long now = this.clock.millis();
		Answer kept = this.answers.get(agentId);
		if (kept != null && now - kept.at < KEPT.toMillis()) {
			return kept.standing;
		}
		AgentStanding standing;
		try {
			TxnResponse read = this.etcd.getKVClient()
				.txn()
				.Then(Op.get(bytes(this.keys.node(agentId)), GetOption.builder().withCountOnly(true).build()),
						Op.get(bytes(this.keys.stopMark(agentId)), GetOption.DEFAULT))
				.commit()
				.get(5, TimeUnit.SECONDS);
			GetResponse node = read.getGetResponses().get(0);
			GetResponse mark = read.getGetResponses().get(1);
			standing = new AgentStanding(node.getCount() > 0,
					mark.getKvs().isEmpty() ? null : StopMark.read(mark.getKvs().get(0).getValue()));
		}
		catch (Exception ex) {
			if (ex instanceof InterruptedException) {
				Thread.currentThread().interrupt();
			}
			logger.info("Whether agent {} is registered or stopped gracefully is not known (etcd: {}); taken as not",
					agentId, ex.getMessage());
			return AgentStanding.GONE;
		}
		this.answers.put(agentId, new Answer(standing, now));
		return standing;
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

	private record Answer(AgentStanding standing, long at) {
	}

}
