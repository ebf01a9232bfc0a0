package io.crony.web.alert;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertFacts;
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
		raise(AlertKind.AGENT_LOST, "platform:agent-lost:" + lost.agentId(),
				new AlertFacts.AgentLost(lost.jobsMoved(), lost.movedTo(), lost.stuck()), lost.agentId(), "/agents");
	}

	@EventListener
	void noAgent(ClusterAlarm.NoAgentAlive none) {
		raise(AlertKind.NO_AGENT, "platform:no-agent", new AlertFacts.NoAgent(none.enabledJobs()), null, "/agents");
	}

	@EventListener
	void unplaced(ClusterAlarm.JobsUnplaced unplaced) {
		raise(AlertKind.UNPLACED, "platform:unplaced", new AlertFacts.Unplaced(unplaced.count(), unplaced.reasons()),
				null, "/jobs");
	}

	private void raise(AlertKind kind, String key, AlertFacts facts, String agentId, String page) {
		if (!this.properties.enabled()) {
			return;
		}
		Alert alert = Alert.platform(kind, key, facts, agentId, this.properties.link(page),
				Instant.now().truncatedTo(ChronoUnit.MILLIS));
		this.dispatcher.raise(alert, this.store::platformChannels);
	}

}
