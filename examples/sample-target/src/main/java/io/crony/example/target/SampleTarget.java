package io.crony.example.target;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A job target for demos and tests, on the JDK's own HTTP server (no dependencies).
 *
 * <pre>
 * /ok                 200
 * /fail               500
 * /sleep?ms=N         waits N ms, then 200
 * /flaky?failures=N   500 for the first N attempts of each fire, then 200
 * /counts             "jobId scheduledAt count" lines: how many first attempts each fire got
 * /calls?from=N       every call from the N-th on (0 first), in arrival order, one per line:
 *                     "receivedAtMillis jobId scheduledAt attempt agentId path"
 * </pre>
 *
 * A fire is identified by the {@code X-Crony-Job-Id} and {@code X-Crony-Scheduled-At}
 * headers the agent sends with every call, so a count above 1 means a fire ran twice.
 */
public final class SampleTarget implements AutoCloseable {

	private static final String MAX_IDLE_CONNECTIONS = "sun.net.httpserver.maxIdleConnections";

	private final HttpServer server;

	private final ExecutorService executor = Executors.newCachedThreadPool();

	/** Every call received, in order; guarded by itself. */
	private final List<Call> calls = new ArrayList<>();

	private final Map<String, AtomicInteger> attemptsByFire = new ConcurrentHashMap<>();

	private final String host;

