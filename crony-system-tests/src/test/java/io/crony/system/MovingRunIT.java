package io.crony.system;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.fasterxml.jackson.databind.JsonNode;
import io.crony.test.CronyServicesExtension;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A long ASYNC run that moves to another instance of its service, end to end: crony-web
 * with its embedded Eureka server, a crony-agent with the default async settings, and two
 * real local HTTP instances of an {@code lb://} service registered in Eureka. The run
 * goes on at the other instance as a new attempt of the same run, from the resume payload
 * last reported: when its instance asks to move it at 50 %, and when its instance leaves
 * the registry after reporting 30 %, and when its instance stays listed but stops
 * reporting for the job's progress timeout (once: the resumed attempt that goes silent
 * too runs to its deadline). The run's chain shows both attempts with their instance.
 */
class MovingRunIT {

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	private static RegistrySystem system;

	private static Api api;

	private static Runs runs;

	private static Eureka eureka;

	private final List<RecordingTarget> instances = new CopyOnWriteArrayList<>();

	@BeforeAll
	static void startTheSystem() {
		system = new RegistrySystem(services, "moving-it");
		api = system.api;
		runs = system.runs;
		eureka = system.eureka;
	}

	@AfterAll
	static void stopTheSystem() throws Exception {
		if (system != null) {
			system.close();
		}
	}

	@AfterEach
	void stopInstances() {
		this.instances.forEach(RecordingTarget::close);
	}

	@Test
	void movesAtItsInstancesRequestAndFinishesOnTheOtherFromTheGivenOffset() {
		String service = "long-job-move";
		RecordingTarget a = instance(service, "a");
		RecordingTarget b = instance(service, "b");
		long job = runs.create("long-job-move", Runs.target("HTTP", "lb://" + service + "/work", "ASYNC"), 120, 1);

		long id = acceptedRun(job, a, b);
		RecordingTarget first = a.called(id) ? a : b;
		RecordingTarget other = (first == a) ? b : a;
		Map<String, String> call = first.callOf(id);
		assertThat(call.get("X-Crony-Attempt")).isEqualTo("1");

		// the first instance is draining: it hands the run over at 50 % and stops
		Api.Answer move = api.report(id, "progress", call.get("X-Crony-Token"),
				Map.of("progress", 50, "resumePayload", "{\"offset\":100000}", "rebalance", true));
		assertThat(move.status()).as("%s", move.body()).isEqualTo(200);
		assertThat(move.body().get("applied").asBoolean()).isTrue();

		Map<String, String> resumed = await("the run resumed on the other instance").atMost(Duration.ofSeconds(60))
			.until(() -> other.callOf(id), (headers) -> headers != null);
		assertThat(resumed.get("X-Crony-Attempt")).isEqualTo("2");
		assertThat(resumePayload(resumed)).isEqualTo("{\"offset\":100000}");
		assertThat(first.calls()).as("the instance that asked is not called again").hasSize(1);

		// the first instance's token is for attempt 1: once the run is at attempt 2, its
		// late report changes nothing
		await("the run at attempt 2").atMost(Duration.ofSeconds(30))
			.until(() -> api.get("/api/v1/executions/" + id).body().path("attempt").asInt() == 2);
		Api.Answer late = api.report(id, "result", call.get("X-Crony-Token"),
				Map.of("outcome", "FAILED", "message", "late"));
		assertThat(late.status()).as("%s", late.body()).isEqualTo(200);
		assertThat(late.body().get("applied").asBoolean()).isFalse();
		assertThat(late.body().get("status").asText()).isEqualTo("RUNNING");
		assertThat(late.body().get("message").asText()).contains("attempt 2");

		JsonNode execution = finish(id, resumed);
		assertThat(execution.get("status").asText()).isEqualTo("SUCCEEDED");
		assertThat(execution.get("attempt").asInt()).as("one run, two attempts").isEqualTo(2);
		JsonNode chain = execution.get("attempts");
		assertThat(chain).hasSize(2);
		assertAttempt(chain.get(0), 1, first, "MOVED");
		assertThat(chain.get(0).get("note").asText()).contains("asked to move");
		assertThat(chain.get(0).path("reason").path("code").asText()).isEqualTo("ATTEMPT_MOVE_ASKED");
		assertAttempt(chain.get(1), 2, other, "SUCCEEDED");
	}

