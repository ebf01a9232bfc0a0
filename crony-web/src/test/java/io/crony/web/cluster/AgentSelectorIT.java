package io.crony.web.cluster;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
import io.crony.web.support.ApiClient;
import io.crony.web.support.Jobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Agent groups by label, end to end through the job API, the web leader, real etcd and
 * MariaDB: a job whose selector no live agent matches is UNASSIGNED with the reason and
 * raises one platform alert, and is placed as soon as a matching agent registers; a
 * changed selector moves the job; failover moves selected jobs only to eligible
 * survivors.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "crony.alert.backoff=50ms", "crony.alert.min-interval=10m" })
@DirtiesContext
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AgentSelectorIT extends ClusterItSupport {

	private static final String SECRET = "SECselector";

	@LocalServerPort
	int port;

	@AfterEach
	void forgetAlerts() {
		this.jdbc.update("DELETE FROM alert");
		this.jdbc.update("DELETE FROM alert_channel");
	}

	@Test
	void aJobMatchingNoAgentIsUnassignedWithTheReasonUntilAMatchingAgentRegisters() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			channel("ops", hook.url());
			agent("plain", 1, Map.of());
			ApiClient admin = signedInAdmin(this.port);
			long anywhere = created(admin.post("/api/v1/jobs", Jobs.http("anywhere")));
			long pay = created(admin.post("/api/v1/jobs", selecting("payroll", Map.of("dept", "pay"))));

			await().until(() -> this.assignments.byJob().containsKey(anywhere));
			await().until(() -> "UNASSIGNED".equals(placement(admin, pay).path("status").asText()));
			JsonNode job = admin.get("/api/v1/jobs/" + pay).body();
			assertThat(job.path("placement").path("reason").asText()).isEqualTo("no live agent matches dept=pay");
			assertThat(job.path("placement").path("reasons").get(0).path("code").asText())
				.isEqualTo("NO_AGENT_MATCHES");
			assertThat(job.path("placement").path("reasons").get(0).path("params").path("labels").asText())
				.isEqualTo("dept=pay");
			assertThat(job.path("agentId").isNull()).isTrue();
			assertThat(job.path("assignment").path("labels").path("dept").asText()).isEqualTo("pay");
			assertThat(this.assignments.byJob()).doesNotContainKey(pay);
			await().until(() -> "ASSIGNED".equals(placement(admin, anywhere).path("status").asText()));
			JsonNode listed = admin.get("/api/v1/jobs?size=100").body().path("items");
			assertThat(listed.findValues("placement")).extracting((p) -> p.path("status").asText())
				.containsExactlyInAnyOrder("ASSIGNED", "UNASSIGNED");

			await().until(() -> alerts("UNPLACED") == 1);
			assertThat(hook.received()).hasSize(1);
			assertThat(hook.received().get(0).body().path("text").asText()).contains("Job payroll could not be placed",
					"department default: no live agent matches dept=pay.");

			agent("pay-1", 1, Map.of("dept", "pay", "zone", "a"));

			await().until(() -> this.assignments.byJob().containsKey(pay));
			assertEachOnExactlyOneOf(List.of(pay), List.of("pay-1"));
			await().until(() -> "pay-1".equals(admin.get("/api/v1/jobs/" + pay).body().path("agentId").asText()));
			assertThat(placement(admin, pay).path("status").asText()).isEqualTo("ASSIGNED");
			assertThat(placement(admin, pay).hasNonNull("reason")).isFalse();
			// one alert for the job that waited, not one per step
			assertThat(alerts("UNPLACED")).isEqualTo(1);
		}
	}

	@Test
	void aJobWhoseSelectorNoLongerMatchesItsAgentMovesToOneThatDoes() throws Exception {
		agent("ops-1", 1, Map.of("dept", "ops"));
		agent("pay-2", 1, Map.of("dept", "pay"));
		ApiClient admin = signedInAdmin(this.port);
		long id = created(admin.post("/api/v1/jobs", selecting("nightly", Map.of("dept", "pay"))));
		await().until(() -> this.assignments.byJob().containsKey(id));
		assertEachOnExactlyOneOf(List.of(id), List.of("pay-2"));
		long version = admin.get("/api/v1/jobs/" + id).body().path("version").asLong();

		ApiClient.Response updated = admin.put("/api/v1/jobs/" + id,
				Jobs.with(selecting("nightly", Map.of("dept", "ops")), "version", version));
		assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);

		await().until(() -> List.of("ops-1").equals(this.assignments.byJob().get(id)));
		await().until(() -> "ops-1".equals(admin.get("/api/v1/jobs/" + id).body().path("agentId").asText()));
	}

	/**
	 * A running job given a selector no agent matches: it used to stay and fire on its
	 * old agent while the API said ASSIGNED. Now its key is deleted (the agent drops it
	 * and stops firing it), the API says UNASSIGNED with the reason, and the UNPLACED
	 * alert is raised for it; a matching agent then takes it. Last in the class, and it
	 * takes the alert SENT or SUPPRESSED (alerts are keyed per job, so another test's
	 * UNPLACED alert holds nothing back here). About 3 s in this class's context.
	 */
	@Test
	@Order(Integer.MAX_VALUE)
	void aJobWhoseNewSelectorMatchesNoAgentLeavesItsAgentAndWaitsUnassignedWithTheReason() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			channel("ops-nowhere", hook.url());
			agent("here-1", 1, Map.of("dept", "ops"));
			ApiClient admin = signedInAdmin(this.port);
			long id = created(admin.post("/api/v1/jobs", Jobs.http("wandering")));
			await().until(() -> List.of("here-1").equals(this.assignments.byJob().get(id)));
			await().until(() -> "ASSIGNED".equals(placement(admin, id).path("status").asText()));
			long version = admin.get("/api/v1/jobs/" + id).body().path("version").asLong();

			ApiClient.Response updated = admin.put("/api/v1/jobs/" + id,
					Jobs.with(selecting("wandering", Map.of("x", "nowhere")), "version", version));
			assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);

			// its key is gone: the agent holds it no more, so it fires no more
			await().until(() -> !this.assignments.byJob().containsKey(id));
			await().until(() -> "UNASSIGNED".equals(placement(admin, id).path("status").asText()));
			assertThat(placement(admin, id).path("reason").asText()).isEqualTo("no live agent matches x=nowhere");
			assertThat(admin.get("/api/v1/jobs/" + id).body().path("agentId").isNull()).isTrue();
			await().until(() -> this.jdbc
				.queryForList("SELECT text FROM alert WHERE kind = 'UNPLACED' AND status IN ('SENT', 'SUPPRESSED')",
						String.class)
				.stream()
				.anyMatch((text) -> text.contains("department default: no live agent matches x=nowhere.")));

			// and it is placed once an agent matches (no job is left waiting)
			agent("nowhere-1", 1, Map.of("x", "nowhere"));
			await().until(() -> List.of("nowhere-1").equals(this.assignments.byJob().get(id)));
			// naming the agent it left, which may have gone on firing it cut off: the new
			// holder judges the missed instants by it (crony-agent's FormerHolderFires)
			assertThat(this.assignments.value("nowhere-1", id).formerHolder()).isEqualTo("here-1");
		}
	}

	@Test
	void failoverMovesSelectedJobsOnlyToEligibleSurvivors() throws Exception {
		agent("fo-pay-1", 1, Map.of("dept", "pay"));
		TestAgent doomed = agent("fo-pay-2", 1, Map.of("dept", "pay"));
		agent("fo-other", 3, Map.of("dept", "ops"));
		List<Long> pay = new ArrayList<>();
		for (int i = 0; i < 30; i++) {
			pay.add(this.jobs.create(JobRows.spec("fo-pay-" + i, null, Map.of("dept", "pay"))));
		}
		List<Long> any = this.jobs.createMany("fo-any", 20);
		await().until(() -> this.assignments.byJob().size() == 50);
		assertEachOnExactlyOneOf(pay, List.of("fo-pay-1", "fo-pay-2"));
		assertThat(this.assignments.count(this.client, "fo-pay-2")).isPositive();

		doomed.kill();

		await()
			.until(() -> this.assignments.count(this.client, "fo-pay-2") == 0 && this.assignments.byJob().size() == 50);
		assertEachOnExactlyOneOf(pay, List.of("fo-pay-1"));
		assertEachOnExactlyOneOf(any, List.of("fo-pay-1", "fo-other"));
	}

	private static Map<String, Object> selecting(String name, Map<String, String> labels) {
		return Jobs.with(Jobs.http(name), "assignment", Map.of("labels", labels));
	}

	private static long created(ApiClient.Response response) {
		assertThat(response.status()).as("%s", response.body()).isEqualTo(201);
		return response.body().get("id").asLong();
	}

	private static JsonNode placement(ApiClient admin, long id) {
		return admin.get("/api/v1/jobs/" + id).body().path("placement");
	}

	private void channel(String name, String url) {
		Timestamp now = Timestamp.from(Instant.now());
		this.jdbc.update(
				"INSERT INTO alert_channel (name, type, enabled, platform, config, secret, created_at, updated_at)"
						+ " VALUES (?, 'WEBHOOK', 1, 1, ?, ?, ?, ?)",
				name, "{\"url\":\"" + url + "\"}", SECRET, now, now);
	}

	private int alerts(String kind) {
		return this.jdbc.queryForObject("SELECT COUNT(*) FROM alert WHERE kind = ? AND status = 'SENT'", Integer.class,
				kind);
	}

}
