package io.crony.web.alert;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import io.crony.alert.Alert;
import io.crony.alert.AlertDispatcher;
import io.crony.alert.AlertFacts;
import io.crony.alert.AlertKind;
import io.crony.alert.AlertProperties;
import io.crony.alert.AlertStore;
import io.crony.alert.Channel;
import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.SpoolState;
import io.crony.common.json.CronyJson;
import io.crony.web.cluster.leadership.LeaderElection;
import io.crony.web.support.PeriodicTask;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Platform alerts about agents' spools, raised by the leader: an agent whose database is
 * away spools its records to disk, and the alert channels it would use live in that
 * database. So each agent publishes its spool in etcd ({@link SpoolState} under
 * {@code {prefix}/spool/{agentId}}) and the leader, which may still reach the database,
 * looks every {@link #EVERY}: a spool that became full raises one {@code SPOOL_FULL} (the
 * agent, the size, the limit), and once that agent's spool is empty again (its key gone
 * while the agent lives) one {@code SPOOL_DRAINED}. Both go to the platform channels and
 * are recorded even with none ({@code NO_CHANNEL}), rate limited per agent and kind like
 * every platform alert.
 * <p>
 * Which episodes are open (full raised, drained not yet) is read back from the history
 * when an instance begins to lead, so a new leader neither raises a full spool again nor
 * misses its end. An agent that goes away with a full spool raises no drained notice (the
 * agent-lost alert says it went); it does when it comes back and its spool empties.
 * <p>
 * While the leader's database is away too, nothing is raised and nothing is marked
 * raised: the look fails, is logged once, and the next look after the database answers
 * raises what is due (the channels, the history and the rate limit all live there). The
 * agents' gauge {@code crony_agent_spool_full} is the signal that needs no database.
 */
@Component
class SpoolAlerts extends PeriodicTask {

	private static final Logger log = LoggerFactory.getLogger(SpoolAlerts.class);

	static final Duration EVERY = Duration.ofSeconds(2);

	private static final String KEY_PREFIX = "platform:spool-";

	private final Client etcd;

	private final CronyKeys keys;

	private final LeaderElection election;

	private final AlertDispatcher dispatcher;

	private final AlertStore store;

	private final AlertProperties properties;

	private final JdbcTemplate jdbc;

	// the round thread's own: agents whose full spool was raised and whose end was not;
	// null until read back from the history by this term's first round
	private Set<String> open;

	private boolean failing;

	SpoolAlerts(Client etcd, CronyKeys keys, LeaderElection election, AlertDispatcher dispatcher, AlertStore store,
			AlertProperties properties, JdbcTemplate jdbc) {
		super("crony-spool-alerts", "Spool alerts");
		this.etcd = etcd;
		this.keys = keys;
		this.election = election;
		this.dispatcher = dispatcher;
		this.store = store;
		this.properties = properties;
		this.jdbc = jdbc;
	}

	@Override
	protected Duration interval() {
		return EVERY;
	}

	@Override
	protected boolean enabled() {
		return this.properties.enabled();
	}

	@Override
	protected void round() {
		if (!this.election.isLeader()) {
			this.open = null;
			return;
		}
		try {
			look();
			if (this.failing) {
				log.info("Spool alerts: etcd and the database answer again");
				this.failing = false;
			}
		}
		catch (RuntimeException ex) {
			if (!this.failing) {
				log.warn("Spool alerts wait: {} (raised once etcd and the database answer)", ex.toString());
				this.failing = true;
			}
		}
	}

	private void look() {
		Map<String, SpoolState> spools = spools();
		if (this.open == null) {
			this.open = openInHistory();
		}
		for (Map.Entry<String, SpoolState> spool : spools.entrySet()) {
			SpoolState state = spool.getValue();
			if (state.full() && !this.open.contains(spool.getKey())) {
				raise(AlertKind.SPOOL_FULL, spool.getKey(),
						new AlertFacts.SpoolFull(state.bytes(), state.maxBytes(), state.since()));
				this.open.add(spool.getKey());
			}
		}
		for (String agentId : Set.copyOf(this.open)) {
			if (!spools.containsKey(agentId) && alive(agentId)) {
				raise(AlertKind.SPOOL_DRAINED, agentId, new AlertFacts.SpoolDrained());
				this.open.remove(agentId);
			}
		}
	}

	// the channels are read here, not on the alert thread, so a database that is away
	// fails the look and nothing is taken as raised
	private void raise(AlertKind kind, String agentId, AlertFacts facts) {
		List<Channel> channels = this.store.platformChannels();
		log.info("Agent {}: {} ({} platform channel(s))", agentId,
				(kind == AlertKind.SPOOL_FULL) ? "spool full, raising an alert" : "spool empty again, raising a notice",
				channels.size());
		Alert alert = Alert.platform(kind, dedupKey(kind, agentId), facts, agentId, this.properties.link("/agents"),
				Instant.now().truncatedTo(ChronoUnit.MILLIS));
		this.dispatcher.raiseRecorded(alert, () -> channels);
	}

	private static String dedupKey(AlertKind kind, String agentId) {
		return KEY_PREFIX + ((kind == AlertKind.SPOOL_FULL) ? "full:" : "drained:") + agentId;
	}

	private Map<String, SpoolState> spools() {
		Map<String, SpoolState> spools = new HashMap<>();
		for (KeyValue kv : get(this.keys.spools(), true)) {
			Optional<String> agentId = this.keys.parseSpoolKey(kv.getKey().toString(StandardCharsets.UTF_8));
			if (agentId.isPresent()) {
				spools.put(agentId.get(),
						CronyJson.fromJson(kv.getValue().toString(StandardCharsets.UTF_8), SpoolState.class));
			}
		}
		return spools;
	}

	private boolean alive(String agentId) {
		return !get(this.keys.node(agentId), false).isEmpty();
	}

	private List<KeyValue> get(String key, boolean prefix) {
		ByteSequence bytes = ByteSequence.from(key, StandardCharsets.UTF_8);
		GetOption option = prefix ? GetOption.builder().isPrefix(true).build() : GetOption.DEFAULT;
		try {
			return this.etcd.getKVClient().get(bytes, option).get(5, TimeUnit.SECONDS).getKvs();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted reading " + key, ex);
		}
		catch (Exception ex) {
			throw new IllegalStateException("etcd did not answer: " + ex, ex);
		}
	}

	/**
	 * Agents whose last spool alert was SPOOL_FULL (sent, failed, suppressed or without
	 * channel alike).
	 */
	private Set<String> openInHistory() {
		Set<String> open = new HashSet<>();
		Set<String> seen = new HashSet<>();
		this.jdbc
			.query("SELECT agent_id, kind FROM alert WHERE dedup_key LIKE ? AND kind IN ('SPOOL_FULL', 'SPOOL_DRAINED')"
					+ " ORDER BY id DESC", (rs) -> {
						String agentId = rs.getString(1);
						if (agentId != null && seen.add(agentId) && "SPOOL_FULL".equals(rs.getString(2))) {
							open.add(agentId);
						}
					}, KEY_PREFIX + "%");
		return open;
	}

}
