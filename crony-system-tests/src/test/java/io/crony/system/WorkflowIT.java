package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.sun.net.httpserver.HttpServer;
import io.crony.test.CronyServicesExtension;
import io.crony.test.LocalServices;
import io.crony.test.ServiceProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Workflows end to end with the settings a user gets: crony-web and two crony-agents from
 * their jars, real etcd and MariaDB, a local HTTP target that answers /ok/{job} 200 and
 * /fail/{job} 500 and records every call with its body (the run's params).
 *
 * <p>
 * The tests wait on cron instants (every 10 s) and on one another's nothing: each has
 * jobs of its own (named by its own letter), so they run at once against the one system
 * ({@link #SHARED}). The two that kill a process (an agent, the web leader) take the
 * system alone, after the others.
 */
@Execution(ExecutionMode.CONCURRENT)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WorkflowIT {

	/**
	 * The running system: shared by the tests that only use it, taken alone by those that
	 * kill part of it.
	 */
	private static final String SHARED = "workflow-system";

	private static final String PASSWORD = "system-test-admin-4";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final int WEB_PORT = LocalServices.freePort();

	private static final List<String> calls = Collections.synchronizedList(new ArrayList<>());

	// flaky paths already called once: their first call fails, the next ones succeed
	private static final Set<String> flaky = ConcurrentHashMap.newKeySet();

	private static ServiceProcess web;

	private static ServiceProcess secondWeb;

	private static final int SECOND_WEB_PORT = LocalServices.freePort();

	private static final List<ServiceProcess> agents = new ArrayList<>();

	private static HttpServer target;

	private static volatile Api api;

	@BeforeAll
	static void startTheSystem() {
		target = recordingTarget();
		// all four at once: the agents wait for the schema the first web makes, and
		// started one after another they took a minute more of this class's time
		web = Platform.web("workflow-web-1", services, WEB_PORT, PASSWORD, Map.of("crony.web.cluster.instance-id",
				"workflow-web-1", "logging.level.io.crony.web.workflow", "DEBUG"));
		secondWeb = Platform.web("workflow-web-2", services, SECOND_WEB_PORT, PASSWORD, Map
			.of("crony.web.cluster.instance-id", "workflow-web-2", "logging.level.io.crony.web.workflow", "DEBUG"));
		Map<ServiceProcess, Integer> ports = new LinkedHashMap<>(Map.of(web, WEB_PORT, secondWeb, SECOND_WEB_PORT));
		for (String id : List.of("flow-agent-1", "flow-agent-2")) {
			int port = LocalServices.freePort();
			ServiceProcess agent = Platform.agent(services, id, port,
					Map.of("crony.agent.labels", "zone=" + id.substring(id.length() - 1)));
			agents.add(agent);
			ports.put(agent, port);
		}
		ports.forEach((process, port) -> process.awaitHealthy("http://127.0.0.1:" + port + "/actuator/health",
				Duration.ofMinutes(3)));
		api = new Api(WEB_PORT);
		api.login("admin", PASSWORD);
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		for (AutoCloseable process : agents) {
			process.close();
		}
		for (ServiceProcess process : new ServiceProcess[] { web, secondWeb }) {
			if (process != null) {
				process.close();
			}
		}
		if (target != null) {
			target.stop(0);
		}
	}

	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aSaveThatWouldCloseACycleIsRefusedNamingIt() {
		create("c-load", "0 0 1 * * ?", "ok", List.of());
		create("c-reconcile", "", "ok", List.of("c-load"));
		Map<String, Object> load = job("c-load", "0 0 1 * * ?", "ok", List.of("c-reconcile"));
		Api.Answer refused = api.put("/api/v1/jobs/" + idOf("c-load"), load);

		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
		JsonNode problem = refused.body().path("errors").get(0);
		assertThat(problem.path("field").asText()).isEqualTo("dependsOn");
		assertThat(problem.path("message").asText()).isEqualTo("makes a cycle: c-load → c-reconcile → c-load");
		assertThat(api.get("/api/v1/jobs/" + idOf("c-load")).body().path("dependsOn")).isEmpty();
	}

	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aJobOthersDependOnIsDeletedOnlyWhenTheEdgesAreCut() {
		long upstream = create("d-up", "0 0 1 * * ?", "ok", List.of());
		long dependent = create("d-down", "0 0 2 * * ?", "ok", List.of("d-up"));

		Api.Answer refused = api.delete("/api/v1/jobs/" + upstream);
		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(409);
		assertThat(refused.body().path("detail").asText()).contains("d-down");
		assertThat(api.get("/api/v1/jobs/" + upstream).status()).isEqualTo(200);

		assertThat(api.delete("/api/v1/jobs/" + upstream + "?cutEdges=true").status()).isEqualTo(204);
		JsonNode left = api.get("/api/v1/jobs/" + dependent).body();
		assertThat(left.path("dependsOn")).isEmpty();
		assertThat(left.path("version").asLong()).isEqualTo(2);
	}

	/**
	 * load → reconcile → (report, notify) → close, none with a schedule but load: a run
	 * of load with its dependents runs each once, in order, the parallel branches on both
	 * agents' workers, each with the params given.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aRunWithDependentsRunsTheWholeGraphOnceInOrderWithItsParams() {
		create("s-load", "0 0 1 1 1 ?", "ok", List.of());
		create("s-reconcile", "", "ok", List.of("s-load"));
		// the parallel branches pinned to different agents
		create("s-report", "", "ok", List.of("s-reconcile"), "1");
		create("s-notify", "", "ok", List.of("s-reconcile"), "2");
		create("s-close", "", "ok", List.of("s-report", "s-notify"));
		awaitPlaced("s-load", "s-reconcile", "s-report", "s-notify", "s-close");

		Api.Answer started = api.post("/api/v1/jobs/" + idOf("s-load") + "/run",
				Map.of("params", "day=2026-11-26", "withDependents", true));
		assertThat(started.status()).as("%s", started.body()).isEqualTo(202);
		long root = started.body().path("executionId").asLong();
		assertThat(started.body().path("workflowRunId").isNumber()).isTrue();

		await("the whole settlement ran").atMost(Duration.ofMinutes(2)).until(() -> callsOf("s-close").size() == 1);
		List<String> order = callsStartingWith("/ok/s-");
		assertThat(order).hasSize(5);
		assertThat(order.get(0)).isEqualTo("/ok/s-load day=2026-11-26");
		assertThat(order.get(1)).isEqualTo("/ok/s-reconcile day=2026-11-26");
		assertThat(order.subList(2, 4)).containsExactlyInAnyOrder("/ok/s-report day=2026-11-26",
				"/ok/s-notify day=2026-11-26");
		assertThat(order.get(4)).isEqualTo("/ok/s-close day=2026-11-26");

		assertThat(agentOfLastRun("s-report")).isEqualTo("flow-agent-1");
		assertThat(agentOfLastRun("s-notify")).isEqualTo("flow-agent-2");

		JsonNode tree = api.get("/api/v1/executions/" + root + "/tree").body();
		assertThat(tree.path("jobName").asText()).isEqualTo("s-load");
		assertThat(tree.path("children").get(0).path("jobName").asText()).isEqualTo("s-reconcile");
		assertThat(tree.path("children").get(0).path("children")).hasSize(2);
		await("the workflow run listed as done").atMost(Duration.ofSeconds(30)).until(() -> {
			for (JsonNode run : api.get("/api/v1/workflows/runs").body()) {
				if (run.path("rootId").asLong() == root) {
					return "SUCCEEDED".equals(run.path("status").asText()) && run.path("runs").asInt() == 5;
				}
			}
			return false;
		});
		JsonNode graph = api.get("/api/v1/workflows").body();
		assertThat(graph.path("edges").size()).isGreaterThanOrEqualTo(5);
	}

	/**
	 * A downstream with its own schedule (every 10 seconds) and an upstream run by hand:
	 * its fires wait for the upstream (time first), run at once when the upstream
	 * succeeded before them (upstreams first), once each, and a failed upstream stops the
	 * cycle.
	 */
	/**
	 * A downstream every 10 s at :00, :10, … fed by an upstream every 10 s at :05, :15,
	 * …: each fire waits for, and is released by, the upstream run of its own interval
	 * (the one 5 s before it), never another, whatever order the runs end in.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aScheduledDownstreamIsReleasedByTheUpstreamRunOfItsOwnLogicalInstant() {
		long upstream = create("g-up", "5/10 * * * * ?", "ok", List.of());
		long downstream = create("g-down", "*/10 * * * * ?", "ok", List.of("g-up"));
		awaitPlaced("g-up", "g-down");

		await("three runs of g-down").atMost(Duration.ofSeconds(90)).until(() -> count(downstream, "SUCCEEDED") >= 3);
		assertEachReleasedByItsPairedRun(downstream, upstream, Duration.ofSeconds(5), Instant.EPOCH);
		JsonNode cycle = api.get("/api/v1/jobs/" + downstream + "/cycle").body();
		if (!cycle.path("waiting").asBoolean()) {
			// no reason while it does not wait (the field is left out when null)
			assertThat(cycle.path("reason").isMissingNode() || cycle.path("reason").isNull()).as("%s", cycle).isTrue();
		}
	}

	/**
	 * Outputs to downstream jobs: an upstream every 10 s at :05, :15, … answers
	 * {@code {"outputs": {"at": <its instant>, ...}}}; a downstream every 10 s at :00,
	 * :10, … sends {@code ${upstream.o-up.outputs.at}} in its body, which must be the
	 * instant of its paired run (5 s before its own), never a later one. A field the
	 * upstream did not publish fails the attempt naming it; outputs over 4 KiB fail the
	 * run that published them; a template reading a job that is not an ancestor is
	 * refused on save.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aDownstreamReadsTheOutputsOfItsPairedUpstreamRun() {
		long upstream = create("o-up", "5/10 * * * * ?", "out", List.of());
		long downstream = create("o-down", "*/10 * * * * ?", "ok", List.of("o-up"), null,
				"${scheduledAt} ${upstream.o-up.outputs.at} ${upstream.o-up.outputs.n}");
		long missing = create("o-miss", "*/10 * * * * ?", "ok", List.of("o-up"), null, "${upstream.o-up.outputs.nope}");
		// through its upstream o-down, o-up is an ancestor of o-deep
		create("o-deep", "", "ok", List.of("o-down"), null, "${scheduledAt} ${upstream.o-up.outputs.at}");
		long big = create("o-big", "0 0 1 1 1 ?", "big", List.of());

		Map<String, Object> stray = job("o-stray", "0 0 1 1 1 ?", "ok", List.of("o-down"));
		stray.put("target", Map.of("type", "HTTP", "url", "http://127.0.0.1:1/x", "method", "POST", "mode", "SYNC",
				"body", "${upstream.o-miss.outputs.at}"));
		Api.Answer refused = api.post("/api/v1/jobs", stray);
		assertThat(refused.status()).as("%s", refused.body()).isEqualTo(400);
		assertThat(refused.body().toString()).contains("target.body")
			.contains("reads the outputs of job 'o-miss', which is not an upstream of this job");
		awaitPlaced("o-up", "o-down", "o-miss", "o-big");

		await("three runs of o-down").atMost(Duration.ofSeconds(90)).until(() -> count(downstream, "SUCCEEDED") >= 3);
		List<String> sent = callsOf("o-down");
		assertThat(sent).isNotEmpty();
		for (String call : sent) {
			String[] parts = call.split(" ");
			// "/ok/o-down <its instant> <the upstream's instant, as the upstream
			// published it> 7"
			assertThat(Instant.parse(parts[2])).as(call).isEqualTo(Instant.parse(parts[1]).minusSeconds(5));
			assertThat(parts[3]).as(call).isEqualTo("7");
		}
		JsonNode run = api.get("/api/v1/executions?jobId=" + downstream + "&status=SUCCEEDED")
			.body()
			.path("items")
			.get(0);
		JsonNode detail = api.get("/api/v1/executions/" + run.path("id").asLong()).body();
		JsonNode read = detail.path("upstreamOutputs").path("o-up");
		assertThat(read.path("executionId").asLong()).as("%s", detail).isEqualTo(run.path("releasedBy").asLong());
		JsonNode published = api.get("/api/v1/executions/" + read.path("executionId").asLong()).body();
		assertThat(published.path("jobId").asLong()).isEqualTo(upstream);
		assertThat(published.path("outputs").path("at").asText()).isEqualTo(published.path("scheduledAt").asText());
		assertThat(published.path("outputs").path("n").asInt()).isEqualTo(7);

		// a job without a schedule runs at its upstreams' instant: o-up's run 5 s before
		await("o-deep ran").atMost(Duration.ofSeconds(60)).until(() -> !callsOf("o-deep").isEmpty());
		for (String call : callsOf("o-deep")) {
			String[] parts = call.split(" ");
			assertThat(Instant.parse(parts[2])).as(call).isEqualTo(Instant.parse(parts[1]).minusSeconds(5));
		}

		await("o-miss failed naming the field").atMost(Duration.ofSeconds(90))
			.until(() -> count(missing, "FAILED") >= 1);
		JsonNode failed = api.get("/api/v1/executions?jobId=" + missing + "&status=FAILED").body().path("items").get(0);
		assertThat(failed.path("error").asText()).startsWith("target.body: upstream job o-up's run ")
			.contains("has no output 'nope' (its outputs: at, n)");
		assertThat(callsOf("o-miss")).isEmpty();

		Api.Answer ran = api.post("/api/v1/jobs/" + big + "/run", Map.of());
		assertThat(ran.status()).as("%s", ran.body()).isEqualTo(202);
		long bigRun = ran.body().path("executionId").asLong();
		await("o-big's run failed").atMost(Duration.ofSeconds(60))
			.until(() -> "FAILED".equals(api.get("/api/v1/executions/" + bigRun).body().path("status").asText()));
		JsonNode tooLarge = api.get("/api/v1/executions/" + bigRun).body();
		assertThat(tooLarge.path("error").asText())
			.startsWith("outputs not published: outputs are 5019 bytes, over the limit of 4096 bytes");
		assertThat(tooLarge.path("outputs").isMissingNode() || tooLarge.path("outputs").isNull()).isTrue();
	}

	/**
	 * The pairing rule through real agents, three periods at once: every 10 s (z-ten),
	 * every 20 s from :05 fed by it (a finer upstream: two instants a fire), every 30 s
	 * from :07 fed by both (three and one or two), every 10 s from :02 fed by the 20 s
	 * one (a coarser upstream: the fires with none of its instants inside pair with its
	 * latest before). Each sends its logical time by template and each upstream's paired
	 * output {@code at}; the target's calls are checked against the rule
	 * ({@link PairingSoak}): every call after all the runs it pairs with, reading the
	 * latest of them, none twice, none missing. {@code crony.workflow.soak.seconds} long:
	 * 60 in make test (beside the other tests of the class), 600 in make workflow-soak.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void threePeriodsPairByTheRuleThroughRealAgents() {
		Duration soak = Duration.ofSeconds(Long.getLong("crony.workflow.soak.seconds", 60));
		PairingSoak.Job ten = new PairingSoak.Job("z-ten", 10, 0, List.of());
		PairingSoak.Job twenty = new PairingSoak.Job("z-twenty", 20, 5, List.of(ten));
		PairingSoak.Job thirty = new PairingSoak.Job("z-thirty", 30, 7, List.of(ten, twenty));
		PairingSoak.Job coarse = new PairingSoak.Job("z-coarse", 10, 2, List.of(twenty));
		List<PairingSoak.Job> jobs = List.of(ten, twenty, thirty, coarse);
		for (PairingSoak.Job job : jobs) {
			String body = job.template();
			if (job == thirty) {
				// a template with an offset: the start of its interval, checked below
				body += "|${yyyy-MM-dd HH:mm:ss,-30s}";
			}
			create(job.name(), job.cron(), "out", job.upstreams().stream().map(PairingSoak.Job::name).toList(), null,
					body);
		}
		Instant end = Instant.now().plus(soak);
		await("every soak job called").atMost(soak.plusMinutes(2))
			.pollInterval(Duration.ofSeconds(1))
			.until(() -> Instant.now().isAfter(end) && jobs.stream().noneMatch((job) -> calls(job).isEmpty()));
		Instant complete = Instant.now().minusSeconds(1);
		// the chain of a fire is done a few seconds after its instant
		await("every fire up to " + complete + " called").atMost(Duration.ofSeconds(60))
			.until(() -> PairingSoak.completeUpTo(jobs, callsStartingWith("/out/z-"), "/out/", complete));

		List<String> seen = callsStartingWith("/out/z-");
		PairingSoak.Verdict verdict = PairingSoak.check(jobs, seen, "/out/", complete);
		System.out.printf("workflow soak: %d s, %d calls, %d pairs checked, %d mispairings%n", soak.toSeconds(),
				verdict.calls(), verdict.pairsChecked(), verdict.mispairings().size());
		assertThat(verdict.mispairings()).isEmpty();
		for (String call : calls(thirty)) {
			String[] parts = call.split("\\|");
			Instant own = LocalDateTime.parse(parts[0], PairingSoak.LOGICAL_TIME).toInstant(ZoneOffset.UTC);
			Instant offset = LocalDateTime.parse(parts[3], PairingSoak.LOGICAL_TIME).toInstant(ZoneOffset.UTC);
			assertThat(offset).as(call).isEqualTo(own.minusSeconds(30));
		}
	}

	// the bodies of the job's calls
	private static List<String> calls(PairingSoak.Job job) {
		String prefix = "/out/" + job.name() + " ";
		return callsStartingWith(prefix).stream().map((call) -> call.substring(prefix.length())).toList();
	}

	/**
	 * A plain clear through a real agent: a run by hand fails (its target answers 500 the
	 * first time), is cleared alone, and runs again on the same row for the same logical
	 * instant: the target gets the same logical time twice, the row ends SUCCEEDED after
	 * new attempts, and the failed run is kept as its first cleared run.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aClearedFailedRunRunsAgainForItsOwnLogicalInstant() {
		long job = create("x-clear", "0 0 1 1 1 ?", "flaky", List.of(), null, "${yyyy-MM-dd HH:mm:ss}|${scheduledAt}");
		awaitPlaced("x-clear");
		long run = api.post("/api/v1/jobs/" + job + "/run", Map.of()).body().path("executionId").asLong();
		await("the first run failed").atMost(Duration.ofSeconds(60))
			.until(() -> api.get("/api/v1/executions/" + run).body().path("status").asText(), "FAILED"::equals);
		String instant = api.get("/api/v1/executions/" + run).body().path("scheduledAt").asText();

		Api.Answer cleared = api.post("/api/v1/executions/" + run + "/clear", Map.of("withDependents", false));
		assertThat(cleared.status()).as("%s", cleared.body()).isEqualTo(202);
		assertThat(cleared.body().path("executionId").asLong()).isEqualTo(run);
		assertThat(cleared.body().path("scheduledAt").asText()).isEqualTo(instant);
		assertThat(cleared.body().path("dependents")).isEmpty();
		await("the cleared run succeeded").atMost(Duration.ofSeconds(60))
			.until(() -> api.get("/api/v1/executions/" + run).body().path("status").asText(), "SUCCEEDED"::equals);

		JsonNode detail = api.get("/api/v1/executions/" + run).body();
		assertThat(detail.path("scheduledAt").asText()).isEqualTo(instant);
		assertThat(detail.path("trigger").asText()).isEqualTo("RETRY");
		assertThat(detail.path("attempt").asInt()).isEqualTo(1);
		JsonNode earlier = detail.path("clearedRuns");
		assertThat(earlier).as("%s", detail).hasSize(1);
		assertThat(earlier.get(0).path("run").asInt()).isEqualTo(1);
		assertThat(earlier.get(0).path("status").asText()).isEqualTo("FAILED");
		assertThat(earlier.get(0).path("attempt").asInt()).isEqualTo(1);
		assertThat(earlier.get(0).path("trigger").asText()).isEqualTo("MANUAL");
		String logicalTime = PairingSoak.LOGICAL_TIME.format(Instant.parse(instant).atOffset(ZoneOffset.UTC));
		// both calls, the failed one and the cleared one's, for the one logical instant
		assertThat(callsOf("x-clear")).containsExactly("/ok/x-clear " + logicalTime + "|" + instant,
				"/ok/x-clear " + logicalTime + "|" + instant);
	}

	/**
	 * An upstream whose first call fails: the downstream's fire of that instant stops,
	 * with an alert-worthy reason, and the next instants run; the operator re-runs the
	 * upstream with its dependents, and the downstream runs with the params given.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aFailedUpstreamStopsItsDownstreamAndARunWithDependentsStartsItAgain() {
		// both jobs made early in a ten-second window, so both are placed before its end
		// and
		// the downstream has a fire paired with the upstream's first (failing) run; made
		// just
		// before an instant, the downstream could miss it and pair only with successes
		await("early in a ten-second window").atMost(Duration.ofSeconds(15))
			.pollInterval(Duration.ofMillis(100))
			.until(() -> Instant.now().getEpochSecond() % 10 == 1);
		long upstream = create("f-up", "*/10 * * * * ?", "flaky", List.of());
		long downstream = create("f-down", "*/10 * * * * ?", "ok", List.of("f-up"));
		awaitPlaced("f-up", "f-down");

		// (a fire before the upstream's first run is stopped too: the upstream has no run
		// at its paired instant and has run later ones)
		await("the paired fire stopped").atMost(Duration.ofSeconds(60))
			.until(() -> stoppedByFailure(downstream) != null);
		JsonNode skipped = stoppedByFailure(downstream);
		JsonNode failed = api.get("/api/v1/executions/" + skipped.path("releasedBy").asLong()).body();
		assertThat(failed.path("scheduledAt").asText()).isEqualTo(skipped.path("scheduledAt").asText());
		await("the next instants run").atMost(Duration.ofSeconds(60)).until(() -> count(downstream, "SUCCEEDED") >= 1);

		Api.Answer again = api.post("/api/v1/jobs/" + upstream + "/run",
				Map.of("params", "fixed", "withDependents", true));
		assertThat(again.status()).isEqualTo(202);
		await("f-down ran after the re-run").atMost(Duration.ofSeconds(40))
			.until(() -> callsOf("f-down").contains("/ok/f-down fixed"));
	}

	/**
	 * Upstream and downstream on the same schedule: the cron time and the upstream's
	 * completion arrive together, every instant; the downstream still runs once per
	 * instant, each released by an upstream success of its cycle.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void upstreamAndDownstreamDueTogetherRunOncePerInstant() {
		long upstream = create("t-up", "*/10 * * * * ?", "ok", List.of(), "1");
		long downstream = create("t-down", "*/10 * * * * ?", "ok", List.of("t-up"), "2");
		awaitPlaced("t-up", "t-down");

		await("three runs of t-down").atMost(Duration.ofSeconds(90)).until(() -> count(downstream, "SUCCEEDED") >= 3);
		List<JsonNode> runs = new ArrayList<>();
		api.get("/api/v1/executions?size=100&jobId=" + downstream + "&status=SUCCEEDED")
			.body()
			.path("items")
			.forEach(runs::add);
		assertThat(runs.stream().map((run) -> run.path("scheduledAt").asText()).distinct()).hasSize(runs.size());
		for (JsonNode run : runs) {
			JsonNode by = api.get("/api/v1/executions/" + run.path("releasedBy").asLong()).body();
			assertThat(by.path("jobId").asLong()).isEqualTo(upstream);
			assertThat(by.path("status").asText()).isEqualTo("SUCCEEDED");
			assertThat(Instant.parse(by.path("finishedAt").asText()))
				.isAfter(Instant.parse(run.path("scheduledAt").asText()).minusSeconds(10));
		}
		assertThat(callsOf("t-down").size()).isBetween(runs.size(), runs.size() + 1);
	}

	/**
	 * The agent that ran the upstream is killed right after its success is recorded,
	 * before the downstream's instant: the downstream still runs once, released by it.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ_WRITE)
	@Order(Integer.MAX_VALUE - 1)
	void aCompletionSurvivesTheKillOfTheAgentThatRanIt() throws Exception {
		int port = LocalServices.freePort();
		ServiceProcess doomed = Platform.agent(services, "flow-agent-k", port, Map.of("crony.agent.labels", "zone=k"));
		agents.add(doomed);
		doomed.awaitHealthy("http://127.0.0.1:" + port + "/actuator/health", Duration.ofMinutes(3));
		long upstream = create("k-up", "5/10 * * * * ?", "ok", List.of(), "k");
		long downstream = create("k-down", "*/10 * * * * ?", "ok", List.of("k-up"), "2");
		awaitPlaced("k-up", "k-down");
		await("a success of k-up").atMost(Duration.ofSeconds(40)).until(() -> count(upstream, "SUCCEEDED") >= 1);
		JsonNode upRun = api.get("/api/v1/executions?jobId=" + upstream + "&status=SUCCEEDED")
			.body()
			.path("items")
			.get(0);
		doomed.kill();

		// the downstream's fire 5 s after it is released by it, once
		Instant paired = Instant.parse(upRun.path("scheduledAt").asText()).plusSeconds(5);
		await("k-down's fire at " + paired + " ran").atMost(Duration.ofSeconds(60))
			.until(() -> "SUCCEEDED".equals(runAt(downstream, paired).path("status").asText()));
		assertThat(runAt(downstream, paired).path("releasedBy").asLong()).isEqualTo(upRun.path("id").asLong());
	}

	/**
	 * The web leader is killed while a fire waits; the upstream succeeds meanwhile
	 * (through the other web): the next leader releases the fire, once.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ_WRITE)
	@Order(Integer.MAX_VALUE)
	void aWaitingFireIsReleasedByTheNextLeaderWhenTheLeaderDies() throws Exception {
		long upstream = create("l-up", "5/10 * * * * ?", "ok", List.of());
		long downstream = create("l-down", "*/10 * * * * ?", "ok", List.of("l-up"));
		awaitPlaced("l-up", "l-down");
		await("l-down runs").atMost(Duration.ofSeconds(60)).until(() -> count(downstream, "SUCCEEDED") >= 1);
		long before = count(downstream, "SUCCEEDED");
		Instant killedAt = Instant.now();

		String leader = api.get("/api/v1/cluster").body().path("leaderId").asText();
		boolean firstLeads = "workflow-web-1".equals(leader);
		ServiceProcess leading = firstLeads ? web : secondWeb;
		// the first web served the API to every test of the class: what it ran counts
		leading.writeCoverage();
		leading.kill();
		Api survivor = new Api(firstLeads ? SECOND_WEB_PORT : WEB_PORT);
		survivor.login("admin", PASSWORD);
		api = survivor;

		// the next leader releases the fires from the rows, each by its paired run
		await("l-down runs under the next leader").atMost(Duration.ofSeconds(90))
			.until(() -> count(downstream, "SUCCEEDED") >= before + 2);
		assertEachReleasedByItsPairedRun(downstream, upstream, Duration.ofSeconds(5), killedAt);
		assertThat(api.get("/api/v1/cluster").body().path("leaderId").asText()).isNotEqualTo(leader);
	}

	/**
	 * A backfill of ten daily instants over a three-job chain, serially: each instant's
	 * chain runs in order, each run given that instant, before the next instant starts.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aBackfillOfTenDailyInstantsRunsEachInstantsChainInOrder() {
		long load = create("b-load", "0 0 2 * * ?", "ok", List.<String>of(), null, "${scheduledAt}");
		create("b-transform", "", "ok", List.of("b-load"), null, "${scheduledAt}");
		create("b-report", "", "ok", List.of("b-transform"), null, "${scheduledAt}");
		awaitPlaced("b-load", "b-transform", "b-report");
		Instant first = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(10, ChronoUnit.DAYS).plus(2, ChronoUnit.HOURS);
		Instant last = first.plus(9, ChronoUnit.DAYS);

		Api.Answer future = api.post("/api/v1/jobs/" + load + "/backfills",
				Map.of("from", first.toString(), "to", Instant.now().plusSeconds(3600).toString()));
		assertThat(future.status()).isEqualTo(400);
		assertThat(future.body().path("errors").get(0).path("field").asText()).isEqualTo("to");

		Api.Answer started = api.post("/api/v1/jobs/" + load + "/backfills",
				Map.of("from", first.toString(), "to", last.toString(), "withDependents", true));
		assertThat(started.status()).as("%s", started.body()).isEqualTo(201);
		assertThat(started.body().path("total").asInt()).isEqualTo(10);
		long id = started.id();
		await("the backfill done").atMost(Duration.ofMinutes(4))
			.until(() -> api.get("/api/v1/backfills/" + id).body().path("status").asText(), "SUCCEEDED"::equals);
		assertThat(api.get("/api/v1/backfills/" + id).body().path("succeeded").asInt()).isEqualTo(10);

		List<String> order = callsStartingWith("/ok/b-");
		List<String> expected = new ArrayList<>();
		for (int day = 0; day < 10; day++) {
			String instant = first.plus(day, ChronoUnit.DAYS).toString();
			for (String job : List.of("b-load", "b-transform", "b-report")) {
				expected.add("/ok/" + job + " " + instant);
			}
		}
		assertThat(order).containsExactlyElementsOf(expected);
	}

	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aBackfillCanBePausedResumedAndCancelled() {
		long job = create("p-job", "0 0 3 * * ?", "ok", List.of());
		awaitPlaced("p-job");
		Instant first = Instant.now().truncatedTo(ChronoUnit.DAYS).minus(30, ChronoUnit.DAYS);
		long id = api
			.post("/api/v1/jobs/" + job + "/backfills",
					Map.of("from", first.toString(), "to", Instant.now().truncatedTo(ChronoUnit.DAYS).toString()))
			.id();

		assertThat(api.post("/api/v1/backfills/" + id + "/pause", null).body().path("status").asText())
			.isEqualTo("PAUSED");
		assertThat(api.post("/api/v1/backfills/" + id + "/pause", null).status()).isEqualTo(409);
		long startedWhilePaused = api.get("/api/v1/backfills/" + id).body().path("started").asLong();
		await().during(Duration.ofSeconds(3))
			.atMost(Duration.ofSeconds(10))
			.until(() -> api.get("/api/v1/backfills/" + id).body().path("started").asLong() <= startedWhilePaused + 1);

		assertThat(api.post("/api/v1/backfills/" + id + "/resume", null).body().path("status").asText())
			.isEqualTo("RUNNING");
		await("instants start again").atMost(Duration.ofSeconds(30))
			.until(() -> api.get("/api/v1/backfills/" + id).body().path("started").asLong() > startedWhilePaused + 1);
		assertThat(api.post("/api/v1/backfills/" + id + "/cancel", null).body().path("status").asText())
			.isEqualTo("CANCELLED");
		long startedWhenCancelled = api.get("/api/v1/backfills/" + id).body().path("started").asLong();
		await().during(Duration.ofSeconds(3))
			.atMost(Duration.ofSeconds(10))
			.until(() -> api.get("/api/v1/backfills/" + id).body().path("started").asLong() <= startedWhenCancelled
					+ 1);
		assertThat(api.get("/api/v1/backfills/" + id).body().path("total").asInt()).isEqualTo(30);
	}

	/**
	 * A job whose workflow must be done a minute after each instant; its dependent fails,
	 * so the deadline passes and the job's webhook channel gets one WORKFLOW_LATE alert
	 * naming the dependent.
	 */
	@Test
	@ResourceLock(value = SHARED, mode = ResourceAccessMode.READ)
	void aWorkflowNotDoneByItsDeadlineRaisesAnAlert() {
		Api.Answer channel = api.post("/api/v1/alert-channels",
				Map.of("name", "flow-hook", "type", "WEBHOOK", "config",
						Map.of("url", "http://127.0.0.1:" + target.getAddress().getPort() + "/hook"), "secret",
						"flow-hook-secret-1"));
		assertThat(channel.status()).as("%s", channel.body()).isEqualTo(201);
		Map<String, Object> root = job("w-root", "*/10 * * * * ?", "ok", List.of());
		root.put("alerts", Map.of("channelIds", List.of(channel.id()), "workflowDeadlineMinutes", 1));
		Api.Answer created = api.post("/api/v1/jobs", root);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		assertThat(created.body().path("alerts").path("workflowDeadlineMinutes").asInt()).isEqualTo(1);
		create("w-sink", "", "fail", List.of("w-root"));

		await("the deadline alert").atMost(Duration.ofSeconds(150))
			.until(() -> hookCalls().stream().anyMatch((call) -> call.contains("w-root") && call.contains("w-sink")));
		assertThat(hookCalls()).allMatch((call) -> call.contains("missed its deadline"));
	}

	private static List<String> hookCalls() {
		return callsStartingWith("/hook ");
	}

	// under the list's lock: the target adds to it while the tests read
	private static List<String> callsStartingWith(String prefix) {
		synchronized (calls) {
			return calls.stream().filter((call) -> call.startsWith(prefix)).toList();
		}
	}

	// each successful run (of an instant after {@code after}) released by the upstream's
	// run of the instant {@code before} its own, one run per instant
	private static void assertEachReleasedByItsPairedRun(long jobId, long upstream, Duration before, Instant after) {
		List<JsonNode> runs = new ArrayList<>();
		api.get("/api/v1/executions?size=100&jobId=" + jobId + "&status=SUCCEEDED")
			.body()
			.path("items")
			.forEach(runs::add);
		assertThat(runs.stream().map((run) -> run.path("scheduledAt").asText()).distinct()).hasSize(runs.size());
		for (JsonNode run : runs) {
			Instant instant = Instant.parse(run.path("scheduledAt").asText());
			if (instant.isBefore(after)) {
				continue;
			}
			JsonNode by = api.get("/api/v1/executions/" + run.path("releasedBy").asLong()).body();
			assertThat(by.path("jobId").asLong()).as("%s", run).isEqualTo(upstream);
			assertThat(by.path("status").asText()).isEqualTo("SUCCEEDED");
			assertThat(Instant.parse(by.path("scheduledAt").asText())).as("%s", run).isEqualTo(instant.minus(before));
		}
	}

	private static JsonNode stoppedByFailure(long jobId) {
		for (JsonNode run : api.get("/api/v1/executions?size=100&status=SKIPPED&jobId=" + jobId).body().path("items")) {
			if (run.path("error").asText().startsWith("not run: upstream job f-up ended FAILED")) {
				return run;
			}
		}
		return null;
	}

	private static JsonNode runAt(long jobId, Instant instant) {
		for (JsonNode run : api.get("/api/v1/executions?size=100&jobId=" + jobId).body().path("items")) {
			if (Instant.parse(run.path("scheduledAt").asText()).equals(instant)) {
				return run;
			}
		}
		return MissingNode.getInstance();
	}

	private static long count(long jobId, String status) {
		return api.get("/api/v1/executions?jobId=" + jobId + "&status=" + status).body().path("total").asLong();
	}

	private static List<String> callsOf(String job) {
		return callsStartingWith("/ok/" + job + " ");
	}

	private static String agentOfLastRun(String job) {
		return api.get("/api/v1/executions?jobId=" + idOf(job)).body().path("items").get(0).path("agentId").asText();
	}

	private static void awaitPlaced(String... names) {
		for (String name : names) {
			await(name + " held by an agent").atMost(Duration.ofSeconds(60))
				.until(() -> !api.get("/api/v1/jobs/" + idOf(name)).body().path("agentId").isNull());
		}
	}

	private static long idOf(String name) {
		for (JsonNode job : api.get("/api/v1/jobs?name=" + name).body().path("items")) {
			if (name.equals(job.path("name").asText())) {
				return job.path("id").asLong();
			}
		}
		throw new AssertionError("no job " + name);
	}

	private static long create(String name, String schedule, String outcome, List<String> dependsOn) {
		return create(name, schedule, outcome, dependsOn, null);
	}

	/**
	 * @param zone the agents' zone label the job must run in; null: any agent
	 */
	private static long create(String name, String schedule, String outcome, List<String> dependsOn, String zone) {
		return create(name, schedule, outcome, dependsOn, zone, "${params}");
	}

	/**
	 * @param template the body the target gets
	 */
	private static long create(String name, String schedule, String outcome, List<String> dependsOn, String zone,
			String template) {
		Map<String, Object> body = job(name, schedule, outcome, dependsOn);
		body.put("target",
				Map.of("type", "HTTP", "url",
						"http://127.0.0.1:" + target.getAddress().getPort() + "/" + outcome + "/" + name, "method",
						"POST", "mode", "SYNC", "body", template));
		if (zone != null) {
			body.put("assignment", Map.of("labels", Map.of("zone", zone)));
		}
		Api.Answer created = api.post("/api/v1/jobs", body);
		assertThat(created.status()).as("%s", created.body()).isEqualTo(201);
		return created.id();
	}

	private static Map<String, Object> job(String name, String schedule, String outcome, List<String> dependsOn) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("name", name);
		body.put("schedule", schedule);
		body.put("timeZone", "UTC");
		body.put("target",
				Map.of("type", "HTTP", "url",
						"http://127.0.0.1:" + target.getAddress().getPort() + "/" + outcome + "/" + name, "method",
						"POST", "mode", "SYNC", "body", "${params}"));
		body.put("timeoutSeconds", 5);
		body.put("overlapPolicy", "ALLOW");
		body.put("dependsOn", dependsOn);
		return body;
	}

	/**
	 * What /out/ and /big/ answer: outputs naming the run's instant, and outputs over the
	 * 4 KiB limit (5,019 bytes as compact JSON); null for the other paths' empty answers.
	 */
	private static String answer(String path, String scheduledAt) {
		if (path.startsWith("/out/")) {
			return "{\"ok\": true, \"outputs\": {\"at\": \"" + scheduledAt + "\", \"n\": 7}}";
		}
		if (path.startsWith("/big/")) {
			return "{\"outputs\": {\"rows\": \"" + "x".repeat(5008) + "\"}}";
		}
		return null;
	}

	private static HttpServer recordingTarget() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.createContext("/", (exchange) -> {
				String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
				String path = exchange.getRequestURI().getPath();
				boolean firstFlaky = path.startsWith("/flaky/") && flaky.add(path);
				calls.add(path.replace("/flaky/", "/ok/") + " " + body);
				String answer = answer(path, exchange.getRequestHeaders().getFirst("X-Crony-Scheduled-At"));
				if (answer != null) {
					// outputs to downstream jobs: the "outputs" member of a JSON answer
					byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
					exchange.getResponseHeaders().set("Content-Type", "application/json");
					exchange.sendResponseHeaders(200, bytes.length);
					exchange.getResponseBody().write(bytes);
				}
				else {
					exchange.sendResponseHeaders((path.startsWith("/fail/") || firstFlaky) ? 500 : 200, -1);
				}
				exchange.close();
			});
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
