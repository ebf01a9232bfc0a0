package io.crony.web.alert;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertFacts;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.alert.Channel;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.leader.ClusterAlarm;

import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Turns the leader's cluster alarms into platform alerts to every channel marked
 * {@code platform}, rate limited like run alerts (one key per agent, one for "no agent",
 * one per unplaced job). Only queues: the leader's thread never waits for a channel or
 * the database.
 */
@Component
class PlatformAlerts {

	private final AlertDispatcher dispatcher;

	private final AlertStore store;

	private final AlertProperties properties;

	private final JdbcTemplate jdbc;

	PlatformAlerts(AlertDispatcher dispatcher, AlertStore store, AlertProperties properties, JdbcTemplate jdbc) {
		this.jdbc = jdbc;
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

	/**
	 * One alert per job that begins to wait unplaced, keyed per job like its run alerts
	 * ({@code job:7:UNPLACED}), to the platform channels and the job's own channels (its
	 * department's, as for its run alerts). Recorded even with no channel at all, so the
	 * department's history shows why the job does not run. The job is read on the alert
	 * thread; one deleted meanwhile raises nothing.
	 */
	@EventListener
	void unplaced(ClusterAlarm.JobUnplaced unplaced) {
		if (!this.properties.enabled()) {
			return;
		}
		Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		this.dispatcher.execute(() -> {
			List<UnplacedJob> found = this.jdbc.query(
					"SELECT j.name, j.spec, d.name AS department FROM job j JOIN department d ON d.id = j.department_id"
							+ " WHERE j.id = ?",
					(rs, row) -> new UnplacedJob(rs.getString("name"), rs.getString("department"),
							CronyJson.fromJson(rs.getString("spec"), JobSpec.class).alerts().channelIds()),
					unplaced.jobId());
			if (found.isEmpty()) {
				return;
			}
			UnplacedJob job = found.get(0);
			Alert alert = new Alert(AlertKind.UNPLACED, "job:" + unplaced.jobId() + ":" + AlertKind.UNPLACED,
					new AlertFacts.Unplaced(job.department(), unplaced.reason()), unplaced.jobId(), job.name(), null,
					null, null, null, null, this.properties.link("/jobs/" + unplaced.jobId()), at, null, 0, null);
			this.dispatcher.raiseRecorded(alert, () -> platformAnd(job.channelIds()));
		});
	}

	// a channel both platform and the job's receives the alert once
	private List<Channel> platformAnd(List<Long> jobChannels) {
		Map<Long, Channel> channels = new LinkedHashMap<>();
		for (Channel channel : this.store.platformChannels()) {
			channels.put(channel.id(), channel);
		}
		for (Channel channel : this.store.channels(jobChannels)) {
			channels.putIfAbsent(channel.id(), channel);
		}
		return List.copyOf(channels.values());
	}

	private void raise(AlertKind kind, String key, AlertFacts facts, String agentId, String page) {
		if (!this.properties.enabled()) {
			return;
		}
		Alert alert = Alert.platform(kind, key, facts, agentId, this.properties.link(page),
				Instant.now().truncatedTo(ChronoUnit.MILLIS));
		this.dispatcher.raise(alert, this.store::platformChannels);
	}

	private record UnplacedJob(String name, String department, List<Long> channelIds) {

	}

}
