package io.crony.web.execution;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.test.CronyServicesExtension;
import io.crony.web.support.ApiClient;
import io.crony.web.support.ApiClient.Response;
import io.crony.web.support.Jobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The live output stream of a run, read as a browser reads it, against the real server
 * and database: the row changes while the stream is open (as an agent's live output and
 * an SDK's progress reports change it) and the stream sends deltas, then the final event,
 * and closes.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
		"crony.web.admin.initial-password=" + OutputStreamIT.ADMIN_PASSWORD, "crony.web.output-stream.max-streams=2" })
class OutputStreamIT {

	static final String ADMIN_PASSWORD = "admin-password-stream-1";

	private static final ObjectMapper MAPPER = new ObjectMapper();

	@RegisterExtension
	static final CronyServicesExtension services = new CronyServicesExtension();

	@DynamicPropertySource
	static void properties(DynamicPropertyRegistry registry) {
		services.properties().forEach((key, value) -> registry.add(key, () -> value));
	}

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private OutputStreams streams;

	private ApiClient admin;

	private final HttpClient http = HttpClient.newHttpClient();

	private final List<CompletableFuture<?>> opened = new ArrayList<>();

	@BeforeEach
	void signIn() {
		this.admin = ApiClient.anonymous(this.port).login("admin", ADMIN_PASSWORD);
		Jobs.ensureRow(this.jdbc, 42);
	}

	@AfterEach
	void cleanUp() {
		this.opened.forEach((stream) -> stream.cancel(true));
		this.jdbc.update("UPDATE execution SET status = 'CANCELLED'");
		await().atMost(Duration.ofSeconds(10)).until(() -> this.streams.openStreams() == 0);
		this.jdbc.update("DELETE FROM execution");
		this.jdbc.update("DELETE FROM job");
		this.jdbc.update("DELETE FROM department WHERE id <> 1");
	}

