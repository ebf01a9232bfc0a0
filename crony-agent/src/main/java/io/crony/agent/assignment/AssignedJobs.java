package io.crony.agent.assignment;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.crony.agent.lease.Handover;
import io.crony.agent.lease.Handovers;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.etcd.KeyScanner;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.watch.WatchEvent;

/**
 * Makes the engine hold the jobs of this agent's assignment keys: all of them at a
 * reload, then each change the watch reports. The agent a moved job comes from, named in
 * its value, is kept in {@link Handovers} before the engine holds the job, for its
 * arrival's misfire decision.
 */
final class AssignedJobs {

	private final CronyKeys keys;

	private final String agentId;

	private final JobHolder holder;

	private final SkippingFailures failures;

	private final Handovers handovers;

	AssignedJobs(CronyKeys keys, String agentId, JobHolder holder, SkippingFailures failures, Handovers handovers) {
		this.keys = keys;
		this.agentId = agentId;
		this.holder = holder;
		this.failures = failures;
		this.handovers = handovers;
	}

	/**
	 * Reads every assignment key, page by page at the first page's revision (only the
	 * specs are kept, not the pages), and makes the engine hold exactly those jobs.
	 */
	Loaded load(KeyScanner scanner) throws InterruptedException {
		List<JobSpec> specs = new ArrayList<>();
		Map<Long, Handover> moved = new LinkedHashMap<>();
		long revision = scanner.scan(this.keys.jobs(this.agentId), 0, (kv) -> {
			JobAssignment assignment = CronyJson.fromBytes(kv.getValue().getBytes(), JobAssignment.class);
			specs.add(assignment.job());
			if (assignment.formerHolder() != null) {
				moved.put(assignment.job().id(), handover(assignment));
			}
		});
		this.handovers.retainOnly(specs.stream().map(JobSpec::id).collect(Collectors.toSet()));
		moved.forEach(this.handovers::moved);
		this.holder.holdExactly(specs);
		return new Loaded(revision, specs.size());
	}

	// Consecutive deletes are dropped together and consecutive puts held together: a
	// failover's thousands of keys arrive many to a response, and are one engine call
	// and one log line per run of them, not one per job. Runs are applied in the order
	// the events came, so a job deleted and put again (or the reverse) ends as etcd has
	// it.
	void onEvents(List<WatchEvent> events) {
		List<Long> deleted = new ArrayList<>();
		Map<Long, JobSpec> put = new LinkedHashMap<>();
		for (WatchEvent event : events) {
			KeyValue kv = event.getKeyValue();
			this.failures.apply(event,
					() -> this.keys.parseNodeKey(kv.getKey().toString(StandardCharsets.UTF_8)).ifPresent((key) -> {
						if (key instanceof CronyKeys.NodeKey.Assignment assignment) {
							if (event.getEventType() == WatchEvent.EventType.DELETE) {
								hold(put);
								deleted.add(assignment.jobId());
							}
							else if (event.getEventType() == WatchEvent.EventType.PUT) {
								drop(deleted);
								// a later put of the same key in the run replaces it
								JobAssignment value = CronyJson.fromBytes(kv.getValue().getBytes(),
										JobAssignment.class);
								JobSpec spec = value.job();
								if (value.formerHolder() != null) {
									this.handovers.moved(spec.id(), handover(value));
								}
								put.put(spec.id(), spec);
							}
						}
					}));
		}
		hold(put);
		drop(deleted);
	}

	private void hold(Map<Long, JobSpec> put) {
		if (!put.isEmpty()) {
			List<JobSpec> specs = List.copyOf(put.values());
			put.clear();
			this.holder.put(specs);
		}
	}

	private void drop(List<Long> deleted) {
		if (!deleted.isEmpty()) {
			List<Long> jobIds = List.copyOf(deleted);
			deleted.clear();
			this.holder.remove(jobIds);
			this.handovers.left(jobIds);
		}
	}

	private static Handover handover(JobAssignment assignment) {
		return new Handover(assignment.formerHolder(), assignment.assignedAt());
	}

	/**
	 * @param revision the revision the keys were read at
	 * @param jobs how many jobs the engine holds now
	 */
	record Loaded(long revision, int jobs) {

	}

}
