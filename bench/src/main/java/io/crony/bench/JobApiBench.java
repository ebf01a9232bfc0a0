package io.crony.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.crony.common.etcd.CronyKeys;
import io.crony.test.LocalServices;
import io.etcd.jetcd.Client;

import static io.crony.bench.ClusterBench.count;
import static io.crony.bench.ClusterBench.seconds;
import static io.crony.bench.ClusterBench.waitFor;

/**
 * Measures job creation through the REST API, as a client applying jobs sees it, against
 * crony-web running from its executable jar on its own etcd and MariaDB: (a) one
 * {@code POST /api/v1/jobs} per job, one request after the other; (b) the same kind of
 * jobs through {@code POST /api/v1/jobs/bulk} in batches, one request after the other.
 * For each: jobs per second from the first request to the last 201, and when the leader
 * had every job's assignment key in etcd (over {@code agents} registered agents).
 *
 * <p>
 * System properties: {@code crony.bench.jobs} (10000, through the bulk API),
 * {@code crony.bench.batch} (1000 per bulk request), {@code crony.bench.single-jobs}
 * (1000, one request each; 0 skips it), {@code crony.bench.agents} (10).
 */
public final class JobApiBench {

	private static final String SCHEMA = "crony_bench_api";

	private static final ObjectMapper JSON = new ObjectMapper();

	private final HttpClient http = HttpClient.newHttpClient();

	private final String base;

	private String token;

	private JobApiBench(String base) {
		this.base = base;
	}

	public static void main(String[] args) throws Exception {
		int bulkJobs = Integer.getInteger("crony.bench.jobs", 10_000);
		int batch = Integer.getInteger("crony.bench.batch", 1_000);
		int singleJobs = Integer.getInteger("crony.bench.single-jobs", 1_000);
		int agentCount = Integer.getInteger("crony.bench.agents", 10);
		Path jar = ClusterBench.webJar();
		System.out.printf(
				"crony job API bench: %d jobs one request each, %d jobs in bulk requests of %d, "
						+ "%d agents, %d cores, web jar %s%n",
				singleJobs, bulkJobs, batch, agentCount, Runtime.getRuntime().availableProcessors(), jar);
		String password = Base64.getUrlEncoder().encodeToString(SecureRandom.getSeed(18));
		try (LocalServices services = LocalServices.dedicated()) {
			services.createSchema(SCHEMA);
			CronyKeys keys = new CronyKeys("/crony-bench-api");
			String jdbcUrl = services.jdbcUrl(SCHEMA);
			int port = ClusterBench.freePort();
			List<String> webArgs = List.of("--crony.web.admin.initial-password=" + password,
					"--crony.web.jobs.bulk-limit=" + Math.max(batch, 1000));
			try (WebProcess web = WebProcess.start(jar, services.etcdEndpoint(), jdbcUrl, keys.prefix(), port, webArgs);
					Client client = Client.builder().endpoints(services.etcdEndpoint()).build();
					Connection db = DriverManager.getConnection(jdbcUrl, LocalServices.DB_USER,
							LocalServices.DB_PASSWORD)) {
				EtcdCounts etcd = new EtcdCounts(client, keys);
				JobApiBench api = new JobApiBench("http://127.0.0.1:" + port);
				waitFor("web leader elected", Duration.ofMinutes(2), () -> etcd.leaders() == 1 && web.alive());
				waitFor("web answering", Duration.ofMinutes(2), api::healthy);
				List<BenchAgent> agents = new ArrayList<>();
				for (int i = 0; i < agentCount; i++) {
					agents.add(BenchAgent.start(client, keys, "agent-" + i));
				}
				waitFor("leader saw the agents", Duration.ofMinutes(1),
						() -> count(db, "SELECT COUNT(*) FROM agent WHERE status = 'ONLINE'") == agentCount);
				api.signIn(password);

				if (singleJobs > 0) {
					long start = System.nanoTime();
					for (int i = 0; i < singleJobs; i++) {
						api.post("/api/v1/jobs", job("single-" + i, i), 201);
					}
					long answered = System.nanoTime();
					waitFor("single jobs placed", Duration.ofMinutes(10), () -> etcd.assignments() == singleJobs);
					long placed = System.nanoTime();
					System.out.printf(
							"(a) %d jobs, one POST /api/v1/jobs each: %.2f s, %.0f jobs/s; "
									+ "all placed in etcd %.2f s after the last 201%n",
							singleJobs, seconds(start, answered), singleJobs / seconds(start, answered),
							seconds(answered, placed));
				}

				long start = System.nanoTime();
				List<Double> batchSeconds = new ArrayList<>();
				for (int from = 0; from < bulkJobs; from += batch) {
					List<Map<String, Object>> jobs = new ArrayList<>();
					for (int i = from; i < Math.min(bulkJobs, from + batch); i++) {
						jobs.add(job("bulk-" + i, i));
					}
					long sent = System.nanoTime();
					JsonNode answer = api.post("/api/v1/jobs/bulk", Map.of("jobs", jobs), 201);
					batchSeconds.add(seconds(sent, System.nanoTime()));
					if (answer.get("created").asInt() != jobs.size()) {
						throw new IllegalStateException(
								"Bulk request created " + answer.get("created") + " jobs, not " + jobs.size());
					}
				}
				long answered = System.nanoTime();
				waitFor("bulk jobs placed", Duration.ofMinutes(10),
						() -> etcd.assignments() == (long) singleJobs + bulkJobs);
				long placed = System.nanoTime();
				System.out.printf("(b) %d jobs, POST /api/v1/jobs/bulk with %d each: %.2f s, %.0f jobs/s; "
						+ "all placed in etcd %.2f s after the last 201 (%.0f jobs/s from the first request to the "
						+ "last key)%n", bulkJobs, batch, seconds(start, answered), bulkJobs / seconds(start, answered),
						seconds(answered, placed), bulkJobs / seconds(start, placed));
				System.out.printf("    seconds per bulk request: %s%n",
						batchSeconds.stream().map((s) -> String.format("%.2f", s)).toList());
				System.out.printf("jobs on two agents at the end: %d%n", etcd.duplicates());
				for (BenchAgent agent : agents) {
					agent.close();
				}
			}
		}
	}

