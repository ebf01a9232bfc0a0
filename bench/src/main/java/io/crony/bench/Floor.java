package io.crony.bench;

import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleHttpResponse;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.async.methods.SimpleResponseConsumer;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.pool.PoolReusePolicy;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * The floor under Crony's lateness: no scheduler, no claims, no records, just the calls.
 * At the start of each second a plain client sends the calls the jobs' schedules have due
 * to the same {@link LoopbackTarget}, in the agent's form (GET, the same
 * {@code X-Crony-*} headers), so {@link FireStats} reads them exactly as it reads the
 * agent's. Whatever lateness is left here is the client, the loopback network and the
 * target; Crony's own cost is what its figures add on top.
 *
 * <p>
 * The client is the agent's (Apache HttpClient 5 async over a pooling manager, built as
 * crony-agent's {@code HttpConnections} builds it, same bounds: 200 connections per host,
 * 1,000 in all, one I/O thread per core), so the floor is not a naive client's. Calls of
 * the next second are built during the current one (the agent, too, prepares fires
 * ahead); the sender sleeps until 2 ms before the second, then spins to it.
 *
 * <p>
 * Unlike the agent it runs in the bench JVM, beside the target.
 */
final class Floor {

	/**
	 * Added to the job ids of the Crony measurement the floor mirrors: its calls never
	 * count as Crony's (a multiple of 60, so every job keeps its offset in the minute).
	 */
	static final long ID_OFFSET = 600_000_000_000L;

	private static final String AGENT_ID = "floor";

	// as long as an agent's execution token, so the requests are the same size
	private static final String TOKEN = "f".repeat(43);

	private static final int TIMEOUT_SECONDS = 10;

	private final LoopbackTarget target;

	private final URI url;

	private final AtomicLong inFlight = new AtomicLong();

	private final AtomicLong errors = new AtomicLong();

	private long executionId;

	private Floor(LoopbackTarget target) {
		this.target = target;
		this.url = URI.create(target.url("/ok"));
	}

	/**
	 * Sends the calls of jobs {@code firstId .. firstId + jobs - 1} (each on
	 * {@code (id % every)/every * * * * ?}) from the next whole second on, through a
	 * warm-up of {@code warmup} seconds and a window of {@code seconds}; returns the
	 * window's figures once every call is answered (or has timed out).
	 */
	static Result measure(LoopbackTarget target, long firstId, int jobs, int every, int warmup, int seconds)
			throws InterruptedException {
		return new Floor(target).run(firstId, jobs, every, warmup, seconds);
	}

