package io.crony.web.cluster.assignment;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The leader's picture of the assignment keys: loaded at one revision when the term (or a
 * full reconcile) starts, then changed only by the leader's own successful transactions,
 * since no one else writes these keys. Jobs held per agent count planned changes at once,
 * so that a batch placed by fewest-jobs spreads out; a failed transaction takes its plan
 * back.
 */
public final class AssignmentView {

	private final Map<Long, Placement> byJob = new HashMap<>();

	private final Map<String, Integer> held = new HashMap<>();

	public synchronized void reset(Collection<Placement> placements) {
		this.byJob.clear();
		this.held.clear();
		for (Placement placement : placements) {
			this.byJob.put(placement.jobId(), placement);
			plan(placement.agentId(), 1);
		}
	}

	public synchronized Placement get(long jobId) {
		return this.byJob.get(jobId);
	}

	public synchronized int held(String agentId) {
		return this.held.getOrDefault(agentId, 0);
	}

	public synchronized Map<String, Integer> held() {
		return Map.copyOf(this.held);
	}

	synchronized int size() {
		return this.byJob.size();
	}

	/** Counts a planned change of the jobs an agent holds (negative: fewer). */
	public synchronized void plan(String agentId, int delta) {
		int count = this.held.getOrDefault(agentId, 0) + delta;
		if (count > 0) {
			this.held.put(agentId, count);
		}
		else {
			this.held.remove(agentId);
		}
	}

	/** Records a written key (the count was planned before). */
	synchronized void placed(Placement placement) {
		this.byJob.put(placement.jobId(), placement);
	}

	/** Records a deleted key, if it is the one the view holds for the job. */
	synchronized void removed(long jobId, String agentId) {
		Placement current = this.byJob.get(jobId);
		if (current != null && current.agentId().equals(agentId)) {
			this.byJob.remove(jobId);
		}
	}

	public synchronized List<Placement> on(String agentId) {
		List<Placement> placements = new ArrayList<>();
		for (Placement placement : this.byJob.values()) {
			if (placement.agentId().equals(agentId)) {
				placements.add(placement);
			}
		}
		return placements;
	}

	/** Job id to agent id of every placement. */
	public synchronized Map<Long, String> agentsByJob() {
		Map<Long, String> agents = new HashMap<>(this.byJob.size() * 2);
		this.byJob.forEach((jobId, placement) -> agents.put(jobId, placement.agentId()));
		return agents;
	}

}
