package io.crony.web.cluster;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Platform alerts from the leader to the channels marked {@code platform}, through a
 * webhook server that checks the signature: one agent-lost alert per lost agent (with how
 * many jobs moved where), "no agent alive", and jobs no agent may take.
 */
@SpringBootTest(properties = { "crony.alert.backoff=50ms", "crony.alert.min-interval=10m" })
@DirtiesContext
class PlatformAlertsIT extends ClusterItSupport {

	private static final String SECRET = "SECplatform";

	@AfterEach
	void forgetAlerts() {
		this.jdbc.update("DELETE FROM alert");
		this.jdbc.update("DELETE FROM alert_channel");
	}

	@Test
	void aKilledAgentRaisesOneAgentLostAlertSayingWhereItsJobsWent() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET);
				BotServer quiet = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			channel("ops", hook.url(), true);
			channel("not-platform", quiet.url(), false);
			agent("pa1", 1, Map.of());
			TestAgent doomed = agent("pa2", 1, Map.of());
			List<Long> ids = this.jobs.createMany("platform", 40);
			await().until(() -> this.assignments.byJob().size() == 40);
			long held = this.assignments.count(this.client, "pa2");

			doomed.expire();

			await().until(() -> this.assignments.count(this.client, "pa2") == 0);
			await().until(() -> hook.received().size() == 1);
			assertEachOnExactlyOneOf(ids, List.of("pa1"));
			JsonNode alert = hook.received().get(0).body();
			assertThat(hook.received().get(0).verified()).isTrue();
			assertThat(alert.path("kind").asText()).isEqualTo("AGENT_LOST");
			assertThat(alert.path("agentId").asText()).isEqualTo("pa2");
			assertThat(alert.path("text").asText()).contains(held + " of its jobs moved (" + held + " to pa1)");
			await().until(() -> alerts("AGENT_LOST", "SENT") == 1);
			assertThat(quiet.received()).isEmpty();
			// the lost agent stays lost: nothing more is raised about it
			assertThat(alerts("AGENT_LOST", null)).isEqualTo(1);
			assertThat(hook.received()).hasSize(1);
		}
	}

	@Test
	void losingTheLastAgentRaisesNoAgentAliveAndAJobNoAgentMayTakeRaisesUnplaced() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			channel("ops-2", hook.url(), true);
			TestAgent only = agent("pb1", 1, Map.of("zone", "a"));
			this.jobs.createMany("lonely", 3);
			await().until(() -> this.assignments.byJob().size() == 3);

			only.kill();

			await().until(() -> alerts("NO_AGENT", "SENT") == 1 && alerts("AGENT_LOST", "SENT") == 1);
			assertThat(hook.received()).allMatch(BotServer.Received::verified)
				.anySatisfy((call) -> assertThat(call.body().path("text").asText())
					.contains("Nothing runs: 3 enabled jobs wait for an agent."));

			agent("pb2", 1, Map.of("zone", "b"));
			long pinned = this.jobs.create(JobRows.spec("pinned", null, Map.of("zone", "c")));
			await().until(() -> alerts("UNPLACED", "SENT") == 1);
			assertThat(this.assignments.byJob()).doesNotContainKey(pinned);
		}
	}

	private long channel(String name, String url, boolean platform) {
		Timestamp now = Timestamp.from(Instant.now());
		this.jdbc.update(
				"INSERT INTO alert_channel (name, type, enabled, platform, config, secret, created_at, updated_at)"
						+ " VALUES (?, 'WEBHOOK', 1, ?, ?, ?, ?, ?)",
				name, platform, "{\"url\":\"" + url + "\"}", SECRET, now, now);
		return this.jdbc.queryForObject("SELECT id FROM alert_channel WHERE name = ?", Long.class, name);
	}

	private int alerts(String kind, String status) {
		return (status != null)
				? this.jdbc.queryForObject("SELECT COUNT(*) FROM alert WHERE kind = ? AND status = ?", Integer.class,
						kind, status)
				: this.jdbc.queryForObject("SELECT COUNT(*) FROM alert WHERE kind = ?", Integer.class, kind);
	}

}
