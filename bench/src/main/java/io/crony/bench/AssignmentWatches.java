package io.crony.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

import io.crony.common.etcd.CronyKeys;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;

/**
 * One watch per simulated agent on its assignment prefix, as crony-agent keeps it, so
 * etcd pays for sending every assignment event as it would in a real cluster; counts the
 * events and their key + value bytes (the payload, without gRPC framing).
 */
final class AssignmentWatches implements AutoCloseable {

	private final List<Watch.Watcher> watchers = new ArrayList<>();

	private final LongAdder events = new LongAdder();

	private final LongAdder bytes = new LongAdder();

	AssignmentWatches(Client client, CronyKeys keys, List<String> agentIds) {
		for (String agentId : agentIds) {
			ByteSequence prefix = ByteSequence.from(keys.jobs(agentId), StandardCharsets.UTF_8);
			this.watchers
				.add(client.getWatchClient().watch(prefix, WatchOption.builder().isPrefix(true).build(), (response) -> {
					for (WatchEvent event : response.getEvents()) {
						KeyValue kv = event.getKeyValue();
						this.events.increment();
						this.bytes.add(kv.getKey().size() + kv.getValue().size());
					}
				}));
		}
	}

	long events() {
		return this.events.sum();
	}

	long bytes() {
		return this.bytes.sum();
	}

	@Override
	public void close() {
		this.watchers.forEach(Watch.Watcher::close);
	}

}
