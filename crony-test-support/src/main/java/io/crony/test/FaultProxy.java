package io.crony.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A real TCP fault proxy between a process and what it talks to: a Toxiproxy server
 * ({@code toxiproxy-server}, built by {@code scripts/services.sh install}) on a free
 * loopback port, driven through its REST API. Each {@link Route} is one proxied upstream
 * on a port of its own, which the process under test is given instead of the upstream's:
 * the test then cuts it (a partition), restores it, or slows or resets what passes.
 */
public final class FaultProxy implements AutoCloseable {

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private static final ObjectMapper JSON = new ObjectMapper();

	private final ServiceProcess server;

	private final URI api;

	private FaultProxy(ServiceProcess server, URI api) {
		this.server = server;
		this.api = api;
	}

	/** Starts a Toxiproxy server on a free loopback port and waits until it answers. */
	public static FaultProxy start() {
		int port = LocalServices.freePort();
		ServiceProcess server = ServiceProcess.start("toxiproxy-" + port,
				List.of(binary().toString(), "-host", "127.0.0.1", "-port", Integer.toString(port)),
				Path.of(".").toAbsolutePath());
		URI api = URI.create("http://127.0.0.1:" + port);
		try {
			server.awaitHealthy(api.resolve("/version").toString(), Duration.ofSeconds(30));
		}
		catch (RuntimeException ex) {
			close(server);
			throw ex;
		}
		return new FaultProxy(server, api);
	}

	/**
	 * Proxies {@code 127.0.0.1:upstreamPort} on a free loopback port (the route starts
	 * open).
	 * @param name the route's name, unique within this proxy
	 */
	public Route route(String name, int upstreamPort) {
		int listen = LocalServices.freePort();
		send("POST", "/proxies", Map.of("name", name, "listen", "127.0.0.1:" + listen, "upstream",
				"127.0.0.1:" + upstreamPort, "enabled", true));
		return new Route(name, listen);
	}

	@Override
	public void close() {
		close(this.server);
	}

	private static void close(ServiceProcess server) {
		try {
			server.close();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private void send(String method, String path, Object body) {
		try {
			HttpRequest.BodyPublisher publisher = (body != null)
					? HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))
					: HttpRequest.BodyPublishers.noBody();
			HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(this.api.resolve(path))
				.timeout(Duration.ofSeconds(10))
				.header("Content-Type", "application/json")
				.method(method, publisher)
				.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() / 100 != 2) {
				throw new IllegalStateException("Toxiproxy answered " + method + " " + path + " with "
						+ response.statusCode() + ": " + response.body());
			}
		}
		catch (JsonProcessingException ex) {
			throw new IllegalArgumentException(ex);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted talking to Toxiproxy", ex);
		}
	}

	/**
	 * Where the server binary is: {@code -Dcrony.toxiproxy}, else Go's bin directory
	 * ({@code $GOBIN}, {@code $GOPATH/bin}, {@code ~/go/bin}), where
	 * {@code scripts/services.sh install} builds it.
	 */
	static Path binary() {
		String configured = System.getProperty("crony.toxiproxy");
		if (configured != null) {
			return Path.of(configured);
		}
		return GoBin.find("toxiproxy-server")
			.orElseThrow(() -> new IllegalStateException(
					"No toxiproxy-server in Go's bin directory: run scripts/services.sh install"));
	}

	/** One proxied upstream. */
	public final class Route {

		private final String name;

		private final int port;

		private Route(String name, int port) {
			this.name = name;
			this.port = port;
		}

		/** The loopback port to connect to instead of the upstream's. */
		public int port() {
			return this.port;
		}

		/**
		 * Cuts the route: Toxiproxy closes its listener and every live connection, so the
		 * process sees its connections reset and new ones refused, as a partition on its
		 * side looks.
		 */
		public void cut() {
			enabled(false);
		}

		/** Opens the route again after {@link #cut()}. */
		public void restore() {
			enabled(true);
		}

		/**
		 * Delays every byte from the upstream by {@code latency}, until {@link #heal()}.
		 */
		public void latency(Duration latency) {
			toxic("latency", Map.of("latency", latency.toMillis(), "jitter", 0));
		}

		/**
		 * Resets every connection (TCP RST) once {@code after} has passed on it, new ones
		 * too, until {@link #heal()}.
		 */
		public void resetPeer(Duration after) {
			toxic("reset_peer", Map.of("timeout", after.toMillis()));
		}

		/** Removes the toxics ({@link #latency}, {@link #resetPeer}) this route has. */
		public void heal() {
			for (String type : List.of("latency", "reset_peer")) {
				try {
					send("DELETE", "/proxies/" + this.name + "/toxics/" + type, null);
				}
				catch (IllegalStateException ex) {
					// not present: nothing to remove
				}
			}
		}

		private void enabled(boolean enabled) {
			send("POST", "/proxies/" + this.name, Map.of("enabled", enabled));
		}

		private void toxic(String type, Map<String, Object> attributes) {
			send("POST", "/proxies/" + this.name + "/toxics", Map.of("name", type, "type", type, "stream", "downstream",
					"toxicity", 1.0, "attributes", attributes));
		}

	}

}
