package io.crony.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * The jobs' HTTP target, on the JDK's own server in the bench JVM: answers 200 and
 * records who called for which fire and when the call arrived.
 *
 * <p>
 * Not the sample target: every job of a size is due at the same instant, so the agent
 * opens up to one connection per job at once on the first fires. The sample target's
 * accept backlog (256) overflows then, and connects time out. This one asks for the
 * kernel's maximum backlog and keeps every idle connection (the JDK server closes idle
 * ones beyond 200 by default, which would force new connects every second), but closes
 * connections idle for 5 s.
 */
final class LoopbackTarget implements AutoCloseable {

	private final HttpServer server;

	private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();

	private LoopbackTarget(HttpServer server) {
		this.server = server;
	}

	static LoopbackTarget start() throws IOException {
		System.setProperty("sun.net.httpserver.maxIdleConnections", "1000000");
		// An overrun agent leaves connections it gave up on open; closing them after 5 s
		// idle (default 30 s) keeps the bench JVM within its file limit.
		System.setProperty("sun.net.httpserver.idleInterval", "5");
		HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 65535);
		LoopbackTarget target = new LoopbackTarget(server);
		// No executor: the handler is short, a hand-off would cost more than it.
		server.createContext("/", target::handle);
		server.start();
		return target;
	}

	String url(String path) {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + path;
	}

	/** Every call received, in order of arrival. */
	List<Call> calls() {
		return List.copyOf(this.calls);
	}

	private void handle(HttpExchange exchange) throws IOException {
		long received = System.currentTimeMillis();
		try (exchange) {
			exchange.getRequestBody().readAllBytes();
			var headers = exchange.getRequestHeaders();
			String jobId = headers.getFirst("X-Crony-Job-Id");
			String attempt = headers.getFirst("X-Crony-Attempt");
			this.calls.add(new Call((jobId != null) ? Long.parseLong(jobId) : 0,
					headers.getFirst("X-Crony-Scheduled-At"), (attempt != null) ? Integer.parseInt(attempt) : 0,
					headers.getFirst("X-Crony-Agent-Id"), received));
			exchange.sendResponseHeaders(200, 2);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(new byte[] { 'o', 'k' });
			}
		}
	}

	@Override
	public void close() {
		this.server.stop(0);
	}

	/**
	 * One call.
	 *
	 * @param jobId from {@code X-Crony-Job-Id}
	 * @param scheduledAt from {@code X-Crony-Scheduled-At}
	 * @param attempt from {@code X-Crony-Attempt}
	 * @param agentId from {@code X-Crony-Agent-Id}
	 * @param receivedAtMillis when it arrived
	 */
	record Call(long jobId, String scheduledAt, int attempt, String agentId, long receivedAtMillis) {
	}

}
