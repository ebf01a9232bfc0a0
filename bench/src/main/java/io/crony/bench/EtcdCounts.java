package io.crony.bench;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;

/** Count-only and keys-only reads of the assignment keys. */
final class EtcdCounts {

	private final Client client;

	private final CronyKeys keys;

	EtcdCounts(Client client, CronyKeys keys) {
		this.client = client;
		this.keys = keys;
	}

	/** Assignment keys of every agent (agent keys are not counted). */
	long assignments() {
		long all = countPrefix(this.keys.nodes());
		long agentKeys = 0;
		// Agent keys are few; assignment keys are the rest.
		for (String id : agentIds()) {
			agentKeys += (countExact(this.keys.node(id)) > 0) ? 1 : 0;
		}
		return all - agentKeys;
	}

	long assignments(String agentId) {
		return countPrefix(this.keys.jobs(agentId));
	}

	long leaders() {
		return countPrefix(this.keys.webElection() + "/");
	}

	/** Jobs held by more than one agent, from one keys-only read of all assignments. */
	long duplicates() throws Exception {
		Map<Long, Integer> holders = new HashMap<>();
		ByteSequence cursor = bytes(this.keys.nodes());
		ByteSequence end = bytes(this.keys.nodes().substring(0, this.keys.nodes().length() - 1) + "0");
		while (true) {
			GetResponse page = this.client.getKVClient()
				.get(cursor, GetOption.builder().withRange(end).withKeysOnly(true).withLimit(10_000).build())
				.get(60, TimeUnit.SECONDS);
			for (KeyValue kv : page.getKvs()) {
				this.keys.parseNodeKey(kv.getKey().toString(StandardCharsets.UTF_8))
					.filter(CronyKeys.NodeKey.Assignment.class::isInstance)
					.ifPresent((key) -> holders.merge(((CronyKeys.NodeKey.Assignment) key).jobId(), 1, Integer::sum));
			}
			if (!page.isMore()) {
				break;
			}
			List<KeyValue> kvs = page.getKvs();
			cursor = kvs.get(kvs.size() - 1).getKey().concat(ByteSequence.from(new byte[] { 0 }));
		}
		return holders.values().stream().filter((count) -> count > 1).count();
	}

	private List<String> agentIds() {
		List<String> ids = new java.util.ArrayList<>();
		for (int i = 0; i < Integer.getInteger("crony.bench.agents", 10); i++) {
			ids.add("agent-" + i);
		}
		return ids;
	}

	private long countPrefix(String prefix) {
		return count(bytes(prefix), GetOption.builder().isPrefix(true).withCountOnly(true).build());
	}

	private long countExact(String key) {
		return count(bytes(key), GetOption.builder().withCountOnly(true).build());
	}

	private long count(ByteSequence key, GetOption option) {
		try {
			return this.client.getKVClient().get(key, option).get(30, TimeUnit.SECONDS).getCount();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

}
