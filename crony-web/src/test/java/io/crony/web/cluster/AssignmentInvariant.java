package io.crony.web.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.CronyKeys.NodeKey;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;

import static io.crony.web.cluster.EtcdBytes.bytes;
import static io.crony.web.cluster.EtcdBytes.string;

/**
 * Watches every assignment key from a start revision and checks after each revision that
 * no job is on two agents; records each violation it sees.
 */
final class AssignmentInvariant implements AutoCloseable {

	private final CronyKeys keys;

	private final Map<Long, Set<String>> holders = new HashMap<>();

	private final List<String> violations = new CopyOnWriteArrayList<>();

	private final Watch.Watcher watcher;

	private long events;

	AssignmentInvariant(Client client, CronyKeys keys, Map<Long, List<String>> initial, long fromRevision) {
		this.keys = keys;
		initial.forEach((jobId, agents) -> this.holders.put(jobId, new HashSet<>(agents)));
		WatchOption option = WatchOption.builder().isPrefix(true).withRevision(fromRevision).build();
		this.watcher = client.getWatchClient()
			.watch(bytes(keys.nodes()), option, Watch.listener((response) -> apply(response.getEvents()),
					(error) -> this.violations.add("watch failed: " + error)));
	}

	private synchronized void apply(List<WatchEvent> events) {
		long revision = -1;
		List<Long> touched = new ArrayList<>();
		for (WatchEvent event : events) {
			long eventRevision = event.getKeyValue().getModRevision();
			if (revision != -1 && eventRevision != revision) {
				check(touched, revision);
				touched.clear();
			}
			revision = eventRevision;
			var key = this.keys.parseNodeKey(string(event.getKeyValue().getKey()));
			if (key.isEmpty() || !(key.get() instanceof NodeKey.Assignment assignment)) {
				continue;
			}
			this.events++;
			Set<String> agents = this.holders.computeIfAbsent(assignment.jobId(), (id) -> new HashSet<>());
			if (event.getEventType() == WatchEvent.EventType.DELETE) {
				agents.remove(assignment.agentId());
			}
			else {
				agents.add(assignment.agentId());
			}
			touched.add(assignment.jobId());
		}
		check(touched, revision);
	}

	private void check(List<Long> jobIds, long revision) {
		for (Long jobId : jobIds) {
			Set<String> agents = this.holders.get(jobId);
			if (agents.size() > 1) {
				this.violations.add("job " + jobId + " on " + agents + " at revision " + revision);
			}
		}
	}

	synchronized long events() {
		return this.events;
	}

	List<String> violations() {
		return this.violations;
	}

	@Override
	public void close() {
		this.watcher.close();
	}

}
