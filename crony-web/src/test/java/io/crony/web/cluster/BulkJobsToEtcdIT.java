package io.crony.web.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.job.JobSpec;
import io.crony.web.support.ApiClient;
import io.crony.web.support.Jobs;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jobs applied through {@code POST /api/v1/jobs/bulk} reach etcd through the leader as a
 * single job does, without anything of their own: each on exactly one live agent, with
 * the spec (id, version) the API answered, shown with its agent by the jobs API.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class BulkJobsToEtcdIT extends ClusterItSupport {

	private static final int JOBS = 500;

	@LocalServerPort
	int port;

	@Test
	void fiveHundredJobsCreatedInOneRequestAreEachPlacedOnExactlyOneLiveAgent() throws Exception {
		agent("bulk-1", 1, Map.of());
		agent("bulk-2", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);
		List<Map<String, Object>> jobs = new ArrayList<>();
		for (int i = 0; i < JOBS; i++) {
			jobs.add(Jobs.with(Jobs.http("bulk-" + i), "schedule", "0 " + (i % 60) + " * * * ?"));
		}

		ApiClient.Response created = admin.post("/api/v1/jobs/bulk", Map.of("jobs", jobs));

		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().get("created").asInt()).isEqualTo(JOBS);
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < JOBS; i++) {
			JsonNode job = created.body().get("jobs").get(i).get("job");
			assertThat(job.get("name").asText()).isEqualTo("bulk-" + i);
			ids.add(job.get("id").asLong());
		}
		await().until(() -> this.assignments.byJob().keySet().containsAll(ids));
		assertEachOnExactlyOneOf(ids, List.of("bulk-1", "bulk-2"));
		assertThat(this.assignments.byJob()).hasSize(JOBS);
		Map<String, Integer> perAgent = this.assignments.countByAgent();
		assertThat(perAgent.get("bulk-1") + perAgent.get("bulk-2")).isEqualTo(JOBS);
		assertThat(perAgent.get("bulk-1")).isBetween(JOBS / 2 - 1, JOBS / 2 + 1);
		long sample = ids.get(JOBS - 1);
		String holder = this.assignments.byJob().get(sample).get(0);
		assertThat(this.assignments.value(holder, sample).job().id()).isEqualTo(sample);
		assertThat(this.assignments.value(holder, sample).job().name()).isEqualTo("bulk-" + (JOBS - 1));

		// visible through the jobs API with the agent each is on
		await().until(() -> this.jdbc.queryForObject("SELECT COUNT(*) FROM job WHERE agent_id IS NOT NULL",
				Integer.class) == JOBS);
		ApiClient.Response page = admin.get("/api/v1/jobs?name=bulk-&size=200");
		assertThat(page.body().get("total").asLong()).isEqualTo(JOBS);
		page.body().get("items").forEach((job) -> assertThat(job.get("agentId").asText()).isIn("bulk-1", "bulk-2"));
		assertThat(admin.get("/api/v1/jobs/" + sample).body().get("agentId").asText()).isEqualTo(holder);
	}

	@Test
	void anUpsertMovesChangedJobsToTheirNewVersionInEtcdAndLeavesTheOthers() throws Exception {
		agent("bulk-3", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);
		List<Map<String, Object>> jobs = List.of(Jobs.http("up-a"), Jobs.http("up-b"), Jobs.http("up-c"));
		ApiClient.Response first = admin.post("/api/v1/jobs/bulk", Map.of("mode", "UPSERT", "jobs", jobs));
		assertThat(first.status()).as("%s", first.body()).isEqualTo(201);
		List<Long> ids = new ArrayList<>();
		first.body().get("jobs").forEach((item) -> ids.add(item.at("/job/id").asLong()));
		await().until(() -> this.assignments.byJob().keySet().containsAll(ids));

		List<Map<String, Object>> changed = List.of(Jobs.http("up-a"),
				Jobs.with(Jobs.http("up-b"), "schedule", "0 45 4 * * ?"),
				Jobs.with(Jobs.http("up-c"), "enabled", false));
		ApiClient.Response second = admin.post("/api/v1/jobs/bulk", Map.of("mode", "UPSERT", "jobs", changed));

		assertThat(second.status()).as("%s", second.body()).isEqualTo(201);
		assertThat(second.body().get("jobs").findValuesAsText("outcome")).containsExactly("UNCHANGED", "UPDATED",
				"UPDATED");
		await().until(() -> {
			JobSpec b = this.assignments.value("bulk-3", ids.get(1)).job();
			return b.version() == 2 && "0 45 4 * * ?".equals(b.schedule());
		});
		await().until(() -> !this.assignments.byJob().containsKey(ids.get(2)));
		assertThat(this.assignments.value("bulk-3", ids.get(0)).job().version()).isEqualTo(1);
	}

}