	private Result run(long firstId, int jobs, int every, int warmup, int seconds) throws InterruptedException {
		long firstSecond = System.currentTimeMillis() / 1000 + 1;
		long fromSecond = firstSecond + warmup;
		long untilSecond = fromSecond + seconds;
		CloseableHttpAsyncClient client = client();
		ProcessCpu cpuBefore = null;
		double cpuPercent;
		double compilerPercent;
		try {
			client.start();
			List<SimpleHttpRequest> due = requests(firstId, jobs, every, firstSecond);
			for (long second = firstSecond; second < untilSecond; second++) {
				awaitMillis(second * 1000);
				if (second == fromSecond) {
					cpuBefore = ProcessCpu.of(ProcessHandle.current().pid());
				}
				for (SimpleHttpRequest request : due) {
					this.inFlight.incrementAndGet();
					client.execute(SimpleRequestProducer.create(request), SimpleResponseConsumer.create(),
							new Counting());
				}
				due = requests(firstId, jobs, every, second + 1);
			}
			awaitMillis(untilSecond * 1000);
			// the client and the target both run in this JVM
			ProcessCpu cpuAfter = ProcessCpu.of(ProcessHandle.current().pid());
			cpuPercent = cpuAfter.percentOfACoreSince(cpuBefore);
			compilerPercent = cpuAfter.compilerPercentOfACoreSince(cpuBefore);
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS + 5);
			while (this.inFlight.get() > 0 && System.nanoTime() < deadline) {
				TimeUnit.MILLISECONDS.sleep(50);
			}
		}
		finally {
			client.close(CloseMode.GRACEFUL);
		}
		FireStats stats = FireStats.of(this.target.calls(), firstId, jobs, every, fromSecond, untilSecond);
		return new Result(stats, this.errors.get(), seconds, cpuPercent, compilerPercent);
	}

	private List<SimpleHttpRequest> requests(long firstId, int jobs, int every, long second) {
		String scheduledAt = Instant.ofEpochSecond(second).toString();
		String deadline = Instant.ofEpochSecond(second + TIMEOUT_SECONDS).toString();
		RequestConfig config = RequestConfig.custom()
			.setConnectionRequestTimeout(Timeout.ofSeconds(TIMEOUT_SECONDS))
			.setResponseTimeout(Timeout.ofSeconds(TIMEOUT_SECONDS))
			.setRedirectsEnabled(false)
			.build();
		List<SimpleHttpRequest> requests = new ArrayList<>();
		for (long id = firstId; id < firstId + jobs; id++) {
			if (!FireStats.due(id, every, second)) {
				continue;
			}
			requests.add(SimpleRequestBuilder.get(this.url)
				.setRequestConfig(config)
				.addHeader("X-Crony-Job-Id", Long.toString(id))
				.addHeader("X-Crony-Execution-Id", Long.toString(++this.executionId))
				.addHeader("X-Crony-Scheduled-At", scheduledAt)
				.addHeader("X-Crony-Attempt", "1")
				.addHeader("X-Crony-Agent-Id", AGENT_ID)
				.addHeader("X-Crony-Job-Name", "bench-" + id)
				.addHeader("X-Crony-Deadline", deadline)
				.addHeader("X-Crony-Token", TOKEN)
				.addHeader("X-Crony-Trigger", "CRON")
				.build());
		}
		return requests;
	}

	/** The agent's client with its default settings (crony-agent's HttpConnections). */
	private static CloseableHttpAsyncClient client() {
		return HttpAsyncClients.custom()
			.setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
				.setMaxConnPerRoute(200)
				.setMaxConnTotal(1000)
				.setPoolConcurrencyPolicy(PoolConcurrencyPolicy.STRICT)
				.setConnPoolPolicy(PoolReusePolicy.LIFO)
				.setDefaultConnectionConfig(ConnectionConfig.custom()
					.setConnectTimeout(Timeout.ofSeconds(5))
					.setValidateAfterInactivity(TimeValue.ofSeconds(2))
					.build())
				.build())
			.setIOReactorConfig(IOReactorConfig.custom()
				.setIoThreadCount(Runtime.getRuntime().availableProcessors())
				.setTcpNoDelay(true)
				.build())
			.disableAutomaticRetries()
			.disableRedirectHandling()
			.disableCookieManagement()
			.disableAuthCaching()
			.evictIdleConnections(TimeValue.ofSeconds(30))
			.build();
	}

	/** Sleeps until 2 ms before {@code epochMillis}, then spins to it. */
	private static void awaitMillis(long epochMillis) throws InterruptedException {
		AgentBench.sleepUntil(epochMillis - 2);
		while (System.currentTimeMillis() < epochMillis) {
			LockSupport.parkNanos(50_000);
		}
	}

	private final class Counting implements FutureCallback<SimpleHttpResponse> {

		@Override
		public void completed(SimpleHttpResponse response) {
			if (response.getCode() != 200) {
				Floor.this.errors.incrementAndGet();
			}
			Floor.this.inFlight.decrementAndGet();
		}

		@Override
		public void failed(Exception ex) {
			Floor.this.errors.incrementAndGet();
			Floor.this.inFlight.decrementAndGet();
		}

		@Override
		public void cancelled() {
			failed(null);
		}

	}

	/**
	 * The floor's figures for one size.
	 *
	 * @param stats the window's fires as the target saw them
	 * @param errors calls of the whole run (warm-up included) that failed or did not
	 * answer 200
	 * @param seconds the window's length
	 * @param cpuPercent this JVM's CPU over the window (the client and the target), % of
	 * a core
	 * @param compilerPercent the part of it the JIT compiler threads used
	 */
	record Result(FireStats stats, long errors, int seconds, double cpuPercent, double compilerPercent) {

		/** One line, lateness at the target in ms. */
		String line(int jobs, int every) {
			return String.format("%7d jobs every %d s | floor (plain pooled async client, no scheduler) | fires/s %7.0f"
					+ " | target lateness ms p50 %3d p99 %4d p99.9 %4d max %5d | expected %d observed %d"
					+ " missed %d duplicate %d | errors %d | CPU %% of a core: client and target %.0f (JIT compiler %.0f of it)",
					jobs, every, this.stats.observed() / (double) this.seconds, this.stats.percentile(50),
					this.stats.percentile(99), this.stats.percentile(99.9), this.stats.percentile(100),
					this.stats.expected(), this.stats.observed(), this.stats.missed(), this.stats.duplicates(),
					this.errors, this.cpuPercent, this.compilerPercent);
		}

	}

}