	private SampleTarget(String bindAddress, int port) {
		// a wildcard bind is still reached on loopback
		this.host = bindAddress.equals("0.0.0.0") || bindAddress.equals("::") ? "127.0.0.1" : bindAddress;
		try {
			this.server = HttpServer.create(new InetSocketAddress(bindAddress, port), 256);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.setExecutor(this.executor);
		this.server.createContext("/", this::handle);
		this.server.start();
	}

	/** Starts a target on loopback on the given port (0 = a free one). */
	public static SampleTarget start(int port) {
		return start("127.0.0.1", port);
	}

	/** Starts a target on the given address and port (0 = a free one). */
	public static SampleTarget start(String bindAddress, int port) {
		return new SampleTarget(bindAddress, port);
	}

	/** {@code sample-target [port, 9000] [bind address, 127.0.0.1]}. */
	public static void main(String[] args) {
		// The JDK's server keeps 200 idle keep-alive connections and closes any further
		// one
		// right after answering, without saying "Connection: close"; a client that sends
		// its
		// next call on it fails ("Connection closed by peer"). Several agents calling
		// every
		// second keep more than 200 between them, so this target keeps them all.
		if (System.getProperty(MAX_IDLE_CONNECTIONS) == null) {
			System.setProperty(MAX_IDLE_CONNECTIONS, "5000");
		}
		int port = (args.length > 0) ? Integer.parseInt(args[0]) : 9000;
		String bindAddress = (args.length > 1) ? args[1] : "127.0.0.1";
		SampleTarget target = start(bindAddress, port);
		System.out.println("sample-target listening on " + target.url("/"));
	}

	public int port() {
		return this.server.getAddress().getPort();
	}

	public String url(String path) {
		String host = this.host.contains(":") ? "[" + this.host + "]" : this.host;
		return "http://" + host + ":" + port() + path;
	}

	/** Every call received, in order. */
	public List<Call> calls() {
		return callsFrom(0);
	}

	/** The calls received from the {@code from}-th on (0 is the first), in order. */
	public List<Call> callsFrom(int from) {
		synchronized (this.calls) {
			return List.copyOf(this.calls.subList(Math.min(Math.max(from, 0), this.calls.size()), this.calls.size()));
		}
	}

	/** Every fire's first-attempt count, as "jobId scheduledAt" to count. */
	public Map<String, Long> runsByFire() {
		return calls().stream()
			.filter((call) -> call.attempt() == 1)
			.collect(Collectors.groupingBy((call) -> call.jobId() + " " + call.scheduledAt(), Collectors.counting()));
	}

	/** Calls of one job that were first attempts, by scheduled time. */
	public Map<String, Long> runsByScheduledAt(long jobId) {
		return calls().stream()
			.filter((call) -> call.jobId() == jobId && call.attempt() == 1)
			.collect(Collectors.groupingBy(Call::scheduledAt, Collectors.counting()));
	}

	public List<Call> callsOf(long jobId) {
		return calls().stream().filter((call) -> call.jobId() == jobId).toList();
	}

	private void handle(HttpExchange exchange) throws IOException {
		try (exchange) {
			URI uri = exchange.getRequestURI();
			Map<String, String> query = query(uri.getRawQuery());
			String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
			Call call = new Call(longHeader(exchange, "X-Crony-Job-Id"),
					exchange.getRequestHeaders().getFirst("X-Crony-Scheduled-At"),
					(int) longHeader(exchange, "X-Crony-Attempt"),
					exchange.getRequestHeaders().getFirst("X-Crony-Agent-Id"), uri.getPath(), body,
					System.currentTimeMillis(), exchange.getRequestHeaders().getFirst("traceparent"));
			if (!uri.getPath().equals("/counts") && !uri.getPath().equals("/calls")) {
				synchronized (this.calls) {
					this.calls.add(call);
				}
			}
			switch (uri.getPath()) {
				case "/ok" -> respond(exchange, 200, "ok");
				case "/fail" -> respond(exchange, 500, "failed on purpose");
				case "/sleep" -> {
					sleep(Long.parseLong(query.getOrDefault("ms", "1000")));
					respond(exchange, 200, "slept");
				}
				case "/flaky" -> {
					int failures = Integer.parseInt(query.getOrDefault("failures", "1"));
					int seen = this.attemptsByFire
						.computeIfAbsent(call.jobId() + " " + call.scheduledAt(), (key) -> new AtomicInteger())
						.incrementAndGet();
					respond(exchange, (seen <= failures) ? 503 : 200, "attempt " + seen);
				}
				case "/counts" -> respond(exchange, 200, counts());
				case "/calls" -> {
					String from = query.getOrDefault("from", "0");
					if (from.matches("\\d{1,9}")) {
						respond(exchange, 200, callLines(Integer.parseInt(from)));
					}
					else {
						respond(exchange, 400, "from: a call number, 0 or more");
					}
				}
				default -> respond(exchange, 404, "no such endpoint");
			}
		}
	}

	private String callLines(int from) {
		StringBuilder lines = new StringBuilder();
		for (Call call : callsFrom(from)) {
			lines.append(call.receivedAtMillis())
				.append(' ')
				.append(call.jobId())
				.append(' ')
				.append(call.scheduledAt())
				.append(' ')
				.append(call.attempt())
				.append(' ')
				.append(call.agentId())
				.append(' ')
				.append(call.path())
				.append('\n');
		}
		return lines.toString();
	}

	private String counts() {
		Map<String, Long> counts = calls().stream()
			.filter((call) -> call.attempt() <= 1)
			.collect(Collectors.groupingBy((call) -> call.jobId() + " " + call.scheduledAt(), Collectors.counting()));
		return counts.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " " + entry.getValue())
			.sorted()
			.collect(Collectors.joining("\n"));
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis); // the endpoint's job is to be slow
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static long longHeader(HttpExchange exchange, String name) {
		String value = exchange.getRequestHeaders().getFirst(name);
		try {
			return (value != null) ? Long.parseLong(value) : 0;
		}
		catch (NumberFormatException ex) {
			return 0;
		}
	}

	private static Map<String, String> query(String raw) {
		Map<String, String> query = new HashMap<>();
		if (raw != null) {
			for (String pair : raw.split("&")) {
				int eq = pair.indexOf('=');
				if (eq > 0) {
					query.put(pair.substring(0, eq), pair.substring(eq + 1));
				}
			}
		}
		return query;
	}

	private static void respond(HttpExchange exchange, int status, String text) throws IOException {
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
		this.executor.shutdownNow();
	}

	/**
	 * One call received.
	 *
	 * @param jobId the job, from {@code X-Crony-Job-Id}
	 * @param scheduledAt the fire's scheduled instant, from {@code X-Crony-Scheduled-At}
	 * @param attempt the attempt number, from {@code X-Crony-Attempt}
	 * @param agentId the calling agent, from {@code X-Crony-Agent-Id}
	 * @param path the endpoint called
	 * @param body the request body
	 * @param receivedAtMillis when it arrived
	 * @param traceparent the W3C trace context the call carried, null for none
	 */
	public record Call(long jobId, String scheduledAt, int attempt, String agentId, String path, String body,
			long receivedAtMillis, String traceparent) {
	}

}
