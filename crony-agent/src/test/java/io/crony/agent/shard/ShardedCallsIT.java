package io.crony.agent.shard;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpServer;
import io.crony.agent.AgentTestSupport;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.HttpTarget;
import io.crony.agent.target.HttpTargetProperties;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Targets;
import io.crony.agent.target.discovery.ServiceInstances;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.JobSpec;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.Sharding;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.cloud.client.DefaultServiceInstance;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryClient;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Sharded and broadcast fires of an {@code lb://} job against real local HTTP instances
 * listed by Spring Cloud's simple discovery client, with their shard rows in a real
 * MariaDB: 4 shards over 4 instances land one each, over 2 instances two each, a
 * broadcast reaches every instance, a failing shard is retried alone, a run started again
 * calls only the shards without a succeeded row, cancelling the fire cancels every shard,
 * and the limit on the whole fire times out the shards still going.
 */
class ShardedCallsIT {

	private static final String SERVICE = "ledger";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static AgentTestSupport support;

	private final List<HttpServer> servers = new ArrayList<>();

	/** Every call: the port that took it and its shard headers. */
	private final List<Call> calls = new CopyOnWriteArrayList<>();

	/** Shard indexes whose first call answers 500. */
	private final Set<String> failOnce = java.util.concurrent.ConcurrentHashMap.newKeySet();

	private final CountDownLatch releaseSlow = new CountDownLatch(1);

	private final SimpleDiscoveryProperties registry = new SimpleDiscoveryProperties();

	private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();

	private final ExecutorService workers = Executors.newFixedThreadPool(4);

	private HttpTarget http;

	private Targets targets;

	@BeforeAll
	static void database() {
		support = new AgentTestSupport(services);
	}

	@AfterAll
	static void closeDatabase() throws Exception {
		support.close();
	}

	@BeforeEach
	void start() {
		TargetPolicy loopback = TargetPolicy.of(List.of(), List.of(), true, List.of());
		this.http = new HttpTarget(new HttpTargetProperties(4, 16, Duration.ofSeconds(2), Duration.ofSeconds(30), 1),
				4096, "sharded-calls-it", loopback, SecretBox.of(null, List.of()));
		this.targets = new Targets(List.of(this.http), (executionId, attempt) -> "token-" + executionId, null,
				new ServiceInstances(new SimpleDiscoveryClient(this.registry), null), Clock.systemUTC(), loopback,
				(calls) -> new ShardedCalls(calls, new ShardStore(support.jdbc()), this.timer, this.workers,
						Clock.systemUTC()));
	}

	@AfterEach
	void stop() {
		this.releaseSlow.countDown();
		this.servers.forEach((server) -> server.stop(0));
		this.http.close();
		this.timer.shutdownNow();
		this.workers.shutdownNow();
	}

	@Test
	void fourShardsOverFourInstancesLandOneEach() throws Exception {
		register(server(), server(), server(), server());
		long id = execution();

		AttemptResult outcome = fire(id, Sharding.of(4, List.of("a", "b", "c", "d")), 1).get(30, TimeUnit.SECONDS);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(outcome.output()).isEqualTo("4 of 4 shards succeeded");
		assertThat(callsByPort().values()).as("one shard per instance").allMatch((shards) -> shards.size() == 1);
		assertThat(this.calls).extracting(Call::index).containsExactlyInAnyOrder("0", "1", "2", "3");
		assertThat(this.calls).extracting(Call::total).containsOnly("4");
		// each shard is told its own parameters
		assertThat(this.calls)
			.allMatch((call) -> call.params.equals(List.of("a", "b", "c", "d").get(Integer.parseInt(call.index))));
		assertThat(this.calls).allMatch((call) -> call.body.equals("{\"shard\":" + call.index + "}"));
		assertThat(rows(id)).extracting((row) -> row.get("status")).containsOnly("SUCCEEDED");
		assertThat(rows(id)).extracting((row) -> row.get("instance")).doesNotHaveDuplicates().hasSize(4);
	}

	@Test
	void fourShardsOverTwoInstancesLandTwoEach() throws Exception {
		register(server(), server());
		long id = execution();

		AttemptResult outcome = fire(id, Sharding.of(4, List.of()), 1).get(30, TimeUnit.SECONDS);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(callsByPort()).hasSize(2);
		assertThat(callsByPort().values()).allMatch((shards) -> shards.size() == 2);
		assertThat(this.calls).extracting(Call::index).containsExactlyInAnyOrder("0", "1", "2", "3");
		assertThat(rows(id)).hasSize(4);
	}

	@Test
	void aBroadcastReachesEveryInstance() throws Exception {
		register(server(), server(), server());
		long id = execution();

		AttemptResult outcome = fire(id, Sharding.toEveryInstance(), 1).get(30, TimeUnit.SECONDS);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(callsByPort()).hasSize(3);
		assertThat(callsByPort().values()).allMatch((shards) -> shards.size() == 1);
		assertThat(this.calls).extracting(Call::total).containsOnly("3");
	}

	@Test
	void aFailingShardIsRetriedAlone() throws Exception {
		register(server(), server(), server(), server());
		this.failOnce.add("2");
		long id = execution();

		AttemptResult outcome = fire(id, Sharding.of(4, List.of()), 2).get(30, TimeUnit.SECONDS);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(this.calls).extracting(Call::index).containsExactlyInAnyOrder("0", "1", "2", "2", "3");
		Map<String, Object> retried = rows(id).get(2);
		assertThat(retried).containsEntry("shard_index", 2)
			.containsEntry("attempt", 2)
			.containsEntry("status", "SUCCEEDED");
		assertThat(rows(id)).filteredOn((row) -> !row.get("shard_index").equals(2))
			.extracting((row) -> row.get("attempt"))
			.containsOnly(1);
	}

	@Test
	void aRunStartedAgainCallsOnlyTheShardsWithoutASucceededRow() throws Exception {
		register(server(), server(), server(), server());
		long id = execution();
		// as a re-run of the failed shards leaves them: shard 2's row removed
		for (int index : new int[] { 0, 1, 3 }) {
			support.jdbc()
				.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, status, output) "
						+ "VALUES (?, ?, 4, 'SUCCEEDED', 'kept')", id, index);
		}

		AttemptResult outcome = fire(id, Sharding.of(4, List.of()), 1, "/work", TriggerType.RETRY).get(30,
				TimeUnit.SECONDS);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(outcome.output()).isEqualTo("4 of 4 shards succeeded");
		assertThat(this.calls).extracting(Call::index).containsExactly("2");
		assertThat(rows(id)).extracting((row) -> row.get("output")).containsExactly("kept", "kept", "", "kept");
		assertThat(rows(id)).extracting((row) -> row.get("status")).containsOnly("SUCCEEDED");
	}

	@Test
	void aShardThatKeepsFailingFailsTheFireAndSaysWhich() throws Exception {
		register(server(), server());
		this.failOnce.add("1");
		long id = execution();

		AttemptResult outcome = fire(id, Sharding.of(2, List.of()), 1).get(30, TimeUnit.SECONDS);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(outcome.output()).isEqualTo("1 of 2 shards succeeded");
		assertThat(outcome.error()).startsWith("shard 1 of 2 failed; shard 1: FAILED");
	}

	@Test
	void cancellingTheFireCancelsEveryShard() throws Exception {
		register(server(), server());
		long id = execution();
		CompletableFuture<AttemptResult> fire = fire(id, Sharding.of(2, List.of()), 1, "/slow");
		await().atMost(Duration.ofSeconds(30)).until(() -> this.calls.size() == 2);

		fire.cancel(true);

		await().atMost(Duration.ofSeconds(30))
			.until(() -> rows(id).stream().allMatch((row) -> "CANCELLED".equals(row.get("status"))));
		// the note as a code beside its English, for a reader of another language
		assertThat(rows(id)).extracting((row) -> row.get("error")).containsOnly("Cancelled with the run");
		assertThat(rows(id)).extracting((row) -> ReasonJson.read((String) row.get("reason")).code())
			.containsOnly(ReasonCode.SHARD_CANCELLED_WITH_RUN);
	}

	@Test
	void theWholeFiresLimitStopsTheShardsStillGoingAndTheFireTimesOut() throws Exception {
		register(server(), server());
		long id = execution();
		CompletableFuture<AttemptResult> fire = fire(id, Sharding.of(2, List.of()).within(1), 1, "/slow");

		AttemptResult outcome = fire.get(20, TimeUnit.SECONDS);

		assertThat(outcome.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
		assertThat(outcome.error())
			.startsWith("shards 0, 1 of 2 timed out; shard 0: TIMED_OUT the sharded run's limit");
		assertThat(rows(id)).extracting((row) -> row.get("status")).containsOnly("TIMED_OUT");
		assertThat(rows(id)).extracting((row) -> row.get("error"))
			.containsOnly("the sharded run's limit of 1 s passed");
		assertThat(rows(id)).extracting((row) -> ReasonJson.read((String) row.get("reason")))
			.containsOnly(Reason.of(ReasonCode.SHARD_LIMIT_PASSED, 1));
	}

	/**
	 * A shard's row changes only for the attempt that runs there: a late start or end of
	 * an earlier run (after an operator re-ran the failed shards, the shard that
	 * succeeded keeps its row) leaves a SUCCEEDED row as it is, and an end of an attempt
	 * that is not the row's changes nothing. About 0.1 s.
	 */
	@Test
	void aLateStartOrEndLeavesAClosedShardRowAsItIs() {
		ShardStore store = new ShardStore(support.jdbc());
		long id = execution();
		Instant now = Instant.now();
		support.jdbc()
			.update("INSERT INTO execution_shard (execution_id, shard_index, shard_total, status, attempt, output) "
					+ "VALUES (?, 0, 2, 'SUCCEEDED', 1, 'kept')", id);

		assertThat(store.started(id, 0, 2, "127.0.0.1:1", 1, now)).as("a late first start").isFalse();
		assertThat(store.started(id, 0, 2, "127.0.0.1:1", 2, now)).as("a late retry").isFalse();
		assertThat(store.ended(id, 0, 1, ExecutionStatus.FAILED, null, "late", null, now)).as("a late end").isFalse();
		assertThat(store.stopped(id, 0, 1, ExecutionStatus.CANCELLED, "late", null, now)).as("a late stop").isFalse();
		assertThat(rows(id)).singleElement()
			.satisfies((row) -> assertThat(row).containsEntry("status", "SUCCEEDED")
				.containsEntry("output", "kept")
				.containsEntry("attempt", 1));

		// shard 1 runs its second attempt: the first one's end is not its
		assertThat(store.started(id, 1, 2, "127.0.0.1:1", 1, now)).isTrue();
		assertThat(store.ended(id, 1, 1, ExecutionStatus.FAILED, null, "500", null, now)).isTrue();
		assertThat(store.started(id, 1, 2, "127.0.0.1:2", 2, now)).isTrue();
		assertThat(store.ended(id, 1, 1, ExecutionStatus.FAILED, null, "late", null, now)).isFalse();
		assertThat(rows(id).get(1)).containsEntry("status", "RUNNING").containsEntry("attempt", 2);
	}

	private CompletableFuture<AttemptResult> fire(long id, Sharding sharding, int maxAttempts) {
		return fire(id, sharding, maxAttempts, "/work");
	}

	private CompletableFuture<AttemptResult> fire(long id, Sharding sharding, int maxAttempts, String path) {
		return fire(id, sharding, maxAttempts, path, TriggerType.MANUAL);
	}

	private CompletableFuture<AttemptResult> fire(long id, Sharding sharding, int maxAttempts, String path,
			TriggerType trigger) {
		TargetSpec target = new TargetSpec(TargetType.HTTP, "POST", "lb://" + SERVICE + path, Map.of(),
				"{\"shard\":${shardIndex}}", TargetMode.SYNC, null, null, null, null, sharding);
		JobSpec job = new JobSpec(id, "ledger-" + id, null, "0 0 0 1 1 ?", null, target, 30,
				new RetryPolicy(maxAttempts, 0), null, null, null, true, 1);
		return this.targets.invoke(new Invocation(job, id, Instant.now(), null, 1, trigger));
	}

	/** An execution row for the shard rows to hang under. */
	private static long execution() {
		return support.execution("RUNNING");
	}

	private static List<Map<String, Object>> rows(long id) {
		return support.jdbc()
			.queryForList("SELECT * FROM execution_shard WHERE execution_id = ? ORDER BY shard_index", id);
	}

	private Map<Integer, List<String>> callsByPort() {
		return this.calls.stream()
			.collect(Collectors.groupingBy(Call::port, Collectors.mapping(Call::index, Collectors.toList())));
	}

	private void register(HttpServer... instances) {
		List<DefaultServiceInstance> listed = new ArrayList<>();
		for (HttpServer server : instances) {
			int port = server.getAddress().getPort();
			listed.add(new DefaultServiceInstance(SERVICE + "-" + port, SERVICE, "127.0.0.1", port, false));
		}
		this.registry.setInstances(Map.of(SERVICE, listed));
	}

	private HttpServer server() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
		int port = server.getAddress().getPort();
		server.createContext("/", (exchange) -> {
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			String index = exchange.getRequestHeaders().getFirst("X-Crony-Shard-Index");
			String params = exchange.getRequestHeaders().getFirst("X-Crony-Shard-Params");
			this.calls.add(new Call(port, index, exchange.getRequestHeaders().getFirst("X-Crony-Shard-Total"),
					(params != null) ? new String(Base64.getDecoder().decode(params), StandardCharsets.UTF_8) : "",
					body));
			if (exchange.getRequestURI().getPath().equals("/slow")) {
				awaitRelease();
			}
			int status = this.failOnce.remove(index) ? 500 : 200;
			exchange.sendResponseHeaders(status, -1);
			exchange.close();
		});
		server.setExecutor(Executors.newCachedThreadPool());
		server.start();
		this.servers.add(server);
		return server;
	}

	private void awaitRelease() {
		try {
			this.releaseSlow.await(60, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/** A call an instance took, with its shard headers and body. */
	private record Call(int port, String index, String total, String params, String body) {
	}

}
