package io.crony.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.execution.KillRequest;
import io.crony.common.execution.TriggerType;
import io.crony.common.json.CronyJson;
import io.crony.common.sql.SqlTime;
import io.crony.example.target.SampleTarget;
import io.crony.test.CronyServicesExtension;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.web.client.RestTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/** One agent in this JVM against real etcd and MariaDB, firing at a real HTTP target. */
@AutoConfigureObservability
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AgentFiringIT {

	static final String AGENT = "agent-firing";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	static final SampleTarget target = SampleTarget.start(0);

	static final AtomicLong jobIds = new AtomicLong(100);

	/** What a retry may take beyond its wait on a busy machine: answer, timer, call. */
	static final long RETRY_LATENCY_MILLIS = 600;

	/** Where the OTLP exporter sends: a port nothing listens on. */
	static final int CLOSED_PORT = closedPort();

	@Autowired
	AgentRuntime runtime;

	@Autowired
	ObjectProvider<SpanExporter> spanExporters;

	@Autowired
	MeterRegistry meterRegistry;

	@LocalServerPort
	int port;

	JobSpec current;

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
		registry.add("crony.agent.shell.enabled", () -> "true");
		registry.add("crony.agent.shell.allowed-commands", () -> "sh,echo,printenv");
		// every run traced and exported to a collector that is not there: runs must not
		// notice (the batch span processor drops what it cannot send, and the back-off
		// around the exporter stops trying for a while after a failure)
		registry.add("management.tracing.sampling.probability", () -> "1.0");
		registry.add("management.otlp.tracing.endpoint", () -> "http://127.0.0.1:" + CLOSED_PORT + "/v1/traces");
	}

	@AfterEach
	void unassign() {
		if (this.current != null) {
			support.unassign(AGENT, this.current.id());
		}
	}

	@AfterAll
	static void close() {
		target.close();
		support.close();
	}

	@Test
	void firesAnEverySecondJobOncePerSecond() {
		awaitRegistered();
		JobSpec job = assign(
				AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.EVERY_SECOND, target.url("/ok")));
		await().atMost(Duration.ofSeconds(30)).until(() -> target.runsByScheduledAt(job.id()).size() >= 12);
		Map<String, Long> runs = target.runsByScheduledAt(job.id());
		assertThat(runs.values()).allMatch((count) -> count == 1);
		List<Instant> seconds = runs.keySet().stream().map(Instant::parse).sorted().toList();
		Instant first = seconds.get(0);
		// every second between the first and the 11th run fired: ten in ten seconds
		assertThat(seconds.stream().filter((s) -> !s.isBefore(first) && s.isBefore(first.plusSeconds(10)))).hasSize(10);
		// Never early; late only within a bound a loaded CI machine keeps (lateness
		// itself
		// is measured in bench/, not asserted here).
		List<SampleTarget.Call> calls = target.callsOf(job.id());
		assertThat(calls)
			.allSatisfy((call) -> assertThat(call.receivedAtMillis() - Instant.parse(call.scheduledAt()).toEpochMilli())
				.isBetween(0L, 2000L));
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(support.jdbc()
				.queryForObject("SELECT COUNT(*) FROM execution WHERE job_id = ? AND status = 'SUCCEEDED'",
						Integer.class, job.id()))
				.isGreaterThanOrEqualTo(12));
		// the runs above were on time with every span exported to a dead collector
		assertThat(this.spanExporters.orderedStream())
			.anySatisfy((exporter) -> assertThat(exporter.toString()).contains("OtlpHttpSpanExporter")
				.contains("127.0.0.1:" + CLOSED_PORT));
		// and the spans it could not send were dropped and counted (the first failed
		// export ends after the OTLP sender's own retries, about 8 s)
		await().atMost(Duration.ofSeconds(60))
			.untilAsserted(() -> assertThat(this.meterRegistry.find("crony.agent.tracing.spans.dropped")
				.counters()
				.stream()
				.mapToDouble(Counter::count)
				.sum()).isPositive());
		// each call carried its run's trace context, whose trace id the run's row keeps
		assertThat(calls)
			.allSatisfy((call) -> assertThat(call.traceparent()).matches("00-[0-9a-f]{32}-[0-9a-f]{16}-01"));
		assertThat(calls).extracting((call) -> call.traceparent().substring(3, 35)).doesNotHaveDuplicates();
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(calls).allSatisfy((call) -> assertThat(support.jdbc()
				.queryForObject(
						"SELECT trace_id FROM execution WHERE job_id = ? AND scheduled_at = CAST(? AS DATETIME(3))",
						String.class, job.id(), SqlTime.of(Instant.parse(call.scheduledAt()))))
				.isEqualTo(call.traceparent().substring(3, 35))));
		String metrics = new RestTemplate().getForObject("http://127.0.0.1:" + this.port + "/actuator/prometheus",
				String.class);
		assertThat(metrics).contains("crony_agent_runs_total{status=\"SUCCEEDED\"}")
			.contains("crony_agent_trigger_lateness_seconds_bucket")
			.contains("crony_agent_lease_valid 1.0")
			.contains("crony_agent_jobs")
			.contains("crony_agent_run_duration_seconds_bucket{");
		// every run sampled here: a run's trace id is the exemplar of its duration's
		// bucket, in the OpenMetrics form Prometheus scrapes exemplars from
		await("a run's trace id as the run duration's exemplar").atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(runDurationExemplars(openMetrics())).containsAnyElementsOf(
					target.callsOf(job.id()).stream().map((call) -> call.traceparent().substring(3, 35)).toList()));
	}

	private String openMetrics() {
		HttpHeaders headers = new HttpHeaders();
		headers.set(HttpHeaders.ACCEPT, "application/openmetrics-text;version=1.0.0");
		return new RestTemplate()
			.exchange("http://127.0.0.1:" + this.port + "/actuator/prometheus", HttpMethod.GET,
					new HttpEntity<>(headers), String.class)
			.getBody();
	}

	/** The trace ids of the exemplars of the succeeded runs' duration buckets. */
	static List<String> runDurationExemplars(String openMetrics) {
		Matcher bucket = Pattern
			.compile("(?m)^crony_agent_run_duration_seconds_bucket\\{([^}]*)\\} \\S+ # \\{([^}]*)\\}")
			.matcher(openMetrics);
		Pattern traceId = Pattern.compile("trace_id=\"([0-9a-f]{32})\"");
		List<String> traceIds = new ArrayList<>();
		while (bucket.find()) {
			Matcher exemplar = traceId.matcher(bucket.group(2));
			if (bucket.group(1).contains("status=\"SUCCEEDED\"") && bucket.group(2).contains("span_id=\"")
					&& exemplar.find()) {
				traceIds.add(exemplar.group(1));
			}
		}
		return traceIds;
	}

	/**
	 * The liveness and readiness groups the images' health check and the chart's probes
	 * ask for answer with the default settings, outside Kubernetes too (compose, podman).
	 */
	@Test
	void answersTheLivenessAndReadinessProbesWithDefaultSettings() {
		RestTemplate http = new RestTemplate();
		for (String group : List.of("liveness", "readiness")) {
			String health = http.getForObject("http://127.0.0.1:" + this.port + "/actuator/health/" + group,
					String.class);
			assertThat(health).as(group).contains("\"status\":\"UP\"");
		}
	}

	/**
	 * Fires the job's former holder claimed and released before this agent learned of the
	 * job (a move seen late) run here, also under SKIP: they were handed over, not
	 * missed.
	 */
	@Test
	void runsTheFiresItsFormerHolderReleasedBeforeTheJobArrived() {
		awaitRegistered();
		JobSpec job = AgentTestSupport.with(
				AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.EVERY_SECOND, target.url("/ok")), 5,
				RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW);
		Instant second = Instant.now().truncatedTo(ChronoUnit.SECONDS);
		List<Instant> released = List.of(second.minusSeconds(1), second);
		released.forEach((at) -> support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "attempt, updated_at) VALUES (?, ?, ?, NULL, 'CRON', 'PENDING', ?, 1, ?)", support.executionId(),
					job.id(), job.name(), SqlTime.of(at), SqlTime.of(at)));
		assign(job);
		await().atMost(Duration.ofSeconds(30)).until(() -> target.runsByScheduledAt(job.id()).size() >= 4);
		Map<Instant, Long> runs = new TreeMap<>();
		target.runsByScheduledAt(job.id()).forEach((at, count) -> runs.put(Instant.parse(at), count));
		assertThat(runs).containsKeys(released.toArray(Instant[]::new))
			.allSatisfy((at, count) -> assertThat(count).isOne());
	}

	@Test
	void retriesAFailingTargetAsTheRetryPolicySays() {
		awaitRegistered();
		JobSpec job = assign(AgentTestSupport.with(
				AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON,
						target.url("/flaky?failures=2")),
				5, new RetryPolicy(3, 1), MisfirePolicy.SKIP, OverlapPolicy.ALLOW));
		long id = awaitHeldThenRun(job, "{\"day\":1}");
		await().atMost(Duration.ofSeconds(20)).until(() -> "SUCCEEDED".equals(support.status(id)));
		assertThat(support.row(id)).containsEntry("attempt", 3);
		assertThat(target.callsOf(job.id())).extracting(SampleTarget.Call::attempt).containsExactly(1, 2, 3);
		List<SampleTarget.Call> calls = target.callsOf(job.id());
		assertThat(calls.get(2).receivedAtMillis() - calls.get(1).receivedAtMillis()).isGreaterThanOrEqualTo(900);
		// the attempts are spans of one trace, the run's, which its row keeps
		assertThat(calls).extracting((call) -> call.traceparent().substring(3, 35))
			.containsOnly((String) support.row(id).get("trace_id"));
		assertThat(calls).extracting((call) -> call.traceparent().substring(36, 52)).doesNotHaveDuplicates();
	}

	/**
	 * A job without a body template: the call's body is the run's params (the contract,
	 * docs/targets.md), for a manual run with params and again for its retry.
	 */
	@Test
	void sendsTheRunsParamsAsTheBodyOfAJobWithoutABodyTemplate() {
		awaitRegistered();
		JobSpec templated = AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON,
				target.url("/flaky?failures=1"));
		TargetSpec bodiless = new TargetSpec(TargetType.HTTP, "POST", templated.target().url(), Map.of(), null,
				templated.target().mode(), null, List.of());
		JobSpec job = assign(AgentTestSupport.with(templated.withTarget(bodiless), 5, new RetryPolicy(2, 0),
				MisfirePolicy.SKIP, OverlapPolicy.ALLOW));
		long id = awaitHeldThenRun(job, "{\"region\":\"XYZ\"}");
		await().atMost(Duration.ofSeconds(20)).until(() -> "SUCCEEDED".equals(support.status(id)));
		assertThat(target.callsOf(job.id())).extracting(SampleTarget.Call::body)
			.containsExactly("{\"region\":\"XYZ\"}", "{\"region\":\"XYZ\"}");
	}

	/**
	 * A backfill of a fire long past, whose first attempt fails: both attempts carry the
	 * dates of the fire's logical instant in the job's zone (docs/targets.md, "Templates
	 * by logical time"), in the address and the body, not those of the day it runs.
	 */
	@Test
	void rendersTheLogicalInstantsDatesForABackfillAndItsRetry() {
		awaitRegistered();
		JobSpec templated = AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON,
				target.url("/flaky?failures=1&day=${yyyyMMdd}"));
		TargetSpec spec = new TargetSpec(TargetType.HTTP, "POST", templated.target().url(), Map.of(),
				"{\"day\":\"${yyyyMMdd}\",\"yesterday\":\"${yyyy-MM-dd,-1d}\",\"hour\":\"${HH:mm,+1h}\"}",
				templated.target().mode(), null, List.of());
		JobSpec job = assign(new JobSpec(templated.id(), templated.name(), null, templated.schedule(), "Asia/Shanghai",
				spec, 5, new RetryPolicy(2, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true,
				1));
		await().atMost(Duration.ofSeconds(10)).until(() -> this.runtime.engine().jobIds().contains(job.id()));
		// 16:30 UTC on 29 February 2024 is 00:30 on 1 March in Shanghai
		long id = support.runOnce(AGENT, job, null, TriggerType.BACKFILL, Instant.parse("2024-02-29T16:30:00Z"));
		await().atMost(Duration.ofSeconds(20)).until(() -> "SUCCEEDED".equals(support.status(id)));
		assertThat(target.callsOf(job.id())).extracting(SampleTarget.Call::attempt, SampleTarget.Call::body)
			.containsExactly(tuple(1, "{\"day\":\"20240301\",\"yesterday\":\"2024-02-29\",\"hour\":\"01:30\"}"),
					tuple(2, "{\"day\":\"20240301\",\"yesterday\":\"2024-02-29\",\"hour\":\"01:30\"}"));
	}

	/**
	 * EXPONENTIAL from 1 s, times 2, at most 3 s, jitter 0.2: the waits before the
	 * retries are 1 s, 2 s, 3 s (4 s capped) and 3 s (8 s capped), each shortened by up
	 * to a fifth. Four retries rather than three, so the last wait shows the cap beyond
	 * doubt (uncapped it would be 6.4 s at least).
	 */
	@Test
	void spacesExponentialRetriesByGrowingJitteredWaitsCappedAtTheMaximum() {
		awaitRegistered();
		JobSpec job = assign(AgentTestSupport.with(
				AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON, target.url("/fail")), 5,
				RetryPolicy.exponential(5, 1, 2.0, 3, 0.2), MisfirePolicy.SKIP, OverlapPolicy.ALLOW));
		long id = awaitHeldThenRun(job, null);
		await().atMost(Duration.ofSeconds(40)).until(() -> "FAILED".equals(support.status(id)));
		assertThat(support.row(id)).containsEntry("attempt", 5);
		List<SampleTarget.Call> calls = target.callsOf(job.id())
			.stream()
			.sorted(Comparator.comparingLong(SampleTarget.Call::receivedAtMillis))
			.toList();
		assertThat(calls).extracting(SampleTarget.Call::attempt).containsExactly(1, 2, 3, 4, 5);
		long[] waits = new long[4];
		for (int i = 0; i < waits.length; i++) {
			waits[i] = calls.get(i + 1).receivedAtMillis() - calls.get(i).receivedAtMillis();
		}
		// a gap is the wait plus the failed call's answer and the next call's start:
		// never
		// shorter than the jittered wait's floor, longer only by that latency
		long[] ceilings = { 1000, 2000, 3000, 3000 };
		for (int i = 0; i < waits.length; i++) {
			assertThat(waits[i]).as("gap before attempt %d in %s", i + 2, Arrays.toString(waits))
				.isBetween(ceilings[i] * 8 / 10, ceilings[i] + RETRY_LATENCY_MILLIS);
		}
		assertThat(waits[1]).as("growing: %s", Arrays.toString(waits)).isGreaterThan(waits[0]);
		assertThat(waits[2]).as("growing: %s", Arrays.toString(waits)).isGreaterThan(waits[1]);
	}

	@Test
	void timesOutEachAttemptAndRecordsTimedOut() {
		awaitRegistered();
		JobSpec job = assign(AgentTestSupport.with(
				AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON,
						target.url("/sleep?ms=4000")),
				1, new RetryPolicy(2, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW));
		long started = System.currentTimeMillis();
		long id = awaitHeldThenRun(job, null);
		await().atMost(Duration.ofSeconds(20)).until(() -> "TIMED_OUT".equals(support.status(id)));
		assertThat(support.row(id)).containsEntry("attempt", 2);
		assertThat(System.currentTimeMillis() - started).isLessThan(7000);
		assertThat(target.callsOf(job.id())).hasSize(2);
	}

	@Test
	void shellTargetCapturesOutput() {
		awaitRegistered();
		JobSpec job = assign(shellJob("echo hello from ${params}", 5));
		long id = awaitHeldThenRun(job, "crony");
		await().atMost(Duration.ofSeconds(10)).until(() -> "SUCCEEDED".equals(support.status(id)));
		assertThat((String) support.row(id).get("output")).contains("hello from crony");
	}

	/** A shell command reads its run's trace context from TRACEPARENT. */
	@Test
	void shellTargetGetsTheRunsTraceContextInItsEnvironment() {
		awaitRegistered();
		JobSpec job = assign(shellJob("printenv TRACEPARENT", 5));
		long id = awaitHeldThenRun(job, "");
		await().atMost(Duration.ofSeconds(10)).until(() -> "SUCCEEDED".equals(support.status(id)));
		Map<String, Object> row = support.row(id);
		assertThat(((String) row.get("output")).strip()).matches("00-" + row.get("trace_id") + "-[0-9a-f]{16}-01");
	}

	@Test
	void shellTimeoutKillsTheWholeProcessGroup(@TempDir Path dir) throws Exception {
		awaitRegistered();
		Path pidFile = dir.resolve("child.pid");
		Path script = dir.resolve("spawn.sh");
		Files.writeString(script, "sleep 300 &\necho $! > " + pidFile + "\nwait\n");
		JobSpec job = assign(shellJob("sh " + script, 1));
		long id = awaitHeldThenRun(job, null);
		await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(pidFile) && Files.size(pidFile) > 0);
		long child = Long.parseLong(Files.readString(pidFile).trim());
		await().atMost(Duration.ofSeconds(10)).until(() -> "TIMED_OUT".equals(support.status(id)));
		await().atMost(Duration.ofSeconds(10))
			.until(() -> ProcessHandle.of(child).map((process) -> !process.isAlive()).orElse(true));
	}

	@Test
	void shellOutputReachesTheRowWhileTheCommandRuns(@TempDir Path dir) throws Exception {
		awaitRegistered();
		Path script = dir.resolve("slow.sh");
		// each line stays the latest for 5 s: several live writes (one a second) show it
		// while the command runs, also on a loaded machine
		Files.writeString(script, "echo a\nsleep 5\necho b\nsleep 5\n");
		JobSpec job = assign(shellJob("sh " + script, 30));
		long id = awaitHeldThenRun(job, null);
		// the first line is in the row while the command still sleeps (live output,
		// written once a second)
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "RUNNING")
				.containsEntry("output", "a\n"));
		await().atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("status", "RUNNING")
				.containsEntry("output", "a\nb\n"));
		await().atMost(Duration.ofSeconds(20)).until(() -> "SUCCEEDED".equals(support.status(id)));
		assertThat(support.row(id)).containsEntry("output", "a\nb\n");
	}

	@Test
	void shellRefusesCommandsOffTheAllowlist() {
		awaitRegistered();
		JobSpec job = assign(shellJob("rm -rf /tmp/nothing-here", 5));
		long id = awaitHeldThenRun(job, null);
		await().atMost(Duration.ofSeconds(10)).until(() -> "FAILED".equals(support.status(id)));
		assertThat((String) support.row(id).get("error")).contains("not allowed");
	}

	private static JobSpec shellJob(String command, int timeoutSeconds) {
		JobSpec base = AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON, null);
		return new JobSpec(base.id(), base.name(), null, base.schedule(), "UTC",
				new TargetSpec(TargetType.SHELL, null, null, Map.of(), null, null, command, List.of()), timeoutSeconds,
				RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, base.assignment(), true, 1);
	}

	@Test
	void killCancelsARunningExecution() {
		awaitRegistered();
		JobSpec job = assign(
				AgentTestSupport.with(
						AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.NEVER_SOON,
								target.url("/sleep?ms=30000")),
						60, RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW));
		long id = awaitHeldThenRun(job, "p=1");
		await().atMost(Duration.ofSeconds(10)).until(() -> "RUNNING".equals(support.status(id)));
		support.put(support.keys().kill(AGENT, id), CronyJson.toBytes(new KillRequest(id, "tester", Instant.now())));
		await().atMost(Duration.ofSeconds(5)).until(() -> "CANCELLED".equals(support.status(id)));
		// the note in English, and as a code in the same row for a reader of another
		// language
		assertThat(support.jdbc().queryForMap("SELECT error, reason FROM execution WHERE id = ?", id))
			.containsEntry("error", "Cancelled by tester")
			.containsEntry("reason", "{\"code\":\"RUN_CANCELLED_BY\",\"params\":{\"user\":\"tester\"}}");
		assertThat(target.callsOf(job.id())).singleElement()
			.satisfies((call) -> assertThat(call.body()).contains("scheduledAt"));
		assertThat(support.keys().once(AGENT, id)).satisfies(
				(key) -> assertThat(support.etcd().getKVClient().get(AgentTestSupport.bytes(key)).join().getCount())
					.isZero());
	}

	@Test
	void overlapSkipRecordsSkippedRunsAndNeverRunsTwoAtOnce() {
		JobSpec job = overlapJob(OverlapPolicy.SKIP);
		await().atMost(Duration.ofSeconds(30))
			.until(() -> support.statuses(job.id()).contains("SKIPPED") && target.callsOf(job.id()).size() >= 2);
		assertThat(support.jdbc()
			.queryForList("SELECT reason FROM execution WHERE job_id = ? AND status = 'SKIPPED'", String.class,
					job.id()))
			.isNotEmpty()
			.allSatisfy((reason) -> assertThat(reason).contains("\"code\":\"RUN_OVERLAP_SKIPPED\""));
		assertNoConcurrentCalls(job);
	}

	@Test
	void overlapQueueRunsOneAfterAnother() {
		JobSpec job = overlapJob(OverlapPolicy.QUEUE);
		await().atMost(Duration.ofSeconds(30)).until(() -> target.callsOf(job.id()).size() >= 3);
		assertNoConcurrentCalls(job);
		assertThat(support.statuses(job.id())).doesNotContain("SKIPPED", "CANCELLED");
	}

	@Test
	void overlapReplaceCancelsThePreviousRun() {
		JobSpec job = overlapJob(OverlapPolicy.REPLACE);
		await().atMost(Duration.ofSeconds(30)).until(() -> support.statuses(job.id()).contains("CANCELLED"));
		assertThat(support.statuses(job.id())).doesNotContain("SKIPPED");
	}

	@Test
	void overlapAllowRunsAlongsideThePreviousRun() {
		JobSpec job = overlapJob(OverlapPolicy.ALLOW);
		await().atMost(Duration.ofSeconds(30)).until(() -> target.callsOf(job.id()).size() >= 3);
		List<SampleTarget.Call> calls = target.callsOf(job.id());
		// three calls inside one 2.5 s sleep: they overlapped
		assertThat(calls.get(2).receivedAtMillis() - calls.get(0).receivedAtMillis()).isLessThan(2500);
	}

	private JobSpec overlapJob(OverlapPolicy overlap) {
		awaitRegistered();
		return assign(
				AgentTestSupport.with(AgentTestSupport.httpJob(jobIds.incrementAndGet(), AgentTestSupport.EVERY_SECOND,
						target.url("/sleep?ms=2500")), 10, RetryPolicy.NONE, MisfirePolicy.SKIP, overlap));
	}

	private static void assertNoConcurrentCalls(JobSpec job) {
		List<SampleTarget.Call> calls = target.callsOf(job.id())
			.stream()
			.sorted(Comparator.comparingLong(SampleTarget.Call::receivedAtMillis))
			.toList();
		for (int i = 1; i < calls.size(); i++) {
			assertThat(calls.get(i).receivedAtMillis() - calls.get(i - 1).receivedAtMillis())
				.isGreaterThanOrEqualTo(2400);
		}
	}

	private JobSpec assign(JobSpec job) {
		this.current = job;
		support.assign(AGENT, job);
		return job;
	}

	private long awaitHeldThenRun(JobSpec job, String params) {
		await().atMost(Duration.ofSeconds(10)).until(() -> this.runtime.engine().jobIds().contains(job.id()));
		return support.runOnce(AGENT, job, params);
	}

	private static int closedPort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void awaitRegistered() {
		await().atMost(Duration.ofSeconds(30)).until(() -> support.registered(AGENT) && this.runtime.fence().mayFire());
	}

}
