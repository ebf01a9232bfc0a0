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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;

/**
 * A process a test starts (crony-web, crony-agent, a sample service), its output in
 * {@code target/<name>.log}, stopped by its own handle when closed.
 */
public final class ServiceProcess implements AutoCloseable {

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final String name;

	private final Process process;

	private final Path log;

	// how a Spring Boot jar was launched, or null for another command
	private final BootJar.Launch launch;

	private ServiceProcess(String name, Process process, Path log, BootJar.Launch launch) {
		this.name = name;
		this.process = process;
		this.log = log;
		this.launch = launch;
	}

	public static ServiceProcess start(String name, List<String> command, Path workDir) {
		return start(name, command, workDir, null);
	}

	private static ServiceProcess start(String name, List<String> command, Path workDir, BootJar.Launch launch) {
		Path log = Path.of("target", name + ".log").toAbsolutePath();
		try {
			Files.createDirectories(log.getParent());
			Process process = new ProcessBuilder(command).directory(workDir.toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			ProcessLedger.started(ProcessLedger.kindOf(command.get(0)), name);
			return new ServiceProcess(name, process, log, launch);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * A Spring Boot jar, small heap, with {@code --key=value} arguments, launched as
	 * {@link BootJar} does.
	 */
	public static ServiceProcess java(String name, String jarProperty, Map<String, String> properties) {
		return java(name, jarProperty, "256m", properties);
	}

	/**
	 * As {@link #java(String, String, Map)}, with the heap ceiling given ({@code -Xmx}):
	 * tests that run several agents at once keep each one smaller.
	 */
	public static ServiceProcess java(String name, String jarProperty, String maxHeap, Map<String, String> properties) {
		String jar = System.getProperty(jarProperty);
		if (jar == null || !Files.isRegularFile(Path.of(jar))) {
			throw new IllegalStateException("No packaged jar at " + jar + " (run through Failsafe after package)");
		}
		List<String> coverage = CoverageAgent.arguments(name);
		BootJar.Launch launch = BootJar.of(Path.of(jar)).launch(!coverage.isEmpty());
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + maxHeap,
						"-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
		command.addAll(coverage);
		command.addAll(launch.arguments());
		properties.forEach((key, value) -> command.add("--" + key + "=" + value));
		return start(name, command, Path.of(".").toAbsolutePath(), launch);
	}

	/** The file its output goes to. */
	public Path log() {
		return this.log;
	}

	/** Waits until {@code url} answers 200, failing early when the process died. */
	public void awaitHealthy(String url, Duration atMost) {
		await(this.name + " healthy at " + url).atMost(atMost).pollInterval(Duration.ofMillis(200)).until(() -> {
			if (!this.process.isAlive()) {
				throw new IllegalStateException(
						this.name + " exited with " + this.process.exitValue() + "; see " + this.log);
			}
			try {
				HttpResponse<Void> response = HTTP.send(
						HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(2)).build(),
						HttpResponse.BodyHandlers.discarding());
				return response.statusCode() == 200;
			}
			catch (IOException ex) {
				return false;
			}
		});
	}

	/**
	 * Has the process write what the coverage agent measured so far
	 * ({@link CoverageAgent#dump}), before a {@link #kill()} whose moment is not what the
	 * test is about: SIGKILL writes nothing. Kill itself does not, since it would delay
	 * the kill by up to a second.
	 * @return whether it wrote (false without coverage)
	 */
	public boolean writeCoverage() {
		return CoverageAgent.dump(this.process.pid());
	}

	/**
	 * Kills the process at once (SIGKILL, as {@code kill -9}): no shutdown hook runs, so
	 * it leaves its etcd lease to expire.
	 */
	public void kill() throws InterruptedException {
		this.process.destroyForcibly();
		if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
			throw new IllegalStateException(this.name + " still runs after SIGKILL");
		}
		ended();
	}

	/**
	 * SIGSTOP: the process freezes with its connections, leases and watches as they are,
	 * as a long GC pause or a stalled VM would leave them.
	 */
	public void pause() {
		LocalServices.signal(this.process.pid(), "-STOP");
	}

	/** SIGCONT after {@link #pause()}. */
	public void resume() {
		LocalServices.signal(this.process.pid(), "-CONT");
	}

	/**
	 * SIGTERM without waiting: the process stops gracefully (as Kubernetes stops a pod)
	 * while the caller watches what it does meanwhile; {@link #close()} waits for the
	 * exit.
	 */
	public void terminate() {
		LocalServices.signal(this.process.pid(), "-TERM");
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
			this.process.waitFor(10, TimeUnit.SECONDS);
		}
		ended();
	}

	private void ended() {
		if (this.launch != null && !this.process.isAlive()) {
			this.launch.exited(this.process.exitValue());
		}
	}

}
