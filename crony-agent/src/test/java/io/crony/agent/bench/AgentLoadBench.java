package io.crony.agent.bench;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import io.crony.common.etcd.CronyKeys;
import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobAssignment;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.json.CronyJson;
import io.crony.example.target.SampleTarget;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.DeleteOption;

/**
 * Load benchmark for one running agent: assigns {@code --jobs} HTTP jobs to it, lets them
 * fire for {@code --seconds}, and reports the lateness seen at a local target (call
 * received minus scheduled instant, so it includes the HTTP hop) plus fires that ran
 * twice. Start etcd, MariaDB (schema migrated) and the agent first, e.g. with
 * {@code make run}; the assignment keys are deleted at the end.
 *
 * <pre>
 * --etcd http://127.0.0.1:23790 --prefix /crony --agent 127.0.0.1:8081
 * --jobs 100000 --every 60 --seconds 60 --port 9100
 * </pre>
 */
public final class AgentLoadBench {

	private AgentLoadBench() {
	}

	public static void main(String[] args) throws Exception {
		Map<String, String> options = options(args);
		String agent = options.getOrDefault("agent", "127.0.0.1:8081");
		int jobs = Integer.parseInt(options.getOrDefault("jobs", "100000"));
		// job i fires every N seconds at second offset i % N, so fires spread evenly
		int every = Integer.parseInt(options.getOrDefault("every", "60"));
		int seconds = Integer.parseInt(options.getOrDefault("seconds", "60"));
		CronyKeys keys = new CronyKeys(options.getOrDefault("prefix", "/crony"));
		try (Client etcd = Client.builder().endpoints(options.getOrDefault("etcd", "http://127.0.0.1:23790")).build();
				SampleTarget target = SampleTarget.start(Integer.parseInt(options.getOrDefault("port", "0")))) {
			long start = System.currentTimeMillis();
			assign(etcd, keys, agent, jobs, every, target.url("/ok"));
			System.out.printf("assigned %d jobs (every %d s) to %s in %d ms%n", jobs, every, agent,
					System.currentTimeMillis() - start);
			long from = System.currentTimeMillis() + 5000;
			long until = from + seconds * 1000L;
			while (System.currentTimeMillis() < until + 3000) {
				TimeUnit.MILLISECONDS.sleep(500); // a benchmark's own pacing, not a test
													// wait
			}
			etcd.getKVClient()
				.delete(bytes(keys.jobs(agent)), DeleteOption.builder().isPrefix(true).build())
				.get(60, TimeUnit.SECONDS);
			report(target.calls(), from, until);
		}
	}

	private static void assign(Client etcd, CronyKeys keys, String agent, int jobs, int every, String url)
			throws InterruptedException {
		Semaphore inFlight = new Semaphore(512);
		for (long id = 1; id <= jobs; id++) {
			String schedule = (id % every) + "/" + every + " * * * * ?";
			JobSpec job = new JobSpec(id, "bench-" + id, null, schedule, "UTC",
					new TargetSpec(TargetType.HTTP, "GET", url, Map.of(), null, TargetMode.SYNC, null, List.of()), 10,
					RetryPolicy.NONE, MisfirePolicy.SKIP, OverlapPolicy.ALLOW, AssignmentSpec.DEFAULT, true, 1);
			inFlight.acquire();
			etcd.getKVClient()
				.put(bytes(keys.job(agent, id)),
						ByteSequence.from(CronyJson.toBytes(new JobAssignment(job, 1, Instant.now()))))
				.whenComplete((response, failure) -> inFlight.release());
		}
		inFlight.acquire(512);
	}

	private static void report(List<SampleTarget.Call> calls, long from, long until) {
		Map<String, Integer> perFire = new HashMap<>();
		long[] lateness = calls.stream().filter((call) -> {
			long at = Instant.parse(call.scheduledAt()).toEpochMilli();
			return at >= from && at < until;
		})
			.peek((call) -> perFire.merge(call.jobId() + " " + call.scheduledAt(), 1, Integer::sum))
			.mapToLong((call) -> call.receivedAtMillis() - Instant.parse(call.scheduledAt()).toEpochMilli())
			.sorted()
			.toArray();
		if (lateness.length == 0) {
			System.out.println("no fires observed");
			return;
		}
		long twice = perFire.values().stream().filter((count) -> count > 1).count();
		System.out.printf("fires %d in %d s (%.0f/s), ran twice %d%n", lateness.length, (until - from) / 1000,
				lateness.length * 1000.0 / (until - from), twice);
		System.out.printf("lateness at target ms: p50 %d  p90 %d  p99 %d  p99.9 %d  max %d%n", pct(lateness, 50),
				pct(lateness, 90), pct(lateness, 99), pct(lateness, 99.9), lateness[lateness.length - 1]);
	}

	private static long pct(long[] sorted, double p) {
		return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100 * sorted.length) - 1)];
	}

	private static Map<String, String> options(String[] args) {
		Map<String, String> options = new HashMap<>();
		for (int i = 0; i + 1 < args.length; i += 2) {
			options.put(args[i].replaceFirst("^--", ""), args[i + 1]);
		}
		return options;
	}

	private static ByteSequence bytes(String value) {
		return ByteSequence.from(value, StandardCharsets.UTF_8);
	}

}