	@Test
	void sendsTheOutputAsDeltasAndTheProgressWhileTheRowChangesThenTheEndAndCloses() {
		long id = run("RUNNING", "a\n");
		List<Event> events = new CopyOnWriteArrayList<>();
		CompletableFuture<Void> done = open(id, events);

		await().atMost(Duration.ofSeconds(10)).until(() -> events.size() >= 2);
		assertThat(events.get(0).is("output", "{\"offset\":0,\"text\":\"a\\n\"}")).as("%s", events).isTrue();
		assertThat(events.get(1).name()).isEqualTo("state");
		assertThat(events.get(1).data().get("status").asText()).isEqualTo("RUNNING");

		this.jdbc.update("UPDATE execution SET `output` = 'a\\nb\\n', progress = 50, message = 'half way' WHERE id = ?",
				id);
		await().atMost(Duration.ofSeconds(10)).until(() -> events.size() >= 4);
		assertThat(events.get(2).is("output", "{\"offset\":2,\"text\":\"b\\n\"}")).as("%s", events).isTrue();
		assertThat(events.get(3).name()).isEqualTo("state");
		assertThat(events.get(3).data().get("progress").asInt()).isEqualTo(50);
		assertThat(events.get(3).data().get("message").asText()).isEqualTo("half way");

		// an output that does not extend the last one (a truncation marker) is sent in
		// full from where they differ
		this.jdbc.update("UPDATE execution SET `output` = 'a\\nX\\n' WHERE id = ?", id);
		await().atMost(Duration.ofSeconds(10)).until(() -> events.size() >= 5);
		assertThat(events.get(4).is("output", "{\"offset\":2,\"text\":\"X\\n\"}")).as("%s", events).isTrue();

		this.jdbc.update("UPDATE execution SET status = 'SUCCEEDED', `output` = 'a\\nX\\nc\\n', progress = 100 "
				+ "WHERE id = ?", id);
		await().atMost(Duration.ofSeconds(10)).until(done::isDone);
		assertThat(events.get(5).is("output", "{\"offset\":4,\"text\":\"c\\n\"}")).as("%s", events).isTrue();
		assertThat(events.get(6).name()).isEqualTo("end");
		assertThat(events.get(6).data().get("status").asText()).isEqualTo("SUCCEEDED");
		assertThat(events).hasSize(7);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.streams.openStreams() == 0);
	}

	@Test
	void aFinishedRunsStreamSendsEverythingAndEndsAtOnce() {
		long id = run("FAILED", "all of it\n");

		Response response = this.admin.get("/api/v1/executions/" + id + "/output/stream");

		assertThat(response.status()).isEqualTo(200);
		assertThat(response.contentType().toString()).startsWith("text/event-stream");
		List<Event> events = parse(response.body().asText().lines());
		assertThat(events).extracting(Event::name).containsExactly("output", "end");
		assertThat(events.get(1).data().get("status").asText()).isEqualTo("FAILED");
	}

	@Test
	void anotherDepartmentsRunIsNotFoundLikeOneThatDoesNotExist() {
		long id = run("RUNNING", "secret\n");
		this.admin.post("/api/v1/departments", Map.of("name", "team-b"));
		ApiClient inB = this.admin.inDepartment("team-b");

		Response other = inB.get("/api/v1/executions/" + id + "/output/stream");
		Response missing = inB.get("/api/v1/executions/" + (id + 1000) + "/output/stream");

		assertThat(other.status()).isEqualTo(404);
		assertThat(inB.get("/api/v1/executions/" + id).status()).isEqualTo(404);
		assertThat(String.valueOf(other.body())).doesNotContain("secret");
		assertThat(other.body().get("detail").asText().replace(Long.toString(id), "X"))
			.isEqualTo(missing.body().get("detail").asText().replace(Long.toString(id + 1000), "X"));
		assertThat(ApiClient.anonymous(this.port).get("/api/v1/executions/" + id + "/output/stream").status())
			.isEqualTo(401);
	}

	@Test
	void refusesAStreamOverTheLimitWithRetryAfter() {
		List<Event> first = new CopyOnWriteArrayList<>();
		List<Event> second = new CopyOnWriteArrayList<>();
		open(run("RUNNING", "1\n"), first);
		open(run("RUNNING", "2\n"), second);
		await().atMost(Duration.ofSeconds(10)).until(() -> this.streams.openStreams() == 2);

		Response refused = this.admin.get("/api/v1/executions/" + run("RUNNING", "3\n") + "/output/stream");

		assertThat(refused.status()).isEqualTo(429);
		assertThat(refused.body().get("detail").asText()).contains("max-streams");
	}

	private long run(String status, String output) {
		this.jdbc.update("INSERT INTO execution (job_id, job_name, agent_id, trigger_type, status, scheduled_at, "
				+ "started_at, attempt, `output`, updated_at) VALUES (42, 'streamed', 'agent-1', 'MANUAL', ?, "
				+ "NOW(3), NOW(3), 1, ?, NOW(3))", status, output);
		return this.jdbc.queryForObject("SELECT MAX(id) FROM execution", Long.class);
	}

	/** Opens the stream as the dashboard does (bearer header) and collects its events. */
	private CompletableFuture<Void> open(long id, List<Event> events) {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/api/v1/executions/" + id + "/output/stream"))
			.header("Authorization", "Bearer " + this.admin.token())
			.header("Accept", "text/event-stream")
			.build();
		CompletableFuture<Void> done = this.http.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
			.thenAcceptAsync((response) -> {
				assertThat(response.statusCode()).isEqualTo(200);
				collect(response.body(), events);
			});
		this.opened.add(done);
		return done;
	}

	private static void collect(Stream<String> lines, List<Event> events) {
		String name = null;
		StringBuilder data = new StringBuilder();
		for (String line : (Iterable<String>) lines::iterator) {
			if (line.isEmpty()) {
				if (name != null) {
					events.add(Event.of(name, data.toString()));
				}
				name = null;
				data.setLength(0);
			}
			else if (line.startsWith("event:")) {
				name = line.substring("event:".length()).trim();
			}
			else if (line.startsWith("data:")) {
				data.append(line.substring("data:".length()));
			}
		}
	}

	private static List<Event> parse(Stream<String> lines) {
		List<Event> events = new ArrayList<>();
		collect(Stream.concat(lines, Stream.of("")), events);
		return events;
	}

	record Event(String name, JsonNode data) {

		static Event of(String name, String data) {
			try {
				return new Event(name, MAPPER.readTree(data));
			}
			catch (Exception ex) {
				throw new IllegalStateException(data, ex);
			}
		}

		boolean is(String expectedName, String json) {
			try {
				return this.name.equals(expectedName) && this.data.equals(MAPPER.readTree(json));
			}
			catch (Exception ex) {
				return false;
			}
		}

	}

}