	@Test
	void resumesOnAnotherInstanceFromTheLastReportedOffsetWhenItsInstanceLeaves() {
		String service = "long-job-lost";
		RecordingTarget a = instance(service, "a");
		RecordingTarget b = instance(service, "b");
		long job = runs.create("long-job-lost", Runs.target("HTTP", "lb://" + service + "/work", "ASYNC"), 120, 1);

		long id = acceptedRun(job, a, b);
		RecordingTarget first = a.called(id) ? a : b;
		RecordingTarget other = (first == a) ? b : a;
		Map<String, String> call = first.callOf(id);
		Api.Answer progress = api.report(id, "progress", call.get("X-Crony-Token"),
				Map.of("progress", 30, "resumePayload", "{\"offset\":30000}"));
		assertThat(progress.body().get("applied").asBoolean()).isTrue();

		// the instance goes away mid-run: stopped, and gone from the registry as a
		// service's Eureka client leaves it when it shuts down
		first.close();
		eureka.deregister(service, first.name());
		Instant gone = Instant.now();

		Map<String, String> resumed = await("the run resumed on the other instance").atMost(Duration.ofSeconds(90))
			.until(() -> other.callOf(id), (headers) -> headers != null);
		assertThat(other.arrivalOf(id)).as("the other instance starts only once the first is gone").isAfter(gone);
		assertThat(resumed.get("X-Crony-Attempt")).isEqualTo("2");
		assertThat(resumePayload(resumed)).isEqualTo("{\"offset\":30000}");

		JsonNode execution = finish(id, resumed);
		assertThat(execution.get("status").asText()).isEqualTo("SUCCEEDED");
		assertThat(execution.get("attempt").asInt()).isEqualTo(2);
		JsonNode chain = execution.get("attempts");
		assertThat(chain).hasSize(2);
		assertAttempt(chain.get(0), 1, first, "MOVED");
		assertThat(chain.get(0).get("note").asText()).contains("left the registry");
		assertThat(chain.get(0).path("reason").path("code").asText()).isEqualTo("ATTEMPT_INSTANCE_LEFT");
		assertThat(chain.get(0).path("reason").path("params").path("instance").asText())
			.isEqualTo(chain.get(0).path("instance").asText());
		assertAttempt(chain.get(1), 2, other, "SUCCEEDED");
		assertThat(other.calls()).as("resumed once").hasSize(1);
	}

