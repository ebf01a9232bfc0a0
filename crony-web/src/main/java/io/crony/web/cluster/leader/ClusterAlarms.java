package io.crony.web.cluster.leader;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.crony.common.reason.Reason;
import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.placement.Eligibility;
import org.springframework.context.ApplicationEventPublisher;

/**
 * Publishes one leader term's {@link ClusterAlarm}s: each agent loss once, and the
 * no-agent state when it begins, and each job when it begins to wait unplaced (not on
 * every loop).
 */
final class ClusterAlarms {

	private final ApplicationEventPublisher events;

	private boolean noAgent;

	/** The jobs told as unplaced that still wait, so each is told once per wait. */
	private Set<Long> unplaced = Set.of();

	ClusterAlarms(ApplicationEventPublisher events) {
		this.events = events;
	}

	/**
	 * @param held where the agent's jobs were before they moved
	 */
	void agentLost(String agentId, List<Placement> held, Relocator.Evacuation outcome, AssignmentView view) {
		Map<String, Integer> movedTo = new TreeMap<>();
		for (Placement before : held) {
			Placement now = view.get(before.jobId());
			if (now != null && !now.agentId().equals(agentId)) {
				movedTo.merge(now.agentId(), 1, Integer::sum);
			}
		}
		this.events.publishEvent(new ClusterAlarm.AgentLost(agentId, outcome.moved(), movedTo, outcome.stuck()));
	}

	/**
	 * After each leader step: tells when no agent is left for enabled jobs, and each job
	 * that starts to wait for an agent that may take it (while no agent is alive, that is
	 * the no-agent alarm instead).
	 */
	void afterStep(LeaderState state, AssignmentView view, int unassigned) {
		boolean none = state.agents().isEmpty();
		// no agent and no job to run is a cluster being set up, not an alarm
		int enabled = none ? (int) state.jobs().stream().filter(PlaceableJob::enabled).count() : 0;
		if (enabled > 0 && !this.noAgent) {
			this.events.publishEvent(new ClusterAlarm.NoAgentAlive(enabled));
		}
		this.noAgent = enabled > 0;
		if (none || unassigned == 0) {
			this.unplaced = Set.of();
			return;
		}
		Set<Long> waiting = new HashSet<>();
		Map<Map<String, String>, Optional<Reason>> reasons = new HashMap<>();
		for (PlaceableJob job : state.unassignedJobs(view)) {
			// a job some live agent may take is being placed (its key not yet written)
			Optional<Reason> reason = reasons.computeIfAbsent(job.assignment().labels(),
					(labels) -> Eligibility.reason(labels, state.agents()));
			if (reason.isEmpty()) {
				continue;
			}
			waiting.add(job.id());
			if (!this.unplaced.contains(job.id())) {
				this.events.publishEvent(new ClusterAlarm.JobUnplaced(job.id(), reason.get()));
			}
		}
		this.unplaced = waiting;
	}

}
