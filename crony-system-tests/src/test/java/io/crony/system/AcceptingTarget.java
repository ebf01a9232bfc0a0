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

import com.sun.net.httpserver.HttpServer;

/**
 * An async HTTP target that takes every run at any path (202 ACCEPTED) and never reports
 * by itself: what the deadline is for, or an instance of a long job's service that the
 * test reports for. Keeps the contract headers and the arrival of each call.
 */
final class AcceptingTarget implements AutoCloseable {

	private final String name;

	private final HttpServer server;

	private final List<Call> calls = new CopyOnWriteArrayList<>();

	AcceptingTarget() {
		this("accepting-target");
	}

	/**
	 * @param name the instance's id, as registered
	 */
	AcceptingTarget(String name) {
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
			byte[] body = "{\"outcome\":\"ACCEPTED\"}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(202, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
			// kept once answered: a test that sees the call may stop this instance at
			// once
			// without cutting the answer off (the run would fail instead of being
			// accepted)
			this.calls.add(new Call(headers, at));
		});
		this.server.start();
	}

	String name() {
		return this.name;
	}

	int port() {
		return this.server.getAddress().getPort();
	}

	String url() {
		return "http://127.0.0.1:" + port() + "/accept";
	}

	/** The headers of every call, in arrival order. */
	List<Map<String, String>> calls() {
		return this.calls.stream().map(Call::headers).toList();
	}

	boolean called(long executionId) {
		return find(executionId) != null;
	}

	/** The headers of the call for the execution, or null when there was none. */
	Map<String, String> callOf(long executionId) {
		Call call = find(executionId);
		return (call != null) ? call.headers : null;
	}

	Instant arrivalOf(long executionId) {
		return find(executionId).at;
	}

	private Call find(long executionId) {
		return this.calls.stream()
			.filter((call) -> Long.toString(executionId).equals(call.headers.get("X-Crony-Execution-Id")))
			.findFirst()
			.orElse(null);
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	private record Call(Map<String, String> headers, Instant at) {
	}

}
