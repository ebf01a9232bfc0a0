package io.crony.agent.target;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.crony.common.execution.ExecutionStatus;
import io.crony.common.job.JobSpec;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.secret.SecretBox;
import io.crony.common.target.TargetPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The HTTP target's connection pool against a real local HTTP server that can hold calls
 * open: a burst beyond the bound waits for connections instead of opening more, and
 * connections are reused.
 */
class HttpTargetIT {

	private final ExecutorService serverThreads = Executors.newCachedThreadPool();

	private final AtomicInteger inFlight = new AtomicInteger();

	private final AtomicInteger mostInFlight = new AtomicInteger();

	private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

	private volatile CountDownLatch gate = new CountDownLatch(0);

	private volatile String answer = "ok";

	private HttpServer server;

	private HttpTarget target;

	@BeforeEach
	void startServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1000);
		this.server.setExecutor(this.serverThreads);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.gate.countDown();
		if (this.target != null) {
			this.target.close();
		}
		this.server.stop(0);
		this.serverThreads.shutdownNow();
	}

	@Test
	void queuesABurstBeyondThePoolAndRunsItOnThePooledConnections() {
		this.target = target(4);
		this.gate = new CountDownLatch(1);
		List<CompletableFuture<AttemptResult>> calls = IntStream.range(0, 40).mapToObj((i) -> call(i, 10)).toList();
		await().atMost(Duration.ofSeconds(10)).until(() -> this.inFlight.get() == 4);
		// the other 36 wait in the pool: no fifth connection while the four are busy
		await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(5)).until(() -> this.inFlight.get() == 4);
		this.gate.countDown();
		await().atMost(Duration.ofSeconds(10)).until(() -> calls.stream().allMatch(CompletableFuture::isDone));
		assertThat(calls).allSatisfy((call) -> assertThat(call.join().status()).isEqualTo(ExecutionStatus.SUCCEEDED));
		assertThat(this.mostInFlight.get()).isEqualTo(4);
		assertThat(this.clientPorts).hasSizeLessThanOrEqualTo(4);
	}

	@Test
	void reusesConnectionsForCallsOneAfterAnother() {
		this.target = target(100);
		for (int i = 0; i < 20; i++) {
			assertThat(call(i, 10).join().status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		}
		// a call may end just before its connection is back in the pool, so the next one
		// can open a second; never one per call
		assertThat(this.clientPorts).hasSizeLessThanOrEqualTo(3);
	}

	@Test
	void timesOutACallStillWaitingForAConnection() {
		this.target = target(1);
		this.gate = new CountDownLatch(1);
		CompletableFuture<AttemptResult> holding = call(1, 20);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.inFlight.get() == 1);
		CompletableFuture<AttemptResult> waiting = call(2, 1);
		assertThat(waiting.orTimeout(10, TimeUnit.SECONDS).join().status()).isEqualTo(ExecutionStatus.TIMED_OUT);
		this.gate.countDown();
		assertThat(holding.orTimeout(10, TimeUnit.SECONDS).join().status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(this.mostInFlight.get()).isEqualTo(1);
	}

	/**
	 * The outputs member of a JSON answer is published for downstream jobs, read from the
	 * whole body (the recorded output is capped at 4,096 bytes here); outputs over their
	 * own 4 KiB limit fail the attempt saying so, rather than being cut or lost.
	 */
	@Test
	void publishesTheOutputsOfAJsonAnswerAndFailsOutputsOverTheLimit() {
		this.target = target(4);
		this.answer = "{\"outcome\":\"SUCCEEDED\",\"output\":\"3 files\",\"outputs\":{\"day\": \"20261128\", \"n\": 3}}";
		AttemptResult published = call(1, 5).orTimeout(10, TimeUnit.SECONDS).join();
		assertThat(published.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
		assertThat(published.output()).isEqualTo("3 files");
		assertThat(published.outputs()).isEqualTo("{\"day\":\"20261128\",\"n\":3}");

		this.answer = "{\"outputs\":{\"rows\":\"" + "x".repeat(5008) + "\"}}";
		AttemptResult tooLarge = call(2, 5).orTimeout(10, TimeUnit.SECONDS).join();
		assertThat(tooLarge.status()).isEqualTo(ExecutionStatus.FAILED);
		assertThat(tooLarge.error())
			.startsWith("outputs not published: outputs are 5019 bytes, over the limit of 4096");
		assertThat(tooLarge.outputs()).isNull();

		this.answer = "plain text";
		assertThat(call(3, 5).orTimeout(10, TimeUnit.SECONDS).join().outputs()).isNull();
	}

	private HttpTarget target(int maxPerHost) {
		return new HttpTarget(
				new HttpTargetProperties(maxPerHost, 100, Duration.ofSeconds(2), Duration.ofSeconds(30), 1), 4096,
				"agent-http-it", TargetPolicy.of(List.of(), List.of(), true, List.of()), SecretBox.of(null, List.of()));
	}

	private CompletableFuture<AttemptResult> call(long jobId, int timeoutSeconds) {
		TargetSpec spec = new TargetSpec(TargetType.HTTP, "POST",
				"http://127.0.0.1:" + this.server.getAddress().getPort() + "/run", Map.of("X-Test", "${executionId}"),
				"{\"id\":${executionId}}", null, null, null);
		JobSpec job = new JobSpec(jobId, "job-" + jobId, null, "* * * * * ?", null, spec, timeoutSeconds, null, null,
				null, null, true, 1);
		return this.target.invoke(new Invocation(job, jobId, Instant.now(), null, 1));
	}

	private void handle(HttpExchange exchange) throws IOException {
		int now = this.inFlight.incrementAndGet();
		this.mostInFlight.accumulateAndGet(now, Math::max);
		this.clientPorts.add(exchange.getRemoteAddress().getPort());
		try (exchange) {
			exchange.getRequestBody().readAllBytes();
			this.gate.await(30, TimeUnit.SECONDS);
			byte[] body = this.answer.getBytes(java.nio.charset.StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.inFlight.decrementAndGet();
		}
	}

}
