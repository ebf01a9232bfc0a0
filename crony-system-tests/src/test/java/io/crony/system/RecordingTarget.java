package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

import com.sun.net.httpserver.HttpServer;

/**
 * A local HTTP target at any path that answers each call as it is told and keeps the
 * headers (contract headers, {@code traceparent}) and the arrival of every call:
 * {@link #failingFirstAttempts()}, a sync target whose every run is a retried one, or
 * {@link #accepting(String)}, an async target that takes every run (202 ACCEPTED) and
 * reports nothing by itself (what the deadline is for, or an instance of a long job's
 * service that the test, or an SDK, reports for).
 */
final class RecordingTarget implements AutoCloseable {

	private static final Answer ACCEPTED = new Answer(202, "{\"outcome\":\"ACCEPTED\"}");

	private final String name;

	private final HttpServer server;

	private final List<Call> calls = new CopyOnWriteArrayList<>();

	private volatile Consumer<Map<String, String>> afterEachCall = (call) -> {
	};

	/**
	 * @param name the instance's id, as registered
	 * @param answers what a call with these headers is answered
	 */
	private RecordingTarget(String name, Function<Map<String, String>, Answer> answers) {
		this.name = name;
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
			exchange.getRequestHeaders().forEach((header, values) -> headers.put(header, values.get(0)));
			Instant at = Instant.now();
			Answer answer = answers.apply(headers);
			if (answer.json() != null) {
				byte[] body = answer.json().getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Content-Type", "application/json");
				exchange.sendResponseHeaders(answer.status(), body.length);
				exchange.getResponseBody().write(body);
			}
			else {
				exchange.sendResponseHeaders(answer.status(), -1);
			}
			exchange.close();
			// kept once answered: a test that sees the call may stop this instance at
			// once without cutting the answer off (an accepted run would fail instead)
			this.calls.add(new Call(headers, at));
			this.afterEachCall.accept(headers);
		});
		this.server.start();
	}

	/** Fails every run's first attempt (500), lets the next ones succeed (200). */
	static RecordingTarget failingFirstAttempts() {
		return new RecordingTarget("first-attempt-fails",
				(headers) -> new Answer("1".equals(headers.get("X-Crony-Attempt")) ? 500 : 200, null));
	}

	static RecordingTarget accepting() {
		return accepting("accepting-target");
	}

	/**
	 * Takes every run (202 ACCEPTED), reports nothing.
	 * @param name the instance's id, as registered
	 */
	static RecordingTarget accepting(String name) {
		return new RecordingTarget(name, (headers) -> ACCEPTED);
	}

	/** What to do once a call was answered, with its headers (report for it, say). */
	RecordingTarget afterEachCall(Consumer<Map<String, String>> then) {
		this.afterEachCall = then;
		return this;
	}

	String name() {
		return this.name;
	}

	int port() {
		return this.server.getAddress().getPort();
	}

	String url() {
		return "http://127.0.0.1:" + port() + "/work";
	}

	/** The headers of every call, in arrival order. */
	List<Map<String, String>> calls() {
		return this.calls.stream().map(Call::headers).toList();
	}

	/** The headers of the execution's calls, in arrival order. */
	List<Map<String, String>> callsOf(long executionId) {
		return this.calls.stream().filter((call) -> call.of(executionId)).map(Call::headers).toList();
	}

	boolean called(long executionId) {
		return find(executionId) != null;
	}

	/** The headers of the execution's first call, or null when there was none. */
	Map<String, String> callOf(long executionId) {
		Call call = find(executionId);
		return (call != null) ? call.headers : null;
	}

	Instant arrivalOf(long executionId) {
		return find(executionId).at;
	}

	private Call find(long executionId) {
		return this.calls.stream().filter((call) -> call.of(executionId)).findFirst().orElse(null);
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	private record Answer(int status, String json) {
	}

	private record Call(Map<String, String> headers, Instant at) {

		boolean of(long executionId) {
			return Long.toString(executionId).equals(this.headers.get("X-Crony-Execution-Id"));
		}

	}

}
