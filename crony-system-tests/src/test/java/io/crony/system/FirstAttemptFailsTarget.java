package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;

/**
 * A sync HTTP target that fails every run's first attempt (500) and lets the next ones
 * succeed (200), so each run it gets is a retried one; keeps the headers of every call.
 */
final class FirstAttemptFailsTarget implements AutoCloseable {

	private final HttpServer server;

	private final List<Map<String, String>> calls = new CopyOnWriteArrayList<>();

	FirstAttemptFailsTarget() {
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
			this.calls.add(headers);
			exchange.sendResponseHeaders("1".equals(headers.get("X-Crony-Attempt")) ? 500 : 200, -1);
			exchange.close();
		});
		this.server.start();
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/work";
	}

	/** The headers of the execution's calls, in arrival order. */
	List<Map<String, String>> callsOf(long executionId) {
		return this.calls.stream()
			.filter((call) -> Long.toString(executionId).equals(call.get("X-Crony-Execution-Id")))
			.toList();
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
