package io.crony.agent.assignment;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import io.crony.agent.schedule.FiringEngine;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.watch.WatchEvent;

/**
 * Makes the engine hold the jobs of this agent's assignment keys: all of them at a
 * reload, then each change the watch reports.
 */
final class AssignedJobs {

	private final CronyKeys keys;

	private final String agentId;

	private final FiringEngine engine;

	private final SkippingFailures failures;

	AssignedJobs(CronyKeys keys, String agentId, FiringEngine engine, SkippingFailures failures) {
		this.keys = keys;
		this.agentId = agentId;
		this.engine = engine;
		this.failures = failures;
	}

	/**
	 * Reads every assignment key, page by page at the first page's revision (only the
	 * specs are kept, not the pages), and makes the engine hold exactly those jobs.
	 */
	Loaded load(KeyScanner scanner) throws InterruptedException {
		List<JobSpec> specs = new ArrayList<>();
		long revision = scanner.scan(this.keys.jobs(this.agentId), 0,
				(kv) -> specs.add(CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class).job()));
		this.engine.holdExactly(specs);
		return new Loaded(revision, specs.size());
	}

	// consecutive deletes are dropped together: unassigning many jobs is one release
	// statement per 1,000 jobs and one log line, not one of each per job
	void onEvents(List<WatchEvent> events) {
		List<Long> deleted = new ArrayList<>();
		for (WatchEvent event : events) {
			KeyValue kv = event.getKeyValue();
			this.failures.apply(event,
					() -> this.keys.parseNodeKey(kv.getKey().toString(StandardCharsets.UTF_8)).ifPresent((key) -> {
						if (key instanceof CronyKeys.NodeKey.Assignment assignment) {
							if (event.getEventType() == WatchEvent.EventType.DELETE) {
								deleted.add(assignment.jobId());
							}
							else if (event.getEventType() == WatchEvent.EventType.PUT) {
								dropDeleted(deleted);
								this.engine.put(List
									.of(CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class).job()));
							}
						}
					}));
		}
		dropDeleted(deleted);
	}

	private void dropDeleted(List<Long> deleted) {
		if (!deleted.isEmpty()) {
			this.engine.remove(List.copyOf(deleted));
			deleted.clear();
		}
	}

	/**
	 * @param revision the revision the keys were read at
	 * @param jobs how many jobs the engine holds now
	 */
	record Loaded(long revision, int jobs) {

	}

}
