package io.crony.web.cluster.leader;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.crony.common.job.Labels;
import io.crony.web.cluster.assignment.AssignmentView;
import io.crony.web.cluster.assignment.Placement;
import io.crony.web.cluster.placement.AgentCandidate;
import io.crony.web.cluster.placement.Eligibility;

import org.springframework.context.ApplicationEventPublisher;

/**
 * Publishes one leader term's {@link ClusterAlarm}s: each agent loss once, and the
 * no-agent and unplaced-jobs states when they begin (not on every loop).
 */
final class ClusterAlarms {

	private static final int MAX_REASONS = 5;

	private final ApplicationEventPublisher events;

	private boolean noAgent;

	private int unplaced;

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
	 * After each leader step: tells when no agent is left for enabled jobs, or when jobs
	 * start to wait for an agent that may take them.
	 */
	void afterStep(LeaderState state, AssignmentView view, int unassigned) {
		boolean none = state.agents().isEmpty();
		// no agent and no job to run is a cluster being set up, not an alarm
		int enabled = none ? (int) state.jobs().stream().filter(PlaceableJob::enabled).count() : 0;
		if (enabled > 0 && !this.noAgent) {
			this.events.publishEvent(new ClusterAlarm.NoAgentAlive(enabled));
		}
		this.noAgent = enabled > 0;
		int waiting = none ? 0 : unassigned;
		if (waiting > 0 && this.unplaced == 0) {
			this.events.publishEvent(
					new ClusterAlarm.JobsUnplaced(waiting, reasons(state.unassignedBySelector(view), state.agents())));
		}
		this.unplaced = waiting;
	}

	/**
	 * Why the waiting jobs wait, one line per selector with its count of jobs, most jobs
	 * first (at most {@value #MAX_REASONS} lines).
	 * @param waiting jobs waiting, by selector
	 * @param agents the live agents
	 */
	static List<String> reasons(Map<Map<String, String>, Integer> waiting, Collection<AgentCandidate> agents) {
		return waiting.entrySet()
			.stream()
			.sorted(Map.Entry.<Map<String, String>, Integer>comparingByValue()
				.reversed()
				.thenComparing((entry) -> Labels.format(entry.getKey())))
			.limit(MAX_REASONS)
			.map((entry) -> Eligibility.reason(entry.getKey(), agents).orElse("not placed yet") + " ("
					+ entry.getValue() + ((entry.getValue() == 1) ? " job)" : " jobs)"))
			.toList();
	}

}
