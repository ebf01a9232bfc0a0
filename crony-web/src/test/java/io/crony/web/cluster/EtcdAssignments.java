package io.crony.web.cluster;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.CronyKeys.NodeKey;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.job.JobAssignment;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;

import static io.crony.web.cluster.EtcdBytes.string;

/** Reads the assignment keys straight from etcd, for assertions. */
final class EtcdAssignments {

	private final KeyScanner scanner;

	private final CronyKeys keys;

	EtcdAssignments(Client client, CronyKeys keys) {
		this.scanner = new KeyScanner(client.getKVClient(), 1000);
		this.keys = keys;
	}

	/** One job the agent holds. */
	long anyJobOn(String agentId) {
		return byJob().entrySet()
			.stream()
			.filter((entry) -> entry.getValue().contains(agentId))
			.findFirst()
			.orElseThrow()
			.getKey();
	}

	/** Job id to the agents holding it. */
	Map<Long, List<String>> byJob() {
		return snapshot().byJob();
	}

	/** Job id to the agents holding it, and the revision they were read at. */
	Snapshot snapshot() {
		Map<Long, List<String>> jobs = new TreeMap<>();
		long revision = forEach((assignment, kv) -> jobs.computeIfAbsent(assignment.jobId(), (id) -> new ArrayList<>())
			.add(assignment.agentId()));
		return new Snapshot(jobs, revision);
	}

	/** How many assignment keys one agent holds (a cheap count-only read). */
	long count(Client client, String agentId) throws Exception {
		return client.getKVClient()
			.get(EtcdBytes.bytes(this.keys.jobs(agentId)),
					io.etcd.jetcd.options.GetOption.builder().isPrefix(true).withCountOnly(true).build())
			.get(10, java.util.concurrent.TimeUnit.SECONDS)
			.getCount();
	}

	/** Agent id to how many jobs it holds. */
	Map<String, Integer> countByAgent() {
		Map<String, Integer> counts = new HashMap<>();
		forEach((assignment, kv) -> counts.merge(assignment.agentId(), 1, Integer::sum));
		return counts;
	}

	/**
	 * Job id to the create revision of its key under one agent: a key moved away and
	 * back, or deleted and put again, has a new one.
	 */
	Map<Long, Long> createRevisionsOn(String agentId) {
		Map<Long, Long> revisions = new TreeMap<>();
		forEach((assignment, kv) -> {
			if (assignment.agentId().equals(agentId)) {
				revisions.put(assignment.jobId(), kv.getCreateRevision());
			}
		});
		return revisions;
	}

	JobAssignment value(String agentId, long jobId) {
		Map<String, JobAssignment> found = new HashMap<>();
		forEach((assignment, kv) -> {
			if (assignment.jobId() == jobId && assignment.agentId().equals(agentId)) {
				found.put(agentId, CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class));
			}
		});
		return found.get(agentId);
	}

	/** Job id to the version its key (its first, if it has two) carries. */
	Map<Long, Long> versionsByJob() {
		Map<Long, Long> versions = new HashMap<>();
		forEach((assignment, kv) -> versions.putIfAbsent(assignment.jobId(),
				CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class).job().version()));
		return versions;
	}

	private long forEach(java.util.function.BiConsumer<NodeKey.Assignment, KeyValue> sink) {
		try {
			return this.scanner.scan(this.keys.nodes(), 0,
					(kv) -> this.keys.parseNodeKey(string(kv.getKey()))
						.filter(NodeKey.Assignment.class::isInstance)
						.ifPresent((key) -> sink.accept((NodeKey.Assignment) key, kv)));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	record Snapshot(Map<Long, List<String>> byJob, long revision) {

	}

}
