package io.crony.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.crony.test.LocalServices;

/**
 * crony-agent started from its executable jar as its own JVM, stopped (by its own pid)
 * when closed, or killed with SIGKILL for the failover measurement.
 */
final class AgentProcess implements AutoCloseable {

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final String id;

	private final int port;

	private final Process process;

	private AgentProcess(String id, int port, Process process) {
		this.id = id;
		this.port = port;
		this.process = process;
	}

	long pid() {
		return this.process.pid();
	}

	/**
	 * Starts an agent. JVM options come from {@code crony.bench.agent-jvm} (default
	 * {@code -Xmx1g}); extra agent settings from {@code crony.bench.agent-args}.
	 */
	static AgentProcess start(Path jar, String id, int port, String etcd, String jdbcUrl, String prefix)
			throws IOException {
		return start(jar, id, port, etcd, jdbcUrl, prefix, List.of());
	}

	/** Starts an agent with these agent settings besides the bench's. */
	static AgentProcess start(Path jar, String id, int port, String etcd, String jdbcUrl, String prefix,
			List<String> settings) throws IOException {
		Path dir = Path.of("bench/target").toAbsolutePath();
		Path log = dir.resolve("crony-agent-" + id + ".log");
		Files.createDirectories(dir);
		// Each run has a new MariaDB: records an earlier run's agent of this name
		// spooled belong to a database that is gone, and replayed they would load the
		// agent under measurement (an overrun agent spools tens of thousands).
		Path spool = dir.resolve("spool-" + id);
		LocalServices.deleteTree(spool);
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(List.of(System.getProperty("crony.bench.agent-jvm", "-Xmx1g").trim().split("\\s+")));
		command.addAll(List.of("-jar", jar.toString(), "--server.port=" + port, "--crony.agent.id=" + id,
				"--crony.etcd.endpoints=" + etcd, "--crony.etcd.prefix=" + prefix, "--spring.datasource.url=" + jdbcUrl,
				"--spring.datasource.username=" + LocalServices.DB_USER,
				"--spring.datasource.password=" + LocalServices.DB_PASSWORD, "--crony.agent.spool-dir=" + spool,
				"--crony.target-policy.allow-loopback=true", "--crony.agent.lease-ttl=" + leaseTtl()));
		command.addAll(settings);
		String extra = System.getProperty("crony.bench.agent-args", "");
		if (!extra.isBlank()) {
			command.addAll(List.of(extra.trim().split("\\s+")));
		}
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		System.out.printf("crony-agent %s pid %d, port %d, log %s%n", id, process.pid(), port, log);
		// Even when the bench dies of an error the agent must not outlive it.
		Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "stop-agent-" + id));
		return new AgentProcess(id, port, process);
	}

	String id() {
		return this.id;
	}

	boolean alive() {
		if (!this.process.isAlive()) {
			throw new IllegalStateException("crony-agent " + this.id + " exited with " + this.process.exitValue());
		}
		return true;
	}

	/** The agent's {@code /actuator/prometheus} text, empty when it does not answer. */
	String prometheus() {
		try {
			HttpRequest request = HttpRequest
				.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/actuator/prometheus"))
				.timeout(Duration.ofSeconds(10))
				.build();
			HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
			return (response.statusCode() == 200) ? response.body() : "";
		}
		catch (IOException ex) {
			return "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "";
		}
	}

	/** SIGKILL: no lease revoke, no flush, as when the machine dies. */
	void kill9() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor(10, TimeUnit.SECONDS);
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process.isAlive()) {
			this.process.destroy();
			if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
	}

	/**
	 * The agents' lease TTL: crony-agent's default (10 s), as a user runs it, unless
	 * {@code crony.bench.lease-ttl} says otherwise. The window an agent claims a job's
	 * fires in lasts a lease TTL and a second, so a shorter lease asks for windows more
	 * often and costs more rows per fire.
	 */
	static String leaseTtl() {
		return System.getProperty("crony.bench.lease-ttl", "10s");
	}

}