	/** A job as {@link JobInserter} writes it for the cluster bench, through the API. */
	private static Map<String, Object> job(String name, int i) {
		Map<String, Object> target = new LinkedHashMap<>();
		target.put("type", "HTTP");
		target.put("method", "POST");
		target.put("url", "http://127.0.0.1:9000/jobs/" + i);
		target.put("headers", Map.of("X-Env", "bench"));
		target.put("body", "{\"day\":\"${scheduledAt}\"}");
		Map<String, Object> job = new LinkedHashMap<>();
		job.put("name", name);
		job.put("description", "benchmark job");
		job.put("schedule", "0 */5 * * * ?");
		job.put("timeZone", "UTC");
		job.put("target", target);
		job.put("timeoutSeconds", 30);
		job.put("retry", Map.of("maxAttempts", 3, "backoffSeconds", 5));
		return job;
	}

	private boolean healthy() {
		try {
			HttpRequest request = HttpRequest.newBuilder(URI.create(this.base + "/actuator/health"))
				.timeout(Duration.ofSeconds(5))
				.build();
			return this.http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
		}
		catch (IOException ex) {
			return false;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return false;
		}
	}

	private void signIn(String password) throws Exception {
		this.token = post("/api/v1/auth/login", Map.of("username", "admin", "password", password), 200).get("token")
			.asText();
	}

	private JsonNode post(String path, Object body, int expected) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.base + path))
			.timeout(Duration.ofMinutes(2))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
		if (this.token != null) {
			request.header("Authorization", "Bearer " + this.token);
		}
		HttpResponse<byte[]> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
		if (response.statusCode() != expected) {
			throw new IllegalStateException(path + " answered " + response.statusCode() + ": "
					+ new String(response.body(), java.nio.charset.StandardCharsets.UTF_8));
		}
		return JSON.readTree(response.body());
	}

}
