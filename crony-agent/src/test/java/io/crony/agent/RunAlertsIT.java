package io.crony.agent;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpServer;
import io.crony.common.execution.OnceRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.job.AlertPolicy;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;
import io.crony.test.BotServer;
import io.crony.test.BotServer.Vendor;
import io.crony.test.CronyServicesExtension;
import io.micrometer.core.instrument.MeterRegistry;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Run alerts sent by the agent that ran the runs, against real etcd, MariaDB, a target
 * whose answers the test sets, and a webhook server that checks the signature: the rate
 * limit holds over a hundred failures, a dead channel costs no execution record, the
 * failure-rate rule and the recovery notice fire once.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.NONE)
class RunAlertsIT {

	static final String AGENT = "agent-alerts";

	static final String SECRET = "SECagent-hook";

	static final Duration MIN_INTERVAL = Duration.ofSeconds(12);

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	static final AtomicLong jobIds = new AtomicLong(500);

	static final AtomicLong seconds = new AtomicLong();

	static Target target;

	@Autowired
	AgentRuntime runtime;

	@Autowired
	MeterRegistry meters;

	private JobSpec current;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) throws IOException {
		support = new AgentTestSupport(services);
		target = new Target();
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
		registry.add("crony.alert.min-interval", () -> MIN_INTERVAL.toMillis() + "ms");
		registry.add("crony.alert.backoff", () -> "50ms");
		registry.add("crony.alert.max-attempts", () -> "2");
		registry.add("crony.alert.send-timeout", () -> "2s");
		registry.add("crony.alert.channel-cache-ttl", () -> "1s");
		registry.add("crony.alert.dashboard-url", () -> "http://dash.test:8080");
	}

	@AfterEach
	void unassign() {
		if (this.current != null) {
			support.unassign(AGENT, this.current.id());
		}
		target.status.set(200);
	}

	@AfterAll
	static void close() {
		target.close();
		support.close();
	}

	@Test
	void aHundredFailuresInThirtySecondsSendOneAlertPerIntervalAndCountTheRest() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			long channel = channel("hook-100", hook.url());
			JobSpec job = hold(job(new AlertPolicy(List.of(channel), true, true, null, false)));
			target.status.set(500);

			List<Long> runs = runPaced(job, 100, Duration.ofMillis(300));

			// a run the fence holds back on a loaded machine stays PENDING: count the
			// rest
			int failed = settled(() -> finished(job.id(), "FAILED"));
			assertThat(failed).isGreaterThanOrEqualTo(95);
			assertThat(failed + finished(job.id(), "PENDING")).isEqualTo(100);
			await().atMost(Duration.ofSeconds(30)).until(() -> alerts(job.id(), null) == failed);
			// failures from t=0 to t=29.7 s, at most one alert per 12 s: at 0, ~12 and
			// ~24 s
			assertThat(alerts(job.id(), "SENT")).isEqualTo(3);
			assertThat(alerts(job.id(), "SUPPRESSED")).isEqualTo(failed - 3);
			assertThat(hook.received()).hasSize(3).allMatch(BotServer.Received::verified);
			assertThat(this.meters.get("crony.alert.send").tags("type", "WEBHOOK", "outcome", "sent").timer().count())
				.isGreaterThanOrEqualTo(3);
			BotServer.Received first = hook.received().get(0);
			assertThat(first.body().path("kind").asText()).isEqualTo("FAILURE");
			assertThat(first.body().path("agentId").asText()).isEqualTo(AGENT);
			assertThat(first.body().path("attempt").asInt()).isEqualTo(1);
			assertThat(first.body().path("error").asText()).contains("500");
			assertThat(first.body().path("link").asText())
				.isEqualTo("http://dash.test:8080/executions/" + first.body().path("executionId").asLong());
			assertThat(runs).contains(first.body().path("executionId").asLong());
			int held = hook.received().get(1).body().path("suppressed").asInt()
					+ hook.received().get(2).body().path("suppressed").asInt();
			assertThat(hook.received().get(1).body().path("text").asText()).contains("more alerts like this since");
			// everything held back before the third alert was counted by the next one
			// sent
			assertThat(held).isBetween(60, failed - 3);
		}
	}

	@Test
	void aChannelThatIsDownRecordsFailedAlertsAndLosesNoExecutionRecord() throws Exception {
		String url;
		try (BotServer gone = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			url = gone.url();
		}
		long channel = channel("down", url);
		JobSpec job = hold(job(new AlertPolicy(List.of(channel), true, true, null, false)));
		target.status.set(500);

		runPaced(job, 20, Duration.ofMillis(100));

		await().atMost(Duration.ofSeconds(60)).until(() -> finished(job.id(), "FAILED") == 20);
		await().atMost(Duration.ofSeconds(30)).until(() -> alerts(job.id(), null) == 20);
		assertThat(support.statuses(job.id())).hasSize(20).containsOnly("FAILED");
		assertThat(alerts(job.id(), "FAILED")).isEqualTo(1);
		assertThat(alerts(job.id(), "SUPPRESSED")).isEqualTo(19);
		assertThat(support.jdbc()
			.queryForObject("SELECT attempts FROM alert WHERE job_id = ? AND status = 'FAILED'", Integer.class,
					job.id()))
			.isEqualTo(2);
		assertThat(support.jdbc()
			.queryForObject("SELECT error FROM alert WHERE job_id = ? AND status = 'FAILED'", String.class, job.id()))
			.contains("unreachable");
	}

	@Test
	void sendsOneRecoveryNoticeWhenAFailingJobSucceedsAgain() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			long channel = channel("hook-recovery", hook.url());
			JobSpec job = hold(job(new AlertPolicy(List.of(channel), true, true, null, true)));

			runAndFinish(job, 200, "SUCCEEDED");
			runAndFinish(job, 500, "FAILED");
			await().atMost(Duration.ofSeconds(20)).until(() -> alerts(job.id(), "SENT") == 1);
			runAndFinish(job, 200, "SUCCEEDED");
			runAndFinish(job, 200, "SUCCEEDED");
			// the alert thread handles runs in order: once this failure is recorded as
			// suppressed, both successes before it were judged
			runAndFinish(job, 500, "FAILED");
			await().atMost(Duration.ofSeconds(20)).until(() -> alerts(job.id(), "SUPPRESSED") == 1);

			assertThat(kinds(job.id(), "SENT")).containsExactly("FAILURE", "RECOVERY");
			assertThat(hook.received()).hasSize(2).allMatch(BotServer.Received::verified);
			assertThat(hook.received().get(1).body().path("subject").asText())
				.isEqualTo("[Crony] Job " + job.name() + " recovered");
		}
	}

	@Test
	void failureRateRuleAlertsOnceWhenTheShareOfFailuresPassesTheThreshold() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			long channel = channel("hook-rate", hook.url());
			AlertPolicy rateOnly = new AlertPolicy(List.of(channel), false, false,
					new AlertPolicy.FailureRate(0.5, 5, 4), false);
			JobSpec job = hold(job(rateOnly));

			runAndFinish(job, 200, "SUCCEEDED");
			runAndFinish(job, 200, "SUCCEEDED");
			runAndFinish(job, 500, "FAILED");
			runAndFinish(job, 500, "FAILED");
			// 2 of 4: not above one half yet
			runAndFinish(job, 500, "FAILED");
			// 3 of 5: above
			await().atMost(Duration.ofSeconds(20)).until(() -> alerts(job.id(), null) == 1);
			runAndFinish(job, 500, "FAILED");

			assertThat(kinds(job.id(), "SENT")).containsExactly("FAILURE_RATE");
			assertThat(hook.received()).singleElement().satisfies((call) -> {
				assertThat(call.verified()).isTrue();
				assertThat(call.body().path("subject").asText()).contains("3 of 5 runs failed");
			});
		}
	}

	@Test
	void aChineseChannelGetsTheFailureInChineseWithTimesInTheJobsZone() throws Exception {
		try (BotServer hook = BotServer.start(Vendor.WEBHOOK, SECRET)) {
			long channel = channel("hook-zh", hook.url(), "zh-CN");
			JobSpec base = job(new AlertPolicy(List.of(channel), true, true, null, false));
			JobSpec job = hold(new JobSpec(base.id(), base.name(), null, base.schedule(), "Asia/Shanghai",
					base.target(), 5, base.retry(), base.misfirePolicy(), base.overlapPolicy(), base.assignment(), true,
					1, base.alerts()));

			runAndFinish(job, 500, "FAILED");
			await().atMost(Duration.ofSeconds(20)).until(() -> alerts(job.id(), "SENT") == 1);

			BotServer.Received call = hook.received().get(0);
			assertThat(call.verified()).isTrue();
			assertThat(call.body().path("kind").asText()).isEqualTo("FAILURE");
			assertThat(call.body().path("language").asText()).isEqualTo("zh-CN");
			assertThat(call.body().path("subject").asText()).isEqualTo("[Crony] 任务 " + job.name() + " 执行失败");
			assertThat(call.body().path("timeZone").asText()).isEqualTo("Asia/Shanghai");
			assertThat(call.body().path("text").asText()).contains("执行节点：" + AGENT)
				.containsPattern("计划时间：\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\+08:00 \\(Asia/Shanghai\\)");
			assertThat(support.jdbc()
				.queryForObject("SELECT subject FROM alert WHERE job_id = ? AND status = 'SENT'", String.class,
						job.id()))
				.isEqualTo("[Crony] 任务 " + job.name() + " 执行失败");
		}
	}

	private JobSpec job(AlertPolicy alerts) {
		JobSpec base = AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON, target.url());
		return new JobSpec(base.id(), base.name(), null, base.schedule(), base.timeZone(), base.target(), 5,
				base.retry(), base.misfirePolicy(), base.overlapPolicy(), base.assignment(), true, 1, alerts);
	}

	private JobSpec hold(JobSpec job) {
		await().atMost(Duration.ofSeconds(30)).until(() -> support.registered(AGENT) && this.runtime.fence().mayFire());
		this.current = job;
		support.assign(AGENT, job);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.runtime.engine().jobIds().contains(job.id()));
		return job;
	}

	/** Starts {@code count} manual runs, one every {@code every}; returns their ids. */
	private static List<Long> runPaced(JobSpec job, int count, Duration every) throws InterruptedException {
		ScheduledExecutorService pacer = Executors.newSingleThreadScheduledExecutor();
		List<Long> ids = new java.util.concurrent.CopyOnWriteArrayList<>();
		AtomicInteger started = new AtomicInteger();
		try {
			pacer.scheduleAtFixedRate(() -> {
				if (started.getAndIncrement() < count) {
					ids.add(runOnce(job));
				}
			}, 0, every.toMillis(), TimeUnit.MILLISECONDS);
			await().atMost(Duration.ofSeconds(120)).until(() -> ids.size() >= count);
		}
		finally {
			pacer.shutdownNow();
		}
		return ids;
	}

	/**
	 * Runs the job once and waits for the outcome. A run the agent's fence held back (its
	 * lease not confirmed in time on a loaded machine) stays PENDING: it is started
	 * again.
	 */
	private static void runAndFinish(JobSpec job, int status, String expected) {
		target.status.set(status);
		for (int tries = 0; tries < 3; tries++) {
			long id = runOnce(job);
			try {
				await().atMost(Duration.ofSeconds(10)).until(() -> expected.equals(support.status(id)));
				return;
			}
			catch (ConditionTimeoutException ex) {
				assertThat(support.status(id)).as("run %d", id).isEqualTo("PENDING");
			}
		}
		throw new AssertionError("Job " + job.id() + " did not run in three tries");
	}

	/**
	 * A manual run as the web's "run now" makes it, each at an instant of its own (whole
	 * seconds here, where nothing of the job's schedule fires), all within the last few
	 * minutes (the failure-rate window).
	 */
	private static long runOnce(JobSpec job) {
		Instant at = Instant.now()
			.truncatedTo(ChronoUnit.SECONDS)
			.minus(Duration.ofMinutes(4))
			.plusSeconds(seconds.incrementAndGet());
		long id = support.executionId();
		support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "updated_at) VALUES (?, ?, ?, ?, 'MANUAL', 'PENDING', ?, ?)", id, job.id(), job.name(), AGENT,
					Timestamp.from(at), Timestamp.from(Instant.now()));
		support.put(support.keys().once(AGENT, id),
				CronyJson.toBytes(new OnceRequest(id, job.id(), TriggerType.MANUAL, null, at, "tester")));
		return id;
	}

	private static long channel(String name, String url) {
		return channel(name, url, "en");
	}

	private static long channel(String name, String url, String language) {
		Instant now = Instant.now();
		support.jdbc()
			.update("INSERT INTO alert_channel (name, type, enabled, platform, config, secret, language, created_at,"
					+ " updated_at) VALUES (?, 'WEBHOOK', 1, 0, ?, ?, ?, ?, ?)", name, "{\"url\":\"" + url + "\"}",
					SECRET, language, Timestamp.from(now), Timestamp.from(now));
		return support.jdbc().queryForObject("SELECT id FROM alert_channel WHERE name = ?", Long.class, name);
	}

	/** Waits until a count stops changing for three seconds, and returns it. */
	private static int settled(java.util.function.IntSupplier count) {
		AtomicInteger last = new AtomicInteger(-1);
		AtomicLong changedAt = new AtomicLong();
		await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500)).until(() -> {
			int now = count.getAsInt();
			if (now != last.getAndSet(now)) {
				changedAt.set(System.nanoTime());
				return false;
			}
			return System.nanoTime() - changedAt.get() > 3_000_000_000L;
		});
		return last.get();
	}

	private static int finished(long jobId, String status) {
		return support.jdbc()
			.queryForObject("SELECT COUNT(*) FROM execution WHERE job_id = ? AND status = ?", Integer.class, jobId,
					status);
	}

	private static int alerts(long jobId, String status) {
		return (status != null) ? support.jdbc()
			.queryForObject("SELECT COUNT(*) FROM alert WHERE job_id = ? AND status = ?", Integer.class, jobId, status)
				: support.jdbc().queryForObject("SELECT COUNT(*) FROM alert WHERE job_id = ?", Integer.class, jobId);
	}

	private static List<String> kinds(long jobId, String status) {
		return support.jdbc()
			.queryForList("SELECT kind FROM alert WHERE job_id = ? AND status = ? ORDER BY id", String.class, jobId,
					status);
	}

	/** A target that answers whatever status the test sets. */
	static final class Target implements AutoCloseable {

		final AtomicInteger status = new AtomicInteger(200);

		private final HttpServer server;

		Target() throws IOException {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			this.server.createContext("/", (exchange) -> {
				exchange.getRequestBody().readAllBytes();
				byte[] body = ("answer " + this.status.get()).getBytes();
				exchange.sendResponseHeaders(this.status.get(), body.length);
				exchange.getResponseBody().write(body);
				exchange.close();
			});
			this.server.setExecutor(Executors.newFixedThreadPool(4));
			this.server.start();
		}

		String url() {
			return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/run";
		}

		@Override
		public void close() {
			this.server.stop(0);
		}

	}

}
