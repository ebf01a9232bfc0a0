package io.crony.web.cluster;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.sql.SqlTime;

import io.crony.web.support.ApiClient;
import io.crony.web.support.Jobs;
import org.awaitility.Awaitility;
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
		// placed anew on the other agent, the key names the one it was disabled on,
		// which may have fired it cut off: the new holder judges the missed instants
		// by that agent (FormerHolderFires); placed back on the same agent, none
		String again = this.assignments.byJob().get(id).get(0);
		assertThat(this.assignments.value(again, id).formerHolder()).isEqualTo(holder.equals(again) ? null : holder);

		assertThat(admin.delete("/api/v1/jobs/" + id).status()).isEqualTo(204);
		await().until(() -> this.assignments.byJob().isEmpty());
	}

	/**
	 * Every way the API writes table job leaves a job_change row for each job it wrote,
	 * in the write's transaction (no trigger does it any more: V29), and the leader
	 * follows each one to etcd; the leader's own agent_id mirror writes none, so it does
	 * not wake its own poll. About 8 s.
	 */
	@Test
	void everyWriteOfAJobLeavesAChangeRowAndTheLeaderFollowsEach() throws Exception {
		agent("walk-1", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);

		long id = created(admin, Jobs.http("walk-one"));
		await().until(() -> "walk-1".equals(this.jobs.agentId(id)));
		assertThat(changedSince(lastChangeOf(id))).as("the leader's agent_id mirror writes no change row").isEmpty();

		assertThat(changedBy(() -> admin.put("/api/v1/jobs/" + id, schedule("walk-one", "0 0 1 * * ?")).status()))
			.as("update")
			.contains(id);
		awaitPublished(id);

		assertThat(changedBy(() -> admin.post("/api/v1/jobs/" + id + "/disable", null).status())).as("disable")
			.contains(id);
		await().until(() -> !this.assignments.byJob().containsKey(id));
		assertThat(changedBy(() -> admin.post("/api/v1/jobs/" + id + "/enable", null).status())).as("enable")
			.contains(id);
		awaitPublished(id);

		long[] copy = new long[1];
		assertThat(changedBy(() -> {
			ApiClient.Response cloned = admin.post("/api/v1/jobs/" + id + "/clone",
					Map.of("name", "walk-copy", "enabled", true));
			copy[0] = cloned.id();
			return cloned.status();
		})).as("clone").contains(copy[0]);
		awaitPublished(copy[0]);

		long[] bulkCreated = new long[1];
		assertThat(changedBy(() -> {
			ApiClient.Response bulk = admin.post("/api/v1/jobs/bulk", Map.of("mode", "UPSERT", "jobs",
					List.of(schedule("walk-one", "0 0 2 * * ?"), Jobs.http("walk-bulk"))));
			bulkCreated[0] = bulk.body().at("/jobs/1/job/id").asLong();
			return bulk.status();
		})).as("bulk upsert").contains(id, bulkCreated[0]);
		awaitPublished(id);
		awaitPublished(bulkCreated[0]);

		long[] imported = new long[1];
		assertThat(changedBy(() -> {
			ApiClient.Response file = admin.post("/api/v1/jobs/import",
					Map.of("jobs", List.of(schedule("walk-one", "0 0 3 * * ?"), Jobs.http("walk-imported"))));
			imported[0] = admin.get("/api/v1/jobs?name=walk-imported").body().at("/items/0/id").asLong();
			return file.status();
		})).as("import").contains(id, imported[0]);
		awaitPublished(id);
		awaitPublished(imported[0]);

		assertThat(
				changedBy(
						() -> admin
							.post("/api/v1/jobs/actions",
									Map.of("action", "ADD_LABELS", "ids", List.of(id), "labels",
											Map.of("team", "walk")))
							.status()))
			.as("job action ADD_LABELS")
			.contains(id);
		awaitPublished(id);
		assertThat(changedBy(
				() -> admin.post("/api/v1/jobs/actions", Map.of("action", "DISABLE", "ids", List.of(bulkCreated[0])))
					.status()))
			.as("job action DISABLE")
			.contains(bulkCreated[0]);
		await().until(() -> !this.assignments.byJob().containsKey(bulkCreated[0]));

		Map<String, Object> days = Map.of("name", "walk-days", "workingDays",
				List.of("MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY"));
		long calendar = admin.post("/api/v1/calendars", days).id();
		long follower = created(admin, Jobs.with(schedule("walk-follower", "0 0 9 * * ?"), "calendar",
				Map.of("name", "walk-days", "rule", "WORKING_DAYS_ONLY")));
		assertThat(changedBy(() -> admin
			.put("/api/v1/calendars/" + calendar,
					Jobs.with(days, "holidays", List.of(Map.of("from", "2030-01-01", "name", "walk holiday"))))
			.status())).as("a calendar's change, written to the jobs that follow it").contains(follower);
		awaitPublished(follower);

		assertThat(changedBy(
				() -> admin.post("/api/v1/jobs/actions", Map.of("action", "DELETE", "ids", List.of(copy[0]))).status()))
			.as("job action DELETE")
			.contains(copy[0]);
		for (long deleted : new long[] { id, bulkCreated[0], imported[0], follower }) {
			assertThat(changedBy(() -> admin.delete("/api/v1/jobs/" + deleted).status())).as("delete")
				.contains(deleted);
		}
		await().until(() -> this.assignments.byJob().isEmpty());
		this.jdbc.update("DELETE FROM calendar WHERE id = ?", calendar);
	}

	private long created(ApiClient admin, Map<String, Object> job) {
		long[] id = new long[1];
		assertThat(changedBy(() -> {
			ApiClient.Response created = admin.post("/api/v1/jobs", job);
			id[0] = created.id();
			return created.status();
		})).as("create").contains(id[0]);
		awaitPublished(id[0]);
		return id[0];
	}

	private static Map<String, Object> schedule(String name, String schedule) {
		return Jobs.with(Jobs.with(Jobs.http(name), "schedule", schedule), "timeZone", "UTC");
	}

	/** The jobs whose change rows a write left; the write must answer 2xx. */
	private Set<Long> changedBy(LongSupplier write) {
		long before = this.jdbc.queryForObject("SELECT COALESCE(MAX(id), 0) FROM job_change", Long.class);
		assertThat(write.getAsLong()).isBetween(200L, 299L);
		return changedSince(before);
	}

	private Set<Long> changedSince(long changeId) {
		return new HashSet<>(
				this.jdbc.queryForList("SELECT job_id FROM job_change WHERE id > ?", Long.class, changeId));
	}

	private long lastChangeOf(long jobId) {
		return this.jdbc.queryForObject("SELECT MAX(id) FROM job_change WHERE job_id = ?", Long.class, jobId);
	}

	/** The leader published the row's version on the one agent. */
	private void awaitPublished(long jobId) {
		long version = this.jdbc.queryForObject("SELECT version FROM job WHERE id = ?", Long.class, jobId);
		await().until(() -> {
			JobAssignment key = this.assignments.value("walk-1", jobId);
			return key != null && key.job().version() == version;
		});
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

	/**
	 * The web leader's gate pairs a downstream fire with the upstream run of its own
	 * logical instant: the previous minute's success, which ended after the downstream's
	 * previous fire, does not release it while this minute's run is still RUNNING. The
	 * agent is played by the rows it writes: the upstream's runs and the WAITING fire.
	 */
	@Test
	void aFireIsNotReleasedByThePreviousMinutesUpstreamRun() {
		ApiClient admin = signedInAdmin(this.port);
		long load = minutely(admin, "e2e-drift-load", "0 * * * * ?", List.of());
		long report = minutely(admin, "e2e-drift-report", "40 * * * * ?", List.of("e2e-drift-load"));
		Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(2));
		Instant fire = minute.plusSeconds(40);
		row(load, minute.minusSeconds(60), "SUCCEEDED", fire.minusSeconds(15));
		long loadRun = row(load, minute, "RUNNING", null);
		long waiting = row(report, fire, "WAITING", null);

		try {
			// why it waits, in English and as a code naming the upstream
			JsonNode cycle = admin.get("/api/v1/jobs/" + report + "/cycle").body();
			assertThat(cycle.path("waiting").asBoolean()).as("%s", cycle).isTrue();
			assertThat(cycle.path("reason").asText()).isEqualTo("waiting for e2e-drift-load (RUNNING)");
			assertThat(cycle.path("reasons")).hasSize(1);
			assertThat(cycle.path("reasons").get(0).path("code").asText()).isEqualTo("WAITING_FOR_UPSTREAMS");
			assertThat(cycle.path("reasons").get(0).path("params").path("upstreams").asText())
				.isEqualTo("e2e-drift-load");
			assertReleasedOnlyBy(waiting, loadRun, loadRun);
		}
		finally {
			deleteChain(admin, report, load);
		}
	}

	/**
	 * An older failure of the upstream (the previous minute's, ended after the
	 * downstream's previous fire) does not stop a fire whose own upstream run is RUNNING.
	 */
	@Test
	void aFireIsNotStoppedByAnOlderUpstreamFailureWhileItsOwnUpstreamRuns() {
		ApiClient admin = signedInAdmin(this.port);
		long check = minutely(admin, "e2e-older-check", "0 * * * * ?", List.of());
		long report = minutely(admin, "e2e-older-report", "40 * * * * ?", List.of("e2e-older-check"));
		Instant minute = Instant.now().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(2));
		Instant fire = minute.plusSeconds(40);
		row(check, minute.minusSeconds(60), "FAILED", fire.minusSeconds(10));
		long checkRun = row(check, minute, "RUNNING", null);
		long waiting = row(report, fire, "WAITING", null);

		try {
			assertReleasedOnlyBy(waiting, checkRun, checkRun);
		}
		finally {
			deleteChain(admin, report, check);
		}
	}

	/**
	 * In a run with dependents of A→B, A→C, B+C→D where B fails, D gets a row that says
	 * why it did not run, so it can be seen (and re-run). The agent is played by the
	 * rows: the test ends each run the leader starts.
	 */
	@Test
	void aNodeBlockedByAFailedUpstreamGetsARowSayingWhy() throws Exception {
		agent("e2e-flow-agent", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);
		long a = minutely(admin, "e2e-flow-a", "0 0 3 * * ?", List.of());
		long b = minutely(admin, "e2e-flow-b", "", List.of("e2e-flow-a"));
		long c = minutely(admin, "e2e-flow-c", "", List.of("e2e-flow-a"));
		long d = minutely(admin, "e2e-flow-d", "", List.of("e2e-flow-b", "e2e-flow-c"));
		try {
			await().until(() -> !admin.get("/api/v1/jobs/" + a).body().path("agentId").isNull());
			ApiClient.Response run = admin.post("/api/v1/jobs/" + a + "/run", Map.of("withDependents", true));
			assertThat(run.status()).as("%s", run.body()).isEqualTo(202);
			long root = run.body().get("executionId").asLong();
			end(root, "SUCCEEDED");
			await().until(() -> runOf(b) != null && runOf(c) != null);
			end(runOf(b), "FAILED");
			end(runOf(c), "SUCCEEDED");

			await().until(() -> runOf(d) != null);
			Map<String, Object> blocked = this.jdbc
				.queryForMap("SELECT status, error, root_id, released_by FROM execution WHERE id = ?", runOf(d));
			assertThat(blocked).containsEntry("status", "SKIPPED")
				.containsEntry("root_id", root)
				.containsEntry("released_by", runOf(b));
			assertThat((String) blocked.get("error"))
				.startsWith("not run: upstream failed: upstream job e2e-flow-b ended FAILED");
			// the note as a code, in the run history's list, for a reader of another
			// language
			JsonNode listed = admin.get("/api/v1/executions?jobId=" + d).body().path("items").path(0);
			assertThat(listed.path("reason").path("code").asText()).isEqualTo("UPSTREAM_FAILED");
			assertThat(listed.path("reason").path("params").path("upstream").asText()).isEqualTo("e2e-flow-b");
			assertThat(listed.path("reason").path("params").path("status").asText()).isEqualTo("FAILED");
			assertThat(listed.path("reason").path("params").path("execution").asLong()).isEqualTo(runOf(b));
			await().until(() -> "FAILED".equals(
					this.jdbc.queryForObject("SELECT status FROM workflow_run WHERE root_id = ?", String.class, root)));
			// the workflow run's own error, with its code for a reader of another
			// language
			JsonNode flow = null;
			for (JsonNode listedRun : admin.get("/api/v1/workflows/runs").body()) {
				flow = (listedRun.path("rootId").asLong() == root) ? listedRun : flow;
			}
			assertThat(flow).as("workflow run %s", root).isNotNull();
			assertThat(flow.path("error").asText())
				.isEqualTo("a run in it did not succeed; what depends on it did not run");
			assertThat(flow.path("reason").path("code").asText()).isEqualTo("WORKFLOW_RUN_NOT_SUCCEEDED");
		}
		finally {
			this.jdbc.update("DELETE FROM workflow_run WHERE job_id = ?", a);
			this.jdbc.update("DELETE FROM execution WHERE job_id IN (?, ?, ?, ?)", a, b, c, d);
			for (long job : new long[] { d, c, b, a }) {
				assertThat(admin.delete("/api/v1/jobs/" + job).status()).isEqualTo(204);
			}
		}
	}

	/**
	 * A disabled job in a run with dependents gets a SKIPPED row saying so, never a
	 * PENDING one no agent takes; what depends on it is stopped in turn, and the workflow
	 * run ends (a skip is not a failure).
	 */
	@Test
	void aDisabledNodeInARunWithDependentsBlocksWithARowNeverAHang() throws Exception {
		agent("e2e-off-agent", 1, Map.of());
		ApiClient admin = signedInAdmin(this.port);
		long a = minutely(admin, "e2e-off-a", "0 0 3 * * ?", List.of());
		long b = minutely(admin, "e2e-off-b", "", List.of("e2e-off-a"));
		long c = minutely(admin, "e2e-off-c", "", List.of("e2e-off-b"));
		try {
			assertThat(admin.post("/api/v1/jobs/" + b + "/disable", null).status()).isEqualTo(200);
			await().until(() -> !admin.get("/api/v1/jobs/" + a).body().path("agentId").isNull());
			ApiClient.Response run = admin.post("/api/v1/jobs/" + a + "/run", Map.of("withDependents", true));
			assertThat(run.status()).as("%s", run.body()).isEqualTo(202);
			long root = run.body().get("executionId").asLong();
			end(root, "SUCCEEDED");

			await().until(() -> runOf(c) != null);
			assertThat(this.jdbc.queryForMap("SELECT status, error FROM execution WHERE id = ?", runOf(b)))
				.containsEntry("status", "SKIPPED")
				.containsEntry("error", "not run: dependency disabled: job e2e-off-b is disabled");
			JsonNode disabled = admin.get("/api/v1/executions/" + runOf(b)).body().path("reason");
			assertThat(disabled.path("code").asText()).isEqualTo("DEPENDENCY_DISABLED");
			assertThat(disabled.path("params").path("job").asText()).isEqualTo("e2e-off-b");
			assertThat(this.jdbc.queryForMap("SELECT status, error FROM execution WHERE id = ?", runOf(c)))
				.containsEntry("status", "SKIPPED")
				.containsEntry("error",
						"not run: upstream skipped: upstream job e2e-off-b ended SKIPPED (execution " + runOf(b) + ")");
			await().until(() -> "SUCCEEDED".equals(
					this.jdbc.queryForObject("SELECT status FROM workflow_run WHERE root_id = ?", String.class, root)));
		}
		finally {
			this.jdbc.update("DELETE FROM workflow_run WHERE job_id = ?", a);
			this.jdbc.update("DELETE FROM execution WHERE job_id IN (?, ?, ?)", a, b, c);
			for (long job : new long[] { c, b, a }) {
				assertThat(admin.delete("/api/v1/jobs/" + job).status()).isEqualTo(204);
			}
		}
	}

	private Long runOf(long jobId) {
		return this.jdbc.queryForList("SELECT id FROM execution WHERE job_id = ?", Long.class, jobId)
			.stream()
			.findFirst()
			.orElse(null);
	}

	private void end(long executionId, String status) {
		this.jdbc.update("UPDATE execution SET status = ?, started_at = NOW(3), finished_at = NOW(3), "
				+ "updated_at = NOW(3) WHERE id = ?", status, executionId);
	}

	// through the API, downstream first, so the leader forgets the jobs as it learnt them
	private void deleteChain(ApiClient admin, long downstream, long upstream) {
		this.jdbc.update("DELETE FROM execution WHERE job_id IN (?, ?)", downstream, upstream);
		assertThat(admin.delete("/api/v1/jobs/" + downstream).status()).isEqualTo(204);
		assertThat(admin.delete("/api/v1/jobs/" + upstream).status()).isEqualTo(204);
	}

	private long minutely(ApiClient admin, String name, String schedule, List<String> dependsOn) {
		ApiClient.Response created = admin.post("/api/v1/jobs",
				Jobs.with(Jobs.with(Jobs.http(name), "schedule", schedule), "dependsOn", dependsOn));
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.id();
	}

	// a few leader rounds (1 s each) leave the fire waiting; the paired run's success
	// releases it, naming that run
	private void assertReleasedOnlyBy(long waiting, long pairedRun, long expectedReleasedBy) {
		Awaitility.await()
			.during(Duration.ofSeconds(3))
			.atMost(Duration.ofSeconds(10))
			.until(() -> "WAITING".equals(status(waiting)));
		this.jdbc.update("UPDATE execution SET status = 'SUCCEEDED', finished_at = NOW(3) WHERE id = ?", pairedRun);
		await().until(() -> !"WAITING".equals(status(waiting)));
		assertThat(
				this.jdbc.queryForMap("SELECT status, trigger_type, released_by FROM execution WHERE id = ?", waiting))
			.containsEntry("status", "PENDING")
			.containsEntry("trigger_type", "DEPENDENCY")
			.containsEntry("released_by", expectedReleasedBy);
	}

	private long row(long jobId, Instant scheduledAt, String status, Instant finishedAt) {
		this.jdbc.update(
				"INSERT INTO execution (job_id, job_name, trigger_type, status, scheduled_at, started_at, "
						+ "finished_at, updated_at) VALUES (?, 'e2e', 'CRON', ?, ?, ?, ?, NOW(3))",
				jobId, status, SqlTime.of(scheduledAt), SqlTime.of(scheduledAt),
				(finishedAt != null) ? SqlTime.of(finishedAt) : null);
		return this.jdbc.queryForObject("SELECT id FROM execution WHERE job_id = ? AND scheduled_at = ?", Long.class,
				jobId, SqlTime.of(scheduledAt));
	}

	private String status(long executionId) {
		return this.jdbc.queryForObject("SELECT status FROM execution WHERE id = ?", String.class, executionId);
	}

}
