package io.crony.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import static org.awaitility.Awaitility.await;

/**
 * A real Jaeger v2 all-in-one ({@code jaeger}, built from its Go module by
 * {@code scripts/services.sh install}) on free loopback ports: an OTLP/HTTP receiver that
 * crony-web and agents export their spans to, memory storage, and the query API a test
 * reads traces back from. Its own metrics (spans accepted) are served too, for the bench
 * to count what arrived.
 */
public final class Jaeger implements AutoCloseable {

	/** The version {@code scripts/services.sh install} builds. */
	public static final String VERSION = "1.76.0";

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private static final ObjectMapper JSON = new ObjectMapper();

	private final ServiceProcess server;

	private final int otlpPort;

	private final URI query;

	private final URI metrics;

	private Jaeger(ServiceProcess server, int otlpPort, URI query, URI metrics) {
		this.server = server;
		this.otlpPort = otlpPort;
		this.query = query;
		this.metrics = metrics;
	}

	/**
	 * Starts Jaeger on free loopback ports and waits until both its query API answers and
	 * its OTLP receiver takes connections (the collector starts its receivers last).
	 */
	public static Jaeger start() {
		int otlp = LocalServices.freePort();
		int queryHttp = LocalServices.freePort();
		int queryGrpc = LocalServices.freePort();
		int metrics = LocalServices.freePort();
		String name = "jaeger-" + otlp;
		Path config = Path.of("target", name + ".yaml").toAbsolutePath();
		try {
			Files.createDirectories(config.getParent());
			Files.writeString(config, config(otlp, queryHttp, queryGrpc, metrics));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		ServiceProcess server = ServiceProcess.start(name, List.of(binary().toString(), "--config", config.toString()),
				Path.of(".").toAbsolutePath());
		URI query = URI.create("http://127.0.0.1:" + queryHttp);
		try {
			server.awaitHealthy(query.resolve("/api/services").toString(), Duration.ofSeconds(60));
			await(name + " OTLP receiver").atMost(Duration.ofSeconds(30))
				.pollInterval(Duration.ofMillis(100))
				.until(() -> accepts(otlp));
		}
		catch (RuntimeException ex) {
			close(server);
			throw ex;
		}
		return new Jaeger(server, otlp, query, URI.create("http://127.0.0.1:" + metrics + "/metrics"));
	}

	/**
	 * The collector's configuration: OTLP over HTTP only (what Spring Boot exports), the
	 * memory store, the query API's HTTP and gRPC listeners and its own metrics on the
	 * given ports, since the defaults (4318, 16686, 16685, 8888) would clash with another
	 * Jaeger or test on this machine.
	 */
	static String config(int otlp, int queryHttp, int queryGrpc, int metrics) {
		return """
				service:
				  extensions: [jaeger_storage, jaeger_query]
				  pipelines:
				    traces:
				      receivers: [otlp]
				      processors: [batch]
				      exporters: [jaeger_storage_exporter]
				  telemetry:
				    resource:
				      service.name: jaeger
				    metrics:
				      readers:
				        - pull:
				            exporter:
				              prometheus:
				                host: 127.0.0.1
				                port: %d
				extensions:
				  jaeger_storage:
				    backends:
				      memstore:
				        memory:
				          max_traces: 100000
				  jaeger_query:
				    storage:
				      traces: memstore
				    http:
				      endpoint: 127.0.0.1:%d
				    grpc:
				      endpoint: 127.0.0.1:%d
				receivers:
				  otlp:
				    protocols:
				      http:
				        endpoint: 127.0.0.1:%d
				processors:
				  batch:
				exporters:
				  jaeger_storage_exporter:
				    trace_storage: memstore
				""".formatted(metrics, queryHttp, queryGrpc, otlp);
	}

	/** Where to export spans: {@code management.otlp.tracing.endpoint}. */
	public String otlpEndpoint() {
		return "http://127.0.0.1:" + this.otlpPort + "/v1/traces";
	}

	/**
	 * A trace as the query API has it ({@code GET /api/traces/{id}}: {@code spans}, each
	 * with {@code spanID}, {@code operationName}, {@code references} and {@code tags}),
	 * or empty while Jaeger has none of its spans.
	 */
	public Optional<JsonNode> trace(String traceId) {
		HttpResponse<String> response = get(this.query.resolve("/api/traces/" + traceId));
		if (response.statusCode() == 404) {
			return Optional.empty();
		}
		if (response.statusCode() != 200) {
			throw new IllegalStateException(
					"Jaeger answered " + response.statusCode() + " for trace " + traceId + ": " + response.body());
		}
		try {
			JsonNode data = JSON.readTree(response.body()).path("data");
			return (data.isArray() && !data.isEmpty()) ? Optional.of(data.get(0)) : Optional.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Spans its receiver has taken in so far, by its own metrics. */
	public long acceptedSpans() {
		String text = get(this.metrics).body();
		long total = 0;
		for (String line : text.split("\n")) {
			if (line.startsWith("otelcol_receiver_accepted_spans")) {
				total += (long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
			}
		}
		return total;
	}

	@Override
	public void close() {
		close(this.server);
	}

	private static HttpResponse<String> get(URI uri) {
		try {
			return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
					HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted asking Jaeger " + uri, ex);
		}
	}

	private static boolean accepts(int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static void close(ServiceProcess server) {
		try {
			server.close();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Where the binary is: {@code -Dcrony.jaeger}, else {@code jaeger-<version>} in Go's
	 * bin directory ({@link GoBin}), where {@code scripts/services.sh install} builds it.
	 */
	static Path binary() {
		String configured = System.getProperty("crony.jaeger");
		if (configured != null) {
			return Path.of(configured);
		}
		return GoBin.find("jaeger-" + VERSION)
			.orElseThrow(() -> new IllegalStateException(
					"No jaeger-" + VERSION + " in Go's bin directory: run scripts/services.sh install"));
	}

}
