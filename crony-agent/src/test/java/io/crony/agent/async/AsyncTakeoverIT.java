package io.crony.agent.async;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.crony.agent.AgentTestSupport;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.reason.Reason;
import io.crony.common.reason.ReasonCode;
import io.crony.common.reason.ReasonJson;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An agent that takes over a job finds the job's ASYNC run its former holder left RUNNING
 * (the holder crashed after the target accepted it): once past the deadline it times the
 * attempt out, takes the row and runs the next attempt with the last resume payload.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AsyncTakeoverIT {

	static final String AGENT = "agent-takeover";

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	static AgentTestSupport support;

	static final List<Map<String, String>> calls = new CopyOnWriteArrayList<>();

	static final HttpServer target = acceptingTarget();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		support = new AgentTestSupport(services);
		support.agentProperties(AGENT, "target/spool-" + services.schema())
			.forEach((key, value) -> registry.add(key, () -> value));
		// the async poll interval (500 ms) and takeover grace (3 s) at their defaults:
		// 200 ms and 1 s saved a few seconds and left the takeover untested as shipped
	}

	@AfterAll
	static void close() {
		target.stop(0);
		support.close();
	}

	@Test
	void timesOutAndRetriesTheRunOfACrashedHolder() {
		String url = "http://127.0.0.1:" + target.getAddress().getPort() + "/accept";
		JobSpec base = AgentTestSupport.httpJob(4242, AgentTestSupport.NEVER_SOON, url);
		JobSpec job = new JobSpec(base.id(), base.name(), null, base.schedule(), base.timeZone(),
				new TargetSpec(base.target().type(), "POST", url, Map.of(), null, TargetMode.ASYNC, null, List.of()),
				30, new RetryPolicy(3, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW, base.assignment(), true, 1);
		Instant scheduled = Instant.now().minusSeconds(60).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
		long id = support.executionId();
		support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "started_at, attempt, mode, deadline_at, progress, resume_payload, updated_at) VALUES (?, ?, ?, "
					+ "'crashed-agent', 'CRON', 'RUNNING', ?, ?, 1, 'ASYNC', ?, 40, 'page-4', ?)", id, job.id(),
					job.name(), Timestamp.from(scheduled), Timestamp.from(scheduled),
					Timestamp.from(scheduled.plusSeconds(30)), Timestamp.from(scheduled));

		support.assign(AGENT, job);

		await("attempt 2 called").atMost(Duration.ofSeconds(60)).until(() -> !attemptsCalled(id).isEmpty());
		Map<String, String> call = calls.stream()
			.filter((each) -> Long.toString(id).equals(each.get("X-Crony-Execution-Id")))
			.findFirst()
			.orElseThrow();
		assertThat(call).containsEntry("X-Crony-Execution-Id", Long.toString(id))
			.containsEntry("X-Crony-Attempt", "2")
			.containsEntry("X-Crony-Resume-Payload",
					java.util.Base64.getEncoder().encodeToString("page-4".getBytes(StandardCharsets.UTF_8)));
		await("row taken").atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(support.row(id)).containsEntry("agent_id", AGENT)
				.containsEntry("status", "RUNNING")
				.containsEntry("attempt", 2));
		support.unassign(AGENT, job.id());
	}

	/**
	 * A move is not a try, on the agent that takes a run over as on the one that started
	 * it: the run below moved twice (its chain says so) before its holder crashed in
	 * attempt 3, so with three tries allowed it has used one. The new holder times
	 * attempt 3 out and retries it as attempt 4, and attempt 4, timed out too, as attempt
	 * 5: the third try, the last. About 10 s (the default 3 s takeover grace, twice).
	 */
	@Test
	void countsTheMovesOfATakenOverRunAsThePlainPathDoes() {
		String url = "http://127.0.0.1:" + target.getAddress().getPort() + "/accept";
		JobSpec base = AgentTestSupport.httpJob(4243, AgentTestSupport.NEVER_SOON, url);
		JobSpec job = new JobSpec(base.id(), base.name(), null, base.schedule(), base.timeZone(),
				new TargetSpec(base.target().type(), "POST", url, Map.of(), null, TargetMode.ASYNC, null, List.of()), 2,
				new RetryPolicy(3, 0), MisfirePolicy.SKIP, OverlapPolicy.ALLOW, base.assignment(), true, 1);
		Instant scheduled = Instant.now().minusSeconds(60).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
		long id = support.executionId();
		support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "started_at, attempt, mode, deadline_at, updated_at) VALUES (?, ?, ?, 'crashed-agent', 'CRON', "
					+ "'RUNNING', ?, ?, 3, 'ASYNC', ?, ?)", id, job.id(), job.name(), Timestamp.from(scheduled),
					Timestamp.from(scheduled), Timestamp.from(scheduled.plusSeconds(2)), Timestamp.from(scheduled));
		for (int attempt = 1; attempt <= 3; attempt++) {
			boolean moved = attempt < 3;
			support.jdbc()
				.update("INSERT INTO execution_attempt (execution_id, attempt, instance, agent_id, started_at, "
						+ "ended_at, status, note) VALUES (?, ?, ?, 'crashed-agent', ?, ?, ?, ?)", id, attempt,
						"10.0.0." + attempt + ":8080", Timestamp.from(scheduled),
						moved ? Timestamp.from(scheduled) : null, moved ? "MOVED" : null,
						moved ? "its instance asked to move the run" : null);
		}

		support.assign(AGENT, job);

		await("attempt 5 timed out").atMost(Duration.ofSeconds(60))
			.untilAsserted(
					() -> assertThat(support.row(id)).containsEntry("status", "TIMED_OUT").containsEntry("attempt", 5));
		await("no attempt 6").during(Duration.ofSeconds(1))
			.atMost(Duration.ofSeconds(10))
			.untilAsserted(() -> assertThat(attemptsCalled(id)).containsExactly("4", "5"));
		// the chain's links of this agent's attempts say why they ended, as a code too
		await("attempt 5's link ended").atMost(Duration.ofSeconds(10))
			.until(() -> support.jdbc()
				.queryForList("SELECT reason FROM execution_attempt WHERE execution_id = ? AND attempt >= 4 "
						+ "AND ended_at IS NOT NULL", String.class, id)
				.size() == 2);
		assertThat(support.jdbc()
			.queryForList("SELECT reason FROM execution_attempt WHERE execution_id = ? AND attempt >= 4", String.class,
					id))
			.extracting((reason) -> ReasonJson.read(reason).code())
			.containsOnly(ReasonCode.RUN_NO_REPORT_BY_DEADLINE);
		support.unassign(AGENT, job.id());
	}

	/**
	 * A run is resumed for its instance's silence once: the chain's MOVED link with that
	 * code says it was, and so does an older agent's link, which says it in its note
	 * alone; a move for another reason does not count. About 0.1 s.
	 */
	@Test
	void findsAnAttemptMovedForSilenceByItsCodeOrAnOlderAgentsNote() {
		AsyncStore store = new AsyncStore(support.jdbc());
		Instant at = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
		long coded = silenceRow(4301, at);
		link(coded, 1, "MOVED", "its instance asked to move the run", Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED));
		assertThat(store.resumedForSilence(coded)).as("moved for another reason").isFalse();
		link(coded, 2, "MOVED", "its instance stopped reporting for 3 s",
				Reason.of(ReasonCode.ATTEMPT_STOPPED_REPORTING, 3));
		assertThat(store.resumedForSilence(coded)).as("by its code").isTrue();

		long older = silenceRow(4302, at);
		link(older, 1, "MOVED", "its instance stopped reporting for 3 s", null);
		assertThat(store.resumedForSilence(older)).as("by an older agent's note").isTrue();

		long timedOut = silenceRow(4303, at);
		link(timedOut, 1, "TIMED_OUT", "its instance stopped reporting for 3 s",
				Reason.of(ReasonCode.ATTEMPT_STOPPED_REPORTING, 3));
		assertThat(store.resumedForSilence(timedOut)).as("only a MOVED link").isFalse();
	}

	/**
	 * A link of the chain ends once: a start of its attempt replayed after it ended
	 * (MOVED here) does not re-open it, so the run's moves still count it, and a second
	 * end does not rewrite it; an open link is refreshed by a start and ended once. About
	 * 0.1 s.
	 */
	@Test
	void anEndedLinkOfTheChainIsNeverReopenedNorRewritten() {
		AsyncStore store = new AsyncStore(support.jdbc());
		MovedAttempts moves = new MovedAttempts(support.jdbc());
		Instant at = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
		long id = silenceRow(4311, at);

		assertThat(store.attemptStarted(id, 1, "10.0.0.1:8080", AGENT, at)).isTrue();
		assertThat(store.attemptStarted(id, 1, "10.0.0.2:8080", AGENT, at.plusSeconds(1))).as("open: refreshed")
			.isTrue();
		assertThat(store.attemptEnded(id, 1, "MOVED", "its instance asked to move the run",
				Reason.of(ReasonCode.ATTEMPT_MOVE_ASKED), at.plusSeconds(2)))
			.isTrue();

		assertThat(store.attemptStarted(id, 1, "10.0.0.3:8080", AGENT, at.plusSeconds(3))).as("a late start").isFalse();
		assertThat(store.attemptEnded(id, 1, "FAILED", "late", null, at.plusSeconds(4))).as("a second end").isFalse();
		assertThat(support.jdbc()
			.queryForMap("SELECT instance, status, note FROM execution_attempt WHERE execution_id = ? AND attempt = 1",
					id))
			.containsEntry("instance", "10.0.0.2:8080")
			.containsEntry("status", "MOVED")
			.containsEntry("note", "its instance asked to move the run");
		assertThat(moves.of(id)).isEqualTo(1);
	}

	private static long silenceRow(long jobId, Instant at) {
		long id = support.executionId();
		support.jdbc()
			.update("INSERT INTO execution (id, job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
					+ "attempt, mode, updated_at) VALUES (?, ?, 'silent', 'elsewhere', 'CRON', 'RUNNING', ?, 1, "
					+ "'ASYNC', ?)", id, jobId, Timestamp.from(at), Timestamp.from(at));
		return id;
	}

	private static void link(long id, int attempt, String status, String note, Reason reason) {
		support.jdbc()
			.update("INSERT INTO execution_attempt (execution_id, attempt, instance, agent_id, started_at, ended_at, "
					+ "status, note, reason) VALUES (?, ?, '10.0.0.9:8080', 'elsewhere', NOW(3), NOW(3), ?, ?, ?)", id,
					attempt, status, note, ReasonJson.write(reason));
	}

	private static List<String> attemptsCalled(long id) {
		return calls.stream()
			.filter((call) -> Long.toString(id).equals(call.get("X-Crony-Execution-Id")))
			.map((call) -> call.get("X-Crony-Attempt"))
			.toList();
	}

	private static HttpServer acceptingTarget() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.createContext("/accept", (exchange) -> {
				exchange.getRequestBody().readAllBytes();
				Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
				exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
				calls.add(headers);
				byte[] body = "{\"outcome\":\"ACCEPTED\"}".getBytes(StandardCharsets.UTF_8);
				exchange.sendResponseHeaders(202, body.length);
				exchange.getResponseBody().write(body);
				exchange.close();
			});
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
