package io.crony.web.alert;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Collectors;

import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.web.cluster.leader.ClusterAlarm;

import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Turns the leader's cluster alarms into platform alerts to every channel marked
 * {@code platform}, rate limited like run alerts (one key per agent, one for "no agent",
 * one for unplaced jobs). Only queues: the leader's thread never waits for a channel.
 */
@Component
class PlatformAlerts {

	private final AlertDispatcher dispatcher;

	private final AlertStore store;

	private final AlertProperties properties;

	PlatformAlerts(AlertDispatcher dispatcher, AlertStore store, AlertProperties properties) {
		this.dispatcher = dispatcher;
		this.store = store;
		this.properties = properties;
	}

	@EventListener
	void agentLost(ClusterAlarm.AgentLost lost) {
		String moved = lost.movedTo()
			.entrySet()
			.stream()
			.map((entry) -> entry.getValue() + " to " + entry.getKey())
			.collect(Collectors.joining(", "));
		String detail = (lost.jobsMoved() == 0 && lost.stuck() == 0) ? "It held no jobs."
				: lost.jobsMoved() + " of its jobs moved" + (moved.isEmpty() ? "" : " (" + moved + ")") + "."
						+ ((lost.stuck() > 0) ? " " + lost.stuck() + " found no other agent and wait." : "");
		raise(AlertKind.AGENT_LOST, "platform:agent-lost:" + lost.agentId(), "Agent " + lost.agentId() + " lost",
				detail, lost.agentId(), "/agents");
	}

	@EventListener
	void noAgent(ClusterAlarm.NoAgentAlive none) {
		raise(AlertKind.NO_AGENT, "platform:no-agent", "No agent alive",
				"Nothing runs: " + none.enabledJobs() + " enabled jobs wait for an agent.", null, "/agents");
	}

	@EventListener
	void unplaced(ClusterAlarm.JobsUnplaced unplaced) {
		String why = unplaced.reasons().isEmpty() ? "" : " Why: " + String.join("; ", unplaced.reasons()) + ".";
		raise(AlertKind.UNPLACED, "platform:unplaced", unplaced.count() + " jobs could not be placed",
				"No live agent may take them (label selectors, drained agents); they do not run until one that"
						+ " matches registers." + why,
				null, "/jobs");
	}

	private void raise(AlertKind kind, String key, String title, String detail, String agentId, String page) {
		if (!this.properties.enabled()) {
			return;
		}
		Alert alert = Alert.platform(kind, key, title, detail, agentId, this.properties.link(page),
				Instant.now().truncatedTo(ChronoUnit.MILLIS));
		this.dispatcher.raise(alert, this.store::platformChannels);
	}

}
