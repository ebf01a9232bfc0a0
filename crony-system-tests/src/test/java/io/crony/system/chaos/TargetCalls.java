package io.crony.system.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Every call the sample target received ({@code GET /calls?from=N}), read on as it grows:
 * the witness the chaos test counts fires by, independent of Crony's own records.
 */
final class TargetCalls {

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	private final String url;

	private final List<Call> calls = new ArrayList<>();

	private final Map<Long, List<Call>> byJob = new HashMap<>();

	private int read;

	TargetCalls(String baseUrl) {
		this.url = baseUrl + "/calls?from=";
	}

	/** Reads the calls that came since the last read. */
	synchronized void refresh() {
		String body;
		try {
			HttpResponse<String> response = this.http.send(
					HttpRequest.newBuilder(URI.create(this.url + this.read)).timeout(Duration.ofSeconds(30)).build(),
					HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 200) {
				throw new IllegalStateException("sample target answered " + response.statusCode());
			}
			body = response.body();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		for (String line : body.split("\n")) {
			if (line.isEmpty()) {
				continue;
			}
			this.read++;
			String[] f = line.split(" ");
			long jobId = Long.parseLong(f[1]);
			if (jobId == 0 || "null".equals(f[2])) {
				continue; // health checks, not fires
			}
			Call call = new Call(Instant.ofEpochMilli(Long.parseLong(f[0])), jobId, Instant.parse(f[2]),
					Integer.parseInt(f[3]), f[4]);
			this.calls.add(call);
			this.byJob.computeIfAbsent(jobId, (id) -> new ArrayList<>()).add(call);
		}
	}

	/** Every job call read so far, in arrival order. */
	synchronized List<Call> all() {
		return List.copyOf(this.calls);
	}

	/**
	 * Whether each job got a call for each of the {@code count} instants from
	 * {@code first} on.
	 */
	synchronized boolean calledEach(Collection<Long> jobs, Instant first, int count) {
		for (long job : jobs) {
			List<Call> calls = this.byJob.getOrDefault(job, List.of());
			for (int i = 0; i < count; i++) {
				Instant instant = first.plusSeconds(i);
				boolean called = false;
				for (int c = calls.size() - 1; c >= 0 && !called; c--) {
					called = calls.get(c).scheduledAt().equals(instant);
				}
				if (!called) {
					return false;
				}
			}
		}
		return true;
	}

	/** The agent of the job's last call received before {@code t}, or null. */
	synchronized String agentBefore(long job, Instant t) {
		List<Call> calls = this.byJob.getOrDefault(job, List.of());
		for (int c = calls.size() - 1; c >= 0; c--) {
			if (calls.get(c).receivedAt().isBefore(t)) {
				return calls.get(c).agentId();
			}
		}
		return null;
	}

	/**
	 * The job's first call received at or after {@code t} from an agent other than
	 * {@code agent}, or null.
	 */
	synchronized Call firstElsewhere(long job, Instant t, String agent) {
		Call first = null;
		List<Call> calls = this.byJob.getOrDefault(job, List.of());
		for (int c = calls.size() - 1; c >= 0; c--) {
			Call call = calls.get(c);
			if (call.receivedAt().isBefore(t.minusSeconds(5))) {
				break;
			}
			if (!call.receivedAt().isBefore(t) && !call.agentId().equals(agent)
					&& (first == null || call.receivedAt().isBefore(first.receivedAt()))) {
				first = call;
			}
		}
		return first;
	}

	/** How many of the jobs got their call for {@code instant} from {@code agent}. */
	synchronized long heldBy(Collection<Long> jobs, String agent, Instant instant) {
		long held = 0;
		for (long job : jobs) {
			List<Call> calls = this.byJob.getOrDefault(job, List.of());
			for (int c = calls.size() - 1; c >= 0; c--) {
				Call call = calls.get(c);
				if (call.scheduledAt().equals(instant)) {
					held += call.agentId().equals(agent) ? 1 : 0;
					break;
				}
			}
		}
		return held;
	}

	/**
	 * One call of a fire.
	 *
	 * @param receivedAt when the target got it
	 * @param jobId the job
	 * @param scheduledAt the fire's instant
	 * @param attempt the attempt
	 * @param agentId the agent that called
	 */
	record Call(Instant receivedAt, long jobId, Instant scheduledAt, int attempt, String agentId) {

	}

}
