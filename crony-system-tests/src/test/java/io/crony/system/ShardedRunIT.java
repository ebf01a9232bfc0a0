package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.crony.sdk.CronyClient;
import io.crony.sdk.Execution;
import io.crony.sdk.Result;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
import io.crony.test.CronyServicesExtension;
import io.crony.test.Jaeger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Sharded and broadcast jobs, and the least-active instance choice, end to end: crony-web
 * with its embedded Eureka server, a crony-agent with its default settings, and real
 * local HTTP instances of an {@code lb://} service registered in Eureka. 4 shards over 4
 * instances land one each, over 2 instances two each; a broadcast reaches every instance;
 * a failing shard is retried alone; an operator's re-run of a failed run's failed shards
 * calls only them; the run's page lists its shards; the job's limit on the whole run
 * stops a slow shard, and the run's one alert names that shard and its instance; a job
 * that picks the least active instance goes to the idle one while the other is busy.
 *
 * <p>
 * Both export every span (sampling 1.0) to a real Jaeger ({@link Jaeger}): a retried run
 * is read back from Jaeger's query API as one trace, its run span with each attempt a
 * child, and the target got each attempt's span as its {@code traceparent}; a workflow of
 * a sharded job and a job whose service reports through the Java SDK is one trace, the
 * downstream run's span a child of the upstream run's, crony-web's span of the SDK's
 * report a child of the downstream attempt's.
 */
class ShardedRunIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static final String SECRET = "SECshard-hook";

	private static RegistrySystem system;

	private static Api api;

	private static Runs runs;

	private static Eureka eureka;

	private static Jaeger jaeger;

	private final List<Instance> instances = new CopyOnWriteArrayList<>();

	@BeforeAll
	static void startTheSystem() {
		jaeger = Jaeger.start();
		system = new RegistrySystem(services, "sharded-it", Map.of("management.tracing.sampling.probability", "1.0",
				"management.otlp.tracing.endpoint", jaeger.otlpEndpoint()));
		api = system.api;
		runs = system.runs;
		eureka = system.eureka;
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		if (system != null) {
			system.close();
		}
		if (jaeger != null) {
			jaeger.close();
		}
	}

	@AfterEach
	void stopInstances() {
		this.instances.forEach(Instance::close);
	}

	@Test
	void fourShardsLandOneEachOnFourInstancesAndTwoEachOnTwo() {
		List<Instance> four = instances("shard-four", 4);
		long job = create("shard-four", Map.of("shards", 4, "shardParams", List.of("a", "b", "c", "d")), 1);

		JsonNode run = untilSucceeded(job, "shard-four", 4);
		assertThat(four).allMatch((instance) -> instance.indexes().size() == 1);
		assertThat(four.stream().flatMap((instance) -> instance.indexes().stream()).collect(Collectors.toSet()))
			.containsExactlyInAnyOrder("0", "1", "2", "3");
		JsonNode shards = run.get("shards");
		assertThat(shards).hasSize(4);
		assertThat(shards.findValuesAsText("status")).containsOnly("SUCCEEDED");

		List<Instance> two = instances("shard-two", 2);
		long halves = create("shard-two", Map.of("shards", 4), 1);
		untilSucceeded(halves, "shard-two", 2);
		assertThat(two).allMatch((instance) -> instance.indexes().size() == 2);
	}

	@Test
	void aBroadcastReachesEveryInstance() {
		List<Instance> three = instances("broadcast", 3);
		long job = create("broadcast", Map.of("broadcast", true), 1);

		JsonNode run = untilSucceeded(job, "broadcast", 3);
		assertThat(three).allMatch((instance) -> instance.indexes().size() == 1);
		assertThat(run.get("shards")).hasSize(3);
	}

	@Test
	void aFailingShardIsRetriedAlone() {
		List<Instance> four = instances("retried", 4);
		long job = create("retried", Map.of("shards", 4), 2);
		// once the agent sees all four, shard 2's first call fails
		untilSucceeded(job, "retried", 4);
		four.forEach((instance) -> {
			instance.forget();
			instance.failOnce.add("2");
		});

		long id = runs.toEnd(job, null).get("id").asLong();
		JsonNode run = await("the run's shards").atMost(Duration.ofSeconds(30))
			.until(() -> api.get("/api/v1/executions/" + id).body(), (detail) -> detail.path("shards").size() == 4);
		assertThat(run.get("status").asText()).isEqualTo("SUCCEEDED");
		List<String> calls = four.stream().flatMap((instance) -> instance.indexes().stream()).toList();
		assertThat(calls).containsExactlyInAnyOrder("0", "1", "2", "2", "3");
		JsonNode retried = run.get("shards").get(2);
		assertThat(retried.get("attempt").asInt()).isEqualTo(2);
		assertThat(retried.get("status").asText()).isEqualTo("SUCCEEDED");
	}

	@Test
	void aRerunOfTheFailedShardsCallsOnlyThemAndTheRunSucceedsAtItsInstant() {
		List<Instance> four = instances("rerun", 4);
		long job = create("rerun", Map.of("shards", 4), 1);
		long succeeded = untilSucceeded(job, "rerun", 4).get("id").asLong();
		Api.Answer nothingFailed = api.post("/api/v1/executions/" + succeeded + "/rerun-failed-shards", Map.of());
		assertThat(nothingFailed.status()).as("%s", nothingFailed.body()).isEqualTo(409);
		assertThat(nothingFailed.body().path("detail").asText()).contains("has no failed shard");
		// one attempt per shard: shard 2's first call fails the run
		four.forEach((instance) -> {
			instance.forget();
			instance.failOnce.add("2");
		});
		JsonNode failed = runs.toEnd(job, null);
		assertThat(failed.get("status").asText()).isEqualTo("FAILED");
		long id = failed.get("id").asLong();
		four.forEach(Instance::forget);

		Api.Answer rerun = api.post("/api/v1/executions/" + id + "/rerun-failed-shards", Map.of());

		assertThat(rerun.status()).as("%s", rerun.body()).isEqualTo(202);
		assertThat(rerun.body().get("shards").toString()).isEqualTo("[2]");
		JsonNode run = await("the re-run's end").atMost(Duration.ofSeconds(60))
			.until(() -> api.get("/api/v1/executions/" + id).body(),
					(detail) -> "SUCCEEDED".equals(detail.path("status").asText()));
		assertThat(four.stream().flatMap((instance) -> instance.indexes().stream()).toList()).containsExactly("2");
		assertThat(run.get("scheduledAt").asText()).isEqualTo(failed.get("scheduledAt").asText());
		assertThat(run.get("shards").findValuesAsText("status")).containsOnly("SUCCEEDED").hasSize(4);
		JsonNode before = run.get("clearedRuns").get(0);
		assertThat(before.get("status").asText()).isEqualTo("FAILED");
		assertThat(before.get("shards").get(2).get("status").asText()).isEqualTo("FAILED");
	}

	@Test
	void theWholeRunsLimitStopsASlowShardAndTheRunsAlertNamesItAndItsInstance() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			Api.Answer channel = api.post("/api/v1/alert-channels", Map.of("name", "shard-hook", "type", "WEBHOOK",
					"config", Map.of("url", hook.url()), "secret", SECRET));
			assertThat(channel.status()).as("%s", channel.body()).isEqualTo(201);
			List<Instance> two = instances("limited", 2);
			// timeouts only: the runs that fail while the agent learns of both instances
			// raise nothing
			long job = create("limited", Map.of("shards", 2, "shardsTimeoutSeconds", 3), 1,
					Map.of("alerts", Map.of("channelIds", List.of(channel.id()), "onFailure", false)));
			untilSucceeded(job, "limited", 2);
			two.forEach((instance) -> instance.slow.add("1"));

			JsonNode ended = runs.toEnd(job, null);

			assertThat(ended.get("status").asText()).isEqualTo("TIMED_OUT");
			JsonNode run = api.get("/api/v1/executions/" + ended.get("id").asLong()).body();
			assertThat(run.get("error").asText()).startsWith("shard 1 of 2 timed out");
			JsonNode slowShard = run.get("shards").get(1);
			assertThat(slowShard.get("status").asText()).isEqualTo("TIMED_OUT");
			assertThat(slowShard.get("error").asText()).isEqualTo("the sharded run's limit of 3 s passed");
			assertThat(run.get("shards").get(0).get("status").asText()).isEqualTo("SUCCEEDED");
			// well before the shard's own 30 s timeout
			assertThat(Duration.between(Instant.parse(run.get("startedAt").asText()),
					Instant.parse(run.get("finishedAt").asText())))
				.isLessThan(Duration.ofSeconds(20));
			BotServer.Received alert = await("the run's alert").atMost(Duration.ofSeconds(30))
				.until(() -> hook.received(), (received) -> !received.isEmpty())
				.get(0);
			assertThat(alert.verified()).isTrue();
			assertThat(alert.body().path("kind").asText()).isEqualTo("TIMEOUT");
			assertThat(alert.body().path("text").asText())
				.contains("1 of 2 shards did not succeed (each may make 1 attempt(s)): shard 1 at "
						+ slowShard.get("instance").asText() + " TIMED_OUT after 1 attempt(s): the sharded run's "
						+ "limit of 3 s passed.");
		}
	}

	@Test
	void leastActiveSendsRunsToTheIdleInstanceWhileTheOtherIsBusy() {
		List<Instance> two = instances("choice", 2);
		Map<String, Object> roundRobin = Runs.target("HTTP", "lb://choice/work", "SYNC");
		Map<String, Object> leastActive = new LinkedHashMap<>(roundRobin);
		leastActive.put("instanceChoice", "LEAST_ACTIVE");
		long probe = runs.create("choice-probe", roundRobin, 30, 1);
		long busy = runs.create("choice-busy", leastActive, 120, 1);
		long quick = runs.create("choice-quick", leastActive, 30, 1);
		// round-robin runs reach both instances once the agent's registry lists both
		await("both instances listed").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1)).until(() -> {
			runs.toEnd(probe, null);
			return two.stream().allMatch((instance) -> !instance.jobs.isEmpty());
		});
		two.forEach((instance) -> {
			instance.forget();
			instance.slowJobs.add(Long.toString(busy));
		});

		runs.start(busy, null);
		Instance holding = await("the busy run at an instance").atMost(Duration.ofSeconds(30))
			.until(() -> two.stream().filter((instance) -> !instance.jobs.isEmpty()).findFirst(), Optional::isPresent)
			.get();
		Instance idle = (holding == two.get(0)) ? two.get(1) : two.get(0);
		for (int run = 0; run < 3; run++) {
			assertThat(runs.toEnd(quick, null).get("status").asText()).isEqualTo("SUCCEEDED");
		}

		assertThat(idle.jobs).as("every quick run at the idle instance")
			.containsExactly(Long.toString(quick), Long.toString(quick), Long.toString(quick));
		assertThat(holding.jobs).as("the busy instance holds only the busy run").containsExactly(Long.toString(busy));
	}

	@Test
	void aRetriedRunIsOneTraceInJaegerWithEachAttemptAChildSpanSentToTheTargetAsTraceparent() {
		try (RecordingTarget target = RecordingTarget.failingFirstAttempts()) {
			long job = runs.create("traced", Runs.target("HTTP", target.url(), "SYNC"), 10, 2);

			JsonNode execution = runs.toEnd(job, null);

			assertThat(execution.get("status").asText()).as("%s", execution).isEqualTo("SUCCEEDED");
			assertThat(execution.get("attempt").asInt()).isEqualTo(2);
			long executionId = execution.get("id").asLong();
			String traceId = execution.path("traceId").asText();
			assertThat(traceId).matches("[0-9a-f]{32}");
			// spans leave the agent in batches, every 5 s by default
			JsonNode spans = await("the run's three spans in Jaeger").atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> jaeger.trace(traceId).map((trace) -> trace.path("spans")).orElse(null),
						(found) -> found != null && found.size() >= 3);
			assertThat(spans).as("%s", spans).hasSize(3);
			JsonNode run = span(spans, "crony.run traced");
			assertThat(run.path("references")).as("a trace of its own").isEmpty();
			assertThat(tag(run, "crony.job.id")).isEqualTo(Long.toString(job));
			assertThat(tag(run, "crony.execution.id")).isEqualTo(Long.toString(executionId));
			assertThat(tag(run, "crony.trigger")).isEqualTo("MANUAL");
			List<Map<String, String>> calls = target.callsOf(executionId);
			assertThat(calls).hasSize(2);
			for (int attempt = 1; attempt <= 2; attempt++) {
				JsonNode span = span(spans, "crony.attempt " + attempt);
				assertThat(span.path("references")).hasSize(1);
				assertThat(span.path("references").get(0).path("refType").asText()).isEqualTo("CHILD_OF");
				assertThat(span.path("references").get(0).path("spanID").asText())
					.isEqualTo(run.path("spanID").asText());
				assertThat(tag(span, "crony.attempt")).isEqualTo(Integer.toString(attempt));
				assertThat(tag(span, "otel.status_code")).isEqualTo((attempt == 1) ? "ERROR" : null);
				Map<String, String> call = calls.get(attempt - 1);
				assertThat(call).containsEntry("X-Crony-Attempt", Integer.toString(attempt))
					.containsEntry("traceparent", "00-" + traceId + "-" + span.path("spanID").asText() + "-01");
			}
		}
	}

	@Test
	void aWorkflowOfAShardedJobAndAnSdkJobIsOneTraceWithTheDownstreamRunAChildOfTheUpstreamRun() throws Exception {
		instances("flow-shards", 2);
		long shards = create("flow-shards", Map.of("shards", 2), 1);
		// until the agent lists both instances, a run may fail and stop its dependents
		untilSucceeded(shards, "flow-shards", 2);
		ExecutorService reporting = Executors.newSingleThreadExecutor();
		// the service of the async job: takes the call, then reports its result through
		// the Java SDK with the call's traceparent, as the starter does
		try (CronyClient crony = CronyClient.create(system.webUrl());
				RecordingTarget service = RecordingTarget.accepting("flow-sdk")
					.afterEachCall(
							(call) -> reporting.execute(() -> crony.reportResult(
									new Execution(Long.parseLong(call.get("X-Crony-Execution-Id")),
											call.get("X-Crony-Token"), call.get("traceparent")),
									Result.succeeded("reported"))))) {
			long sdkJob = runs.create("flow-sdk", Runs.target("HTTP", service.url(), "ASYNC"), 30, 1,
					Map.of("dependsOn", List.of("flow-shards")));

			Api.Answer started = api.post("/api/v1/jobs/" + shards + "/run", Map.of("withDependents", true));

			assertThat(started.status()).as("%s", started.body()).isEqualTo(202);
			long root = started.body().path("executionId").asLong();
			JsonNode downstream = await("the SDK job's run reported").atMost(Duration.ofSeconds(90))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> api.get("/api/v1/executions/" + root + "/tree").body().path("children").path(0),
						(node) -> "SUCCEEDED".equals(node.path("status").asText()));
			long child = downstream.path("id").asLong();
			String traceId = api.get("/api/v1/executions/" + root).body().path("traceId").asText();
			assertThat(traceId).matches("[0-9a-f]{32}");
			assertThat(api.get("/api/v1/executions/" + child).body().path("traceId").asText())
				.as("the downstream run's trace id")
				.isEqualTo(traceId);
			// crony-web's span of the SDK's report leaves it in a later batch than the
			// runs'
			JsonNode trace = await("the workflow's spans in Jaeger").atMost(Duration.ofSeconds(60))
				.pollInterval(Duration.ofMillis(500))
				.until(() -> jaeger.trace(traceId).orElse(null),
						(found) -> found != null && !reportSpans(found, child).isEmpty());
			JsonNode spans = trace.path("spans");
			JsonNode upstreamRun = span(spans, "crony.run flow-shards");
			assertThat(upstreamRun.path("references")).as("the workflow's first run starts the trace").isEmpty();
			assertThat(tag(upstreamRun, "crony.execution.id")).isEqualTo(Long.toString(root));
			assertThat(childrenOf(spans, upstreamRun)).extracting((span) -> span.path("operationName").asText())
				.containsExactlyInAnyOrder("crony.attempt 1", "crony.shard 0/2", "crony.shard 1/2",
						"crony.run flow-sdk");
			JsonNode downstreamRun = span(spans, "crony.run flow-sdk");
			assertThat(tag(downstreamRun, "crony.job.id")).isEqualTo(Long.toString(sdkJob));
			assertThat(tag(downstreamRun, "crony.execution.id")).isEqualTo(Long.toString(child));
			assertThat(tag(downstreamRun, "crony.trigger")).isEqualTo("DEPENDENCY");
			assertThat(tag(downstreamRun, "crony.released_by")).isEqualTo(Long.toString(root));
			List<JsonNode> attempts = childrenOf(spans, downstreamRun);
			assertThat(attempts).extracting((span) -> span.path("operationName").asText())
				.containsExactly("crony.attempt 1");
			JsonNode attempt = attempts.get(0);
			assertThat(service.callOf(child)).containsEntry("traceparent",
					"00-" + traceId + "-" + attempt.path("spanID").asText() + "-01");
			assertThat(reportSpans(trace, child)).as("crony-web's span of the report, a child of the attempt's")
				.extracting((span) -> span.path("operationName").asText())
				.anySatisfy((name) -> assertThat(name).contains("/result"));
		}
		finally {
			reporting.shutdownNow();
		}
	}

	/**
	 * crony-web's spans in the trace whose parent is the SDK job's attempt: its span of
	 * the result report.
	 */
	private static List<JsonNode> reportSpans(JsonNode trace, long execution) {
		List<JsonNode> found = new ArrayList<>();
		JsonNode spans = trace.path("spans");
		for (JsonNode span : spans) {
			String service = trace.path("processes").path(span.path("processID").asText()).path("serviceName").asText();
			JsonNode parent = parentOf(spans, span);
			if ("crony-web".equals(service) && parent != null
					&& "crony.attempt 1".equals(parent.path("operationName").asText())
					&& Long.toString(execution).equals(tag(parentOf(spans, parent), "crony.execution.id"))) {
				found.add(span);
			}
		}
		return found;
	}

	/** The span of the trace a span is a child of, or null. */
	private static JsonNode parentOf(JsonNode spans, JsonNode span) {
		if (span == null || span.path("references").isEmpty()) {
			return null;
		}
		String parent = span.path("references").get(0).path("spanID").asText();
		for (JsonNode candidate : spans) {
			if (parent.equals(candidate.path("spanID").asText())) {
				return candidate;
			}
		}
		return null;
	}

	/** The spans of the trace that are children of a span. */
	private static List<JsonNode> childrenOf(JsonNode spans, JsonNode parent) {
		List<JsonNode> children = new ArrayList<>();
		for (JsonNode span : spans) {
			JsonNode references = span.path("references");
			if (!references.isEmpty() && "CHILD_OF".equals(references.get(0).path("refType").asText())
					&& parent.path("spanID").asText().equals(references.get(0).path("spanID").asText())) {
				children.add(span);
			}
		}
		return children;
	}

	/** The one span of the trace with this name. */
	private static JsonNode span(JsonNode spans, String name) {
		List<JsonNode> named = new ArrayList<>();
		spans.forEach((span) -> {
			if (name.equals(span.path("operationName").asText())) {
				named.add(span);
			}
		});
		assertThat(named).as("spans named %s in %s", name, spans).hasSize(1);
		return named.get(0);
	}

	/** A span's tag (an attribute) as text, or null when it has none of that name. */
	private static String tag(JsonNode span, String key) {
		for (JsonNode tag : span.path("tags")) {
			if (key.equals(tag.path("key").asText())) {
				return tag.path("value").asText();
			}
		}
		return null;
	}

	private List<Instance> instances(String service, int count) {
		List<Instance> started = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			Instance instance = new Instance(service + "-" + i);
			this.instances.add(instance);
			eureka.register(service, instance.id, instance.port(), -1);
			started.add(instance);
		}
		return started;
	}

	private static long create(String service, Map<String, Object> sharding, int maxAttempts) {
		return create(service, sharding, maxAttempts, Map.of());
	}

	private static long create(String service, Map<String, Object> sharding, int maxAttempts,
			Map<String, Object> fields) {
		Map<String, Object> target = new LinkedHashMap<>(Runs.target("HTTP", "lb://" + service + "/work", "SYNC"));
		target.putAll(sharding);
		return runs.create(service, target, 30, maxAttempts, fields);
	}

	/**
	 * Runs the job until a run succeeds with every shard's call made: until the agent's
	 * next registry fetch sees all the instances, a run may fail or go to fewer.
	 */
	private JsonNode untilSucceeded(long job, String service, int instanceCount) {
		return await("a sharded run of " + service + " over " + instanceCount + " instances")
			.atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofSeconds(1))
			.until(() -> {
				this.instances.forEach(Instance::forget);
				JsonNode run = runs.toEnd(job, null);
				return await("the run's shards").atMost(Duration.ofSeconds(30))
					.until(() -> api.get("/api/v1/executions/" + run.get("id").asLong()).body(),
							(detail) -> detail.path("shards").size() > 0);
			}, (run) -> "SUCCEEDED".equals(run.path("status").asText()) && this.instances.stream()
				.filter((instance) -> instance.id.startsWith(service + "-"))
				.allMatch((instance) -> !instance.indexes().isEmpty()));
	}

	/**
	 * An instance of a sharded job's service: answers 200, keeps each call's shard index;
	 * holds the calls of "slow" shards until it closes.
	 */
	private static final class Instance implements AutoCloseable {

		private final String id;

		private final HttpServer server;

		private final List<String> indexes = new CopyOnWriteArrayList<>();

		/** Shard indexes whose next call answers 500. */
		private final Set<String> failOnce = ConcurrentHashMap.newKeySet();

		/** Shard indexes whose calls are held until the instance closes. */
		private final Set<String> slow = ConcurrentHashMap.newKeySet();

		/** Job ids whose calls are held until the instance closes. */
		private final Set<String> slowJobs = ConcurrentHashMap.newKeySet();

		/** The job id of each call. */
		private final List<String> jobs = new CopyOnWriteArrayList<>();

		private final CountDownLatch closing = new CountDownLatch(1);

		Instance(String id) {
			this.id = id;
			try {
				this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			this.server.createContext("/work", (exchange) -> {
				exchange.getRequestBody().readAllBytes();
				String index = exchange.getRequestHeaders().getFirst("X-Crony-Shard-Index");
				String job = exchange.getRequestHeaders().getFirst("X-Crony-Job-Id");
				this.indexes.add(index);
				this.jobs.add(job);
				if ((index != null && this.slow.contains(index)) || this.slowJobs.contains(job)) {
					awaitClosing();
				}
				exchange.sendResponseHeaders((index != null && this.failOnce.remove(index)) ? 500 : 200, -1);
				exchange.close();
			});
			this.server.setExecutor(Executors.newCachedThreadPool());
			this.server.start();
		}

		int port() {
			return this.server.getAddress().getPort();
		}

		List<String> indexes() {
			return this.indexes;
		}

		void forget() {
			this.indexes.clear();
			this.jobs.clear();
		}

		private void awaitClosing() {
			try {
				this.closing.await(60, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		@Override
		public void close() {
			this.closing.countDown();
			this.server.stop(0);
		}

	}

}
