package io.crony.web.cluster;

import java.util.List;
import java.util.Map;

import io.crony.common.job.JobSpec;

import io.crony.web.support.ApiClient;
import io.crony.web.support.Jobs;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/** A job written through the REST API reaches etcd through the leader, end to end. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class JobApiToEtcdIT extends ClusterItSupport {

	@LocalServerPort
	int port;

	@Test
	void aJobCreatedThroughTheApiRunsOnExactlyOneLiveAgentAndFollowsEveryChange() throws Exception {
		agent("e2e-1", 1, Map.of());
		agent("e2e-2", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);

		ApiClient.Response created = admin.post("/api/v1/jobs", Jobs.http("e2e-settle"));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		long id = created.body().get("id").asLong();

		await().until(() -> this.assignments.byJob().containsKey(id));
		assertEachOnExactlyOneOf(List.of(id), List.of("e2e-1", "e2e-2"));
		String holder = this.assignments.byJob().get(id).get(0);
		await().until(() -> holder.equals(admin.get("/api/v1/jobs/" + id).body().path("agentId").asText()));

		ApiClient.Response upstream = admin.post("/api/v1/jobs", Jobs.http("e2e-load"));
		long upstreamId = upstream.body().get("id").asLong();
		Map<String, Object> changed = Jobs.with(Jobs.with(Jobs.http("e2e-settle"), "schedule", "0 30 2 * * ?"),
				"labels", Map.of("team", "pay"));
		ApiClient.Response updated = admin.put("/api/v1/jobs/" + id,
				Jobs.with(changed, "dependsOn", List.of("e2e-load")));
		assertThat(updated.status()).as("%s", updated.body()).isEqualTo(200);
		await().until(() -> "0 30 2 * * ?".equals(this.assignments.value(holder, id).job().schedule()));
		// the agent gets the whole definition: its labels, owner and upstreams too
		JobSpec published = this.assignments.value(holder, id).job();
		assertThat(published.labels()).isEqualTo(Map.of("team", "pay"));
		assertThat(published.owner()).isEqualTo("it-admin");
		assertThat(published.dependsOn()).containsExactly(upstreamId);
		assertEachOnExactlyOneOf(List.of(id), List.of(holder));
		assertThat(admin.delete("/api/v1/jobs/" + upstreamId + "?cutEdges=true").status()).isEqualTo(204);

		assertThat(admin.post("/api/v1/jobs/" + id + "/disable", null).status()).isEqualTo(200);
		await().until(() -> !this.assignments.byJob().containsKey(id));
		assertThat(admin.post("/api/v1/jobs/" + id + "/enable", null).status()).isEqualTo(200);
		await().until(() -> this.assignments.byJob().containsKey(id));
		assertEachOnExactlyOneOf(List.of(id), List.of("e2e-1", "e2e-2"));

		assertThat(admin.delete("/api/v1/jobs/" + id).status()).isEqualTo(204);
		await().until(() -> this.assignments.byJob().isEmpty());
	}

	@Test
	void aJobWhoseAgentLeftWithNoneToTakeItNamesNoAgent() throws Exception {
		TestAgent only = agent("e2e-alone", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);
		long id = admin.post("/api/v1/jobs", Jobs.http("e2e-orphan")).id();
		await().until(() -> "e2e-alone".equals(admin.get("/api/v1/jobs/" + id).body().path("agentId").asText()));

		only.kill();

		await()
			.until(() -> "UNASSIGNED".equals(admin.get("/api/v1/jobs/" + id).body().at("/placement/status").asText()));
		ApiClient.Response job = admin.get("/api/v1/jobs/" + id);
		assertThat(job.body().get("agentId").isNull()).as("%s", job.body()).isTrue();
		assertThat(job.body().at("/placement/reason").asText()).isNotBlank();
		assertThat(admin.delete("/api/v1/jobs/" + id).status()).isEqualTo(204);
	}

}
