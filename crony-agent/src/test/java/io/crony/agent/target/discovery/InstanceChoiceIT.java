package io.crony.agent.target.discovery;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import io.crony.agent.target.AttemptResult;
import io.crony.agent.target.HttpTarget;
import io.crony.agent.target.HttpTargetProperties;
import io.crony.agent.target.Invocation;
import io.crony.agent.target.Targets;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.InstanceChoice;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.cloud.client.DefaultServiceInstance;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryClient;
import org.springframework.cloud.client.discovery.simple.SimpleDiscoveryProperties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The instance an {@code lb://billing/...} call goes to, per job, against real local HTTP
 * servers listed by Spring Cloud's simple discovery client: least active picks the idle
 * instance while another is busy, and consistent hash keeps each job on one instance and
 * moves only the jobs of an instance that leaves.
 */
class InstanceChoiceIT {

	private static final String SERVICE = "billing";

	private final List<HttpServer> servers = new ArrayList<>();

	/** The paths each server was called at, by server port. */
	private final Map<Integer, List<String>> received = new ConcurrentHashMap<>();

	/** Calls already seen by {@link #portThatGotLast}, by port and path. */
	private final Map<String, Long> seen = new HashMap<>();

	private final CountDownLatch releaseSlow = new CountDownLatch(1);

	private final SimpleDiscoveryProperties registry = new SimpleDiscoveryProperties();

	private HttpTarget http;

	private Targets targets;

	@BeforeEach
	void start() {
		this.http = new HttpTarget(new HttpTargetProperties(4, 16, Duration.ofSeconds(2), Duration.ofSeconds(30), 1),
				4096, "instance-choice-it", loopbackAllowed(), SecretBox.of(null, List.of()));
		ServiceInstances instances = new ServiceInstances(new SimpleDiscoveryClient(this.registry), null);
		this.targets = new Targets(List.of(this.http), (executionId, attempt) -> null, null, instances,
				Clock.systemUTC(), loopbackAllowed());
	}

	@AfterEach
	void stop() {
		this.releaseSlow.countDown();
		this.servers.forEach((server) -> server.stop(0));
		this.http.close();
	}

	@Test
	void leastActivePicksTheIdleInstanceWhileTheOtherIsBusy() throws Exception {
		register(server(), server());
		CompletableFuture<AttemptResult> slow = call(1, "/slow", InstanceChoice.LEAST_ACTIVE);
		int busy = await("the slow call to arrive").atMost(Duration.ofSeconds(30))
			.until(() -> portThatGot("/slow"), (port) -> port != 0);

		List<Integer> quick = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			assertThat(call(2, "/ok", InstanceChoice.LEAST_ACTIVE).get(30, TimeUnit.SECONDS).status())
				.isEqualTo(ExecutionStatus.SUCCEEDED);
			quick.add(portThatGotLast("/ok"));
		}
		assertThat(quick).as("every quick call goes to the idle instance").doesNotContain(busy);

		this.releaseSlow.countDown();
		assertThat(slow.get(30, TimeUnit.SECONDS).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		// the slow call's end counts: both idle again, the calls take turns
		Set<Integer> after = new HashSet<>();
		for (int i = 0; i < 2; i++) {
			call(2, "/ok", InstanceChoice.LEAST_ACTIVE).get(30, TimeUnit.SECONDS);
			after.add(portThatGotLast("/ok"));
		}
		assertThat(after).hasSize(2);
	}

	@Test
	void consistentHashKeepsEachJobOnOneInstanceAndMovesOnlyTheJobsOfOneThatLeaves() throws Exception {
		HttpServer a = server();
		HttpServer b = server();
		HttpServer c = server();
		register(a, b, c);
		Map<Long, Integer> before = placeJobs(30);
		assertThat(Set.copyOf(before.values())).as("30 jobs spread over the 3 instances").hasSize(3);

		register(a, b);
		Map<Long, Integer> after = placeJobs(30);

		int gone = port(c);
		before.forEach((job, port) -> {
			if (port != gone) {
				assertThat(after.get(job)).as("job %d stays where it was", job).isEqualTo(port);
			}
			else {
				assertThat(after.get(job)).as("job %d moves off the instance that left", job).isNotEqualTo(gone);
			}
		});
	}

	@Test
	void failsTheCallWhenTheServiceHasNoInstance() throws Exception {
		for (InstanceChoice choice : List.of(InstanceChoice.LEAST_ACTIVE, InstanceChoice.CONSISTENT_HASH)) {
			AttemptResult outcome = call(1, "/ok", choice).get(30, TimeUnit.SECONDS);
			assertThat(outcome.status()).isEqualTo(ExecutionStatus.FAILED);
			assertThat(outcome.error()).isEqualTo("no instance of billing");
		}
	}

	/** Each job called 3 times: the instance of all three, by job. */
	private Map<Long, Integer> placeJobs(int jobs) throws Exception {
		Map<Long, Integer> placed = new HashMap<>();
		for (long job = 1; job <= jobs; job++) {
			Set<Integer> ports = new HashSet<>();
			for (int i = 0; i < 3; i++) {
				call(job, "/job-" + job, InstanceChoice.CONSISTENT_HASH).get(30, TimeUnit.SECONDS);
				ports.add(portThatGotLast("/job-" + job));
			}
			assertThat(ports).as("job %d's calls", job).hasSize(1);
			placed.put(job, ports.iterator().next());
		}
		return placed;
	}

	private CompletableFuture<AttemptResult> call(long jobId, String path, InstanceChoice choice) {
		TargetSpec target = new TargetSpec(TargetType.HTTP, "GET", "lb://" + SERVICE + path, Map.of(), null, null, null,
				null, choice, null);
		JobSpec job = new JobSpec(jobId, "job-" + jobId, null, "* * * * * ?", null, target, 30, null, null, null, null,
				true, 1);
		return this.targets.invoke(new Invocation(job, 0, Instant.now(), null, 1));
	}

	private void register(HttpServer... instances) {
		List<DefaultServiceInstance> listed = new ArrayList<>();
		for (HttpServer server : instances) {
			listed.add(new DefaultServiceInstance(SERVICE + "-" + port(server), SERVICE, "127.0.0.1", port(server),
					false));
		}
		this.registry.setInstances(Map.of(SERVICE, listed));
	}

	private HttpServer server() throws IOException {
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
		int port = server.getAddress().getPort();
		this.received.put(port, new CopyOnWriteArrayList<>());
		server.createContext("/", (exchange) -> {
			String path = exchange.getRequestURI().getPath();
			this.received.get(port).add(path);
			if (path.equals("/slow")) {
				awaitRelease();
			}
			exchange.sendResponseHeaders(200, -1);
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

	/** The port of the server that got a call of the path, 0 for none. */
	private int portThatGot(String path) {
		return this.received.entrySet()
			.stream()
			.filter((entry) -> entry.getValue().contains(path))
			.mapToInt(Map.Entry::getKey)
			.findFirst()
			.orElse(0);
	}

	/**
	 * The server whose calls of the path grew since last asked: the one that took the
	 * call just made (calls are made one at a time).
	 */
	private int portThatGotLast(String path) {
		int found = 0;
		for (Map.Entry<Integer, List<String>> entry : this.received.entrySet()) {
			long count = entry.getValue().stream().filter(path::equals).count();
			String key = entry.getKey() + path;
			if (count > this.seen.getOrDefault(key, 0L)) {
				assertThat(found).as("one server took the call").isZero();
				found = entry.getKey();
				this.seen.put(key, count);
			}
		}
		assertThat(found).as("a server took the call to %s", path).isNotZero();
		return found;
	}

	private static int port(HttpServer server) {
		return server.getAddress().getPort();
	}

	private static TargetPolicy loopbackAllowed() {
		return TargetPolicy.of(List.of(), List.of(), true, List.of());
	}

}
