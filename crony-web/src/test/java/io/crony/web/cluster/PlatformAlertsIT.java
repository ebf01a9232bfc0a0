package io.crony.web.cluster;

import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.job.AlertPolicy;
import io.crony.common.job.JobSpec;
import io.crony.common.job.SpoolState;
import io.crony.common.json.CronyJson;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
import io.etcd.jetcd.ByteSequence;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Platform alerts from the leader to the channels marked {@code platform}, through a
 * webhook server that checks the signature: one agent-lost alert per lost agent (with how
 * many jobs moved where), "no agent alive", and each job no agent may take (also to its
 * department's channel, and recorded without any channel), and an agent's full spool.
 */
@SpringBootTest(properties = { "crony.alert.backoff=50ms", "crony.alert.min-interval=10m" })
@DirtiesContext
class PlatformAlertsIT extends ClusterItSupport {

	private static final String SECRET = "SECplatform";

	@AfterEach
	void forgetAlerts() {
		this.jdbc.update("DELETE FROM alert");
		this.jdbc.update("DELETE FROM alert_channel");
		// its jobs first: they reference it
		this.jobs.deleteAll();
		this.jdbc.update("DELETE FROM department WHERE id <> 1");
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

	/**
	 * Each job that comes to wait unplaced raises its own alert, naming it, its
	 * department and why; with no channel anywhere it is recorded NO_CHANNEL in the
	 * history (the department reads it there), and a job's own (department) channel
	 * receives it with the platform channels. Jobs that still wait raise nothing more.
	 * About 3 s in this class's context.
	 */
	@Test
	void eachJobThatBecomesUnplacedRaisesItsOwnAlertNamingItAndItsDepartment() throws Exception {
		long payments = department("payments");
		agent("pc1", 1, Map.of("zone", "a"));

		long first = this.jobs.create(JobRows.spec("settle-b", null, Map.of("zone", "b")), payments);
		await().until(() -> alerts("UNPLACED", "NO_CHANNEL") == 1);
		long second = this.jobs.create(JobRows.spec("settle-c", null, Map.of("zone", "c")), payments);
		await().until(() -> alerts("UNPLACED", "NO_CHANNEL") == 2);

		assertThat(this.jdbc.queryForObject("SELECT text FROM alert WHERE kind = 'UNPLACED' AND job_id = ?",
				String.class, first))
			.contains("Job settle-b could not be placed",
					"No live agent may take this job of department payments: no live agent matches zone=b.");
		assertThat(this.jdbc.queryForObject("SELECT text FROM alert WHERE kind = 'UNPLACED' AND job_id = ?",
				String.class, second))
			.contains("Job settle-c could not be placed",
					"No live agent may take this job of department payments: no live agent matches zone=c.");
		assertThat(this.jdbc.queryForList("SELECT channel_id FROM alert WHERE kind = 'UNPLACED'", Long.class))
			.containsOnlyNulls();

		try (BotServer platform = BotServer.start(Vendor.WEBHOOK, SECRET);
				BotServer department = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			channel("ops-3", platform.url(), true);
			long own = channel("payments-hook", department.url(), false, payments);
			long third = this.jobs.create(withChannel(JobRows.spec("settle-d", null, Map.of("zone", "d")), own),
					payments);

			await().until(() -> department.received().size() == 1 && platform.received().size() == 1);
			JsonNode alert = department.received().get(0).body();
			assertThat(department.received().get(0).verified()).isTrue();
			assertThat(alert.path("kind").asText()).isEqualTo("UNPLACED");
			assertThat(alert.path("jobId").asLong()).isEqualTo(third);
			assertThat(alert.path("jobName").asText()).isEqualTo("settle-d");
			assertThat(alert.path("text").asText()).contains("department payments: no live agent matches zone=d");
			assertThat(platform.received().get(0).body().path("jobId").asLong()).isEqualTo(third);
			await().until(() -> alerts("UNPLACED", "SENT") == 2);
			// the first two still wait: not raised again on every loop
			assertThat(alerts("UNPLACED", null)).isEqualTo(4);
		}
	}

	/**
	 * An agent whose database is away publishes its spool in etcd (as
	 * {@code SpoolPublisher} does, {@code SpoolIT}); the leader, which reaches the
	 * database, raises one SPOOL_FULL to the platform channel naming the agent, the
	 * spool's size and its limit, however often the agent updates the key (grown, room
	 * again while it still replays), and one SPOOL_DRAINED once the spool is empty (the
	 * key deleted). Before, a full spool reached nobody but the agent's log and gauge.
	 * About 8 s in this class's context (5 s of it making sure nothing more is raised).
	 */
	@Test
	void aFullSpoolRaisesOneAlertNamingTheAgentItsSizeAndLimitAndOneNoticeWhenItDrains() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			channel("ops-spool", hook.url(), true);
			agent("pd1", 1, Map.of());
			Instant since = Instant.parse("2026-11-22T00:58:00Z");
			try {
				putSpool("pd1", new SpoolState(2100, 2048, true, since, Instant.now()));

				await().until(() -> hook.received().size() == 1);
				JsonNode full = hook.received().get(0).body();
				assertThat(hook.received().get(0).verified()).isTrue();
				assertThat(full.path("kind").asText()).isEqualTo("SPOOL_FULL");
				assertThat(full.path("agentId").asText()).isEqualTo("pd1");
				assertThat(full.path("title").asText()).isEqualTo("Agent pd1's spool is full");
				assertThat(full.path("text").asText()).contains("its spool holds 2100 bytes, at its limit of 2048",
						"began to fill at 2026-11-22 00:58:00 +00:00 (UTC)");

				putSpool("pd1", new SpoolState(2300, 2048, true, since, Instant.now()));
				putSpool("pd1", new SpoolState(900, 2048, false, since, Instant.now()));
				Awaitility.await()
					.during(Duration.ofSeconds(5))
					.atMost(Duration.ofSeconds(10))
					.until(() -> hook.received().size() == 1);

				deleteSpool("pd1");
				await().until(() -> hook.received().size() == 2);
				JsonNode drained = hook.received().get(1).body();
				assertThat(drained.path("kind").asText()).isEqualTo("SPOOL_DRAINED");
				assertThat(drained.path("agentId").asText()).isEqualTo("pd1");
				assertThat(drained.path("title").asText()).isEqualTo("Agent pd1's spool is empty again");
				await().until(() -> alerts("SPOOL_FULL", "SENT") == 1 && alerts("SPOOL_DRAINED", "SENT") == 1);
				assertThat(alerts("SPOOL_FULL", null)).isEqualTo(1);
			}
			finally {
				deleteSpool("pd1");
			}
		}
	}

	private void putSpool(String agentId, SpoolState state) throws Exception {
		this.client.getKVClient()
			.put(ByteSequence.from(this.keys.spool(agentId), StandardCharsets.UTF_8),
					ByteSequence.from(CronyJson.toBytes(state)))
			.get(10, TimeUnit.SECONDS);
	}

	private void deleteSpool(String agentId) throws Exception {
		this.client.getKVClient()
			.delete(ByteSequence.from(this.keys.spool(agentId), StandardCharsets.UTF_8))
			.get(10, TimeUnit.SECONDS);
	}

	private long department(String name) {
		Timestamp now = Timestamp.from(Instant.now());
		this.jdbc.update("INSERT INTO department (name, created_by, created_at, updated_at) VALUES (?, 'it', ?, ?)",
				name, now, now);
		return this.jdbc.queryForObject("SELECT id FROM department WHERE name = ?", Long.class, name);
	}

	private static JobSpec withChannel(JobSpec spec, long channelId) {
		return new JobSpec(spec.id(), spec.name(), spec.description(), spec.schedule(), spec.timeZone(), spec.target(),
				spec.timeoutSeconds(), spec.retry(), spec.misfirePolicy(), spec.overlapPolicy(), spec.assignment(),
				spec.enabled(), spec.version(), new AlertPolicy(List.of(channelId), true, true, null, false), null,
				null, null, null);
	}

	private long channel(String name, String url, boolean platform) {
		return channel(name, url, platform, 1);
	}

	private long channel(String name, String url, boolean platform, long departmentId) {
		Timestamp now = Timestamp.from(Instant.now());
		this.jdbc.update(
				"INSERT INTO alert_channel (name, type, enabled, platform, config, secret, created_at, updated_at,"
						+ " department_id) VALUES (?, 'WEBHOOK', 1, ?, ?, ?, ?, ?, ?)",
				name, platform, "{\"url\":\"" + url + "\"}", SECRET, now, now, departmentId);
		return this.jdbc.queryForObject("SELECT id FROM alert_channel WHERE name = ?", Long.class, name);
	}

	private int alerts(String kind, String status) {
		return (status != null)
				? this.jdbc.queryForObject("SELECT COUNT(*) FROM alert WHERE kind = ? AND status = ?", Integer.class,
						kind, status)
				: this.jdbc.queryForObject("SELECT COUNT(*) FROM alert WHERE kind = ?", Integer.class, kind);
	}

}
