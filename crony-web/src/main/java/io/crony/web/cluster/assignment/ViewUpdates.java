package io.crony.web.cluster.assignment;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.crony.web.cluster.ClusterMetrics;

/**
 * Keeps the {@link AssignmentView} and the {@code job.agent_id} mirror in step with the
 * writes. Each write counts its change of the jobs per agent when it is issued, so the
 * next placement in the same step already sees it; it records the new key once committed,
 * or takes its count back when it failed. Callbacks run on etcd's threads, hence the
 * concurrent mirror.
 */
final class ViewUpdates {

	private final AssignmentView view;

	private final ClusterMetrics metrics;

	private final Map<Long, String> mirror = new ConcurrentHashMap<>();

	ViewUpdates(AssignmentView view, ClusterMetrics metrics) {
		this.view = view;
		this.metrics = metrics;
	}

	void created(String agentId, long revision, List<NewAssignment> batch) {
		for (NewAssignment assignment : batch) {
			this.view.placed(new Placement(assignment.jobId(), agentId, revision, assignment.version()));
			this.mirror.put(assignment.jobId(), agentId);
		}
	}

	/** The caller counted the creations when it picked the agent. */
	void createFailed(String agentId, int count) {
		this.view.plan(agentId, -count);
	}

	void updated(Placement placement, long revision, long version) {
		this.view.placed(new Placement(placement.jobId(), placement.agentId(), revision, version));
	}

	void moving(Placement from, String toAgent) {
		this.view.plan(from.agentId(), -1);
		this.view.plan(toAgent, 1);
	}

	void moved(Placement from, String toAgent, long revision, long version, String reason) {
		this.view.removed(from.jobId(), from.agentId());
		this.view.placed(new Placement(from.jobId(), toAgent, revision, version));
		this.mirror.put(from.jobId(), toAgent);
		this.metrics.moved(reason);
	}

	void moveFailed(Placement from, String toAgent) {
		this.view.plan(from.agentId(), 1);
		this.view.plan(toAgent, -1);
	}

	/**
	 * @param counted whether the view counts this key (false for a duplicate it never
	 * held)
	 */
	void deleting(Placement placement, boolean counted) {
		if (counted) {
			this.view.plan(placement.agentId(), -1);
		}
	}

	void deleted(Placement placement, boolean counted) {
		if (counted) {
			this.view.removed(placement.jobId(), placement.agentId());
			this.mirror.putIfAbsent(placement.jobId(), "");
		}
	}

	void deleteFailed(Placement placement, boolean counted) {
		if (counted) {
			this.view.plan(placement.agentId(), 1);
		}
	}

	/** Job id to agent id ("" for none) of every key written since the last call. */
	Map<Long, String> takeMirror() {
		Map<Long, String> taken = new HashMap<>(this.mirror);
		taken.keySet().forEach(this.mirror::remove);
		return taken;
	}

}
