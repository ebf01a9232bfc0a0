package io.crony.system;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;

/**
 * An async HTTP target that takes every run (202 ACCEPTED) and never reports: what the
 * deadline is for. Keeps the contract headers of each call.
 */
final class AcceptingTarget implements AutoCloseable {

	private final HttpServer server;

	private final List<Map<String, String>> calls = new CopyOnWriteArrayList<>();

	AcceptingTarget() {
		try {
			this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.server.createContext("/accept", (exchange) -> {
			exchange.getRequestBody().readAllBytes();
			Map<String, String> headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
			exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, values.get(0)));
			this.calls.add(headers);
			byte[] body = "{\"outcome\":\"ACCEPTED\"}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(202, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/accept";
	}

	List<Map<String, String>> calls() {
		return this.calls;
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

}