	@Test
	void resumesASilentRunOnceOnAnotherInstanceAndLetsTheDeadlineEndASecondSilence() {
		String service = "long-job-silent";
		RecordingTarget a = instance(service, "a");
		RecordingTarget b = instance(service, "b");
		Map<String, Object> target = Runs.target("HTTP", "lb://" + service + "/work", "ASYNC");
		target.put("progressTimeoutSeconds", 3);
		long job = runs.create("long-job-silent", target, 20, 1);

		long id = acceptedRun(job, a, b);
		RecordingTarget first = a.called(id) ? a : b;
		RecordingTarget other = (first == a) ? b : a;
		Map<String, String> call = first.callOf(id);
		Api.Answer progress = api.report(id, "progress", call.get("X-Crony-Token"),
				Map.of("progress", 30, "resumePayload", "{\"offset\":30000}"));
		assertThat(progress.body().get("applied").asBoolean()).isTrue();
		Instant reported = Instant.now();

		// the first instance stays up and listed, but never reports again
		Map<String, String> resumed = await("the run resumed on the other instance").atMost(Duration.ofSeconds(60))
			.until(() -> other.callOf(id), (headers) -> headers != null);
		assertThat(other.arrivalOf(id)).as("after the progress timeout, counted from the last report")
			.isAfter(reported.plusSeconds(2));
		assertThat(resumed.get("X-Crony-Attempt")).isEqualTo("2");
		assertThat(resumePayload(resumed)).isEqualTo("{\"offset\":30000}");

		// the other instance goes silent as well: not resumed again, the deadline ends it
		JsonNode execution = await("the run timed out").atMost(Duration.ofSeconds(90))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> api.get("/api/v1/executions/" + id).body(), (run) -> {
				JsonNode chain = run.path("attempts");
				return "TIMED_OUT".equals(run.path("status").asText()) && chain.size() == 2
						&& "TIMED_OUT".equals(chain.get(1).path("status").asText());
			});
		assertThat(execution.get("attempt").asInt()).isEqualTo(2);
		JsonNode chain = execution.get("attempts");
		assertAttempt(chain.get(0), 1, first, "MOVED");
		assertThat(chain.get(0).get("note").asText()).isEqualTo("its instance stopped reporting for 3 s");
		// the code by which the agent knew not to resume the run again
		assertThat(chain.get(0).path("reason").path("code").asText()).isEqualTo("ATTEMPT_STOPPED_REPORTING");
		assertThat(chain.get(1).path("reason").path("code").asText()).isEqualTo("RUN_NO_REPORT_BY_DEADLINE");
		assertAttempt(chain.get(1), 2, other, "TIMED_OUT");
		assertThat(first.calls()).as("the silent instance is not called again").hasSize(1);
		assertThat(other.calls()).as("resumed once").hasSize(1);
	}

	private RecordingTarget instance(String service, String name) {
		RecordingTarget instance = RecordingTarget.accepting(service + "-" + name);
		this.instances.add(instance);
		eureka.register(service, instance.name(), instance.port(), -1);
		return instance;
	}

	/**
	 * Runs the job until one of the instances took a run, and the run's id: until the
	 * agent's next registry fetch sees the instances, a run fails with "no instance".
	 */
	private static long acceptedRun(long job, RecordingTarget... candidates) {
		return await("a run taken by an instance").atMost(Duration.ofMinutes(2))
			.pollInterval(Duration.ofSeconds(1))
			.until(() -> {
				long id = runs.start(job, null);
				await().atMost(Duration.ofSeconds(30))
					.until(() -> anyCalled(id, candidates)
							|| !"RUNNING".equals(api.get("/api/v1/executions/" + id).body().path("status").asText()));
				return anyCalled(id, candidates) ? id : 0;
			}, (id) -> id != 0);
	}

	private static boolean anyCalled(long id, RecordingTarget... candidates) {
		for (RecordingTarget candidate : candidates) {
			if (candidate.called(id)) {
				return true;
			}
		}
		return false;
	}

	/** Reports the run's success from the instance that has it, and waits for its end. */
	private static JsonNode finish(long id, Map<String, String> call) {
		Api.Answer result = api.report(id, "result", call.get("X-Crony-Token"),
				Map.of("outcome", "SUCCEEDED", "output", "done"));
		assertThat(result.body().get("applied").asBoolean()).as("%s", result.body()).isTrue();
		runs.awaitEnd(id);
		return await("the run's chain complete").atMost(Duration.ofSeconds(30))
			.until(() -> api.get("/api/v1/executions/" + id).body(), (execution) -> {
				JsonNode chain = execution.path("attempts");
				return chain.size() > 0 && !chain.get(chain.size() - 1).path("status").isMissingNode()
						&& !chain.get(chain.size() - 1).path("status").isNull();
			});
	}

	/** The resume payload a call was handed (base64 in its header, as any text). */
	private static String resumePayload(Map<String, String> call) {
		String header = call.get("X-Crony-Resume-Payload");
		assertThat(header).as("the call's resume payload").isNotNull();
		return new String(Base64.getDecoder().decode(header), StandardCharsets.UTF_8);
	}

	private static void assertAttempt(JsonNode attempt, int number, RecordingTarget instance, String status) {
		assertThat(attempt.get("attempt").asInt()).isEqualTo(number);
		assertThat(attempt.get("instance").asText()).isEqualTo("127.0.0.1:" + instance.port());
		assertThat(attempt.get("agentId").asText()).isEqualTo(system.agentId);
		assertThat(attempt.get("status").asText()).isEqualTo(status);
	}

}
