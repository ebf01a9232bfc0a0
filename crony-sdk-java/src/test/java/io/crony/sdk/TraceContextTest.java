package io.crony.sdk;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reports carry the W3C trace context the call came with, so crony-web's span of the
 * report joins the run's trace: a real local HTTP server reads what the default transport
 * sends.
 */
class TraceContextTest {

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	private final List<String> received = new CopyOnWriteArrayList<>();

	private HttpServer server;

	@BeforeEach
	void start() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/", (exchange) -> {
			this.received.add(String.valueOf(exchange.getRequestHeaders().getFirst("traceparent")));
			byte[] body = "{\"applied\":true,\"status\":\"RUNNING\"}".getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(200, body.length);
			exchange.getResponseBody().write(body);
			exchange.close();
		});
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void sendsTheCallsTraceparentWithEveryReportAndNoneWithoutOne() {
		try (CronyClient client = CronyClient
			.create(CronyClientOptions.builder("http://127.0.0.1:" + this.server.getAddress().getPort()).build())) {
			client.reportProgress(new Execution(42, "t0k3n", TRACEPARENT), Progress.of(10));
			client.reportResult(new Execution(42, "t0k3n", TRACEPARENT), Result.succeeded("done"));
			client.reportProgress(new Execution(43, "t0k3n"), Progress.of(10));
		}
		assertThat(this.received).containsExactly(TRACEPARENT, TRACEPARENT, "null");
	}

	@Test
	void keepsOnlyATraceparentOfTheW3cForm() {
		assertThat(new Execution(1, "t", " " + TRACEPARENT + " ").traceparent()).isEqualTo(TRACEPARENT);
		assertThat(new Execution(1, "t", "00-4bf92f35-00f067aa0ba902b7-01").traceparent()).isNull();
		assertThat(new Execution(1, "t", "ff" + TRACEPARENT.substring(2)).traceparent()).isNull();
		assertThat(new Execution(1, "t", TRACEPARENT.toUpperCase()).traceparent()).isNull();
		assertThat(new Execution(1, "t").traceparent()).isNull();
	}

}
