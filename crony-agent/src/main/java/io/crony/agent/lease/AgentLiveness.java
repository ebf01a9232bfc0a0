package io.crony.agent.lease;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;

/**
 * Whether another agent is alive: its node key exists (the key lives under its lease).
 * When etcd cannot answer, the agent counts as alive, so nothing is taken from it.
 */
public final class AgentLiveness implements Predicate<String> {

	private final Client etcd;

	private final CronyKeys keys;

	public AgentLiveness(Client etcd, CronyKeys keys) {
		this.etcd = etcd;
		this.keys = keys;
	}

	@Override
	public boolean test(String agentId) {
		try {
			return this.etcd.getKVClient()
				.get(ByteSequence.from(this.keys.node(agentId), StandardCharsets.UTF_8),
						GetOption.builder().withCountOnly(true).build())
				.get(2, TimeUnit.SECONDS)
				.getCount() > 0;
		}
		catch (Exception ex) {
			return true;
		}
	}

}
