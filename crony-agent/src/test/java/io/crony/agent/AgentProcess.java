package io.crony.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.crony.test.BootJar;

/**
 * A crony-agent started from the packaged jar as its own JVM, for tests where an agent
 * must die ({@code kill -9}) or be fenced while it lives on.
 */
final class AgentProcess implements AutoCloseable {

	private final String id;

	private final Process process;

	private final BootJar.Launch launch;

	private AgentProcess(String id, Process process, BootJar.Launch launch) {
		this.id = id;
		this.process = process;
		this.launch = launch;
	}

	static AgentProcess start(String id, Map<String, String> properties) {
		String jar = System.getProperty("crony.agent.jar");
		if (jar == null || !Files.isRegularFile(Path.of(jar))) {
			throw new IllegalStateException(
					"No packaged agent jar at " + jar + " (run through Failsafe after package)");
		}
		BootJar.Launch launch = BootJar.of(Path.of(jar)).launch();
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx192m",
						"-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
		command.addAll(launch.arguments());
		command.add("--server.port=0");
		properties.forEach((key, value) -> command.add("--" + key + "=" + value));
		Path log = Path.of("target", "agent-" + id + "-" + System.currentTimeMillis() + ".log");
		try {
			Files.createDirectories(log.getParent());
			Process process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(log.toFile())
				.start();
			return new AgentProcess(id, process, launch);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	String id() {
		return this.id;
	}

	/** SIGKILL: the agent gets no chance to revoke its lease or flush anything. */
	void kill9() throws InterruptedException {
		this.process.destroyForcibly();
		this.process.waitFor(10, TimeUnit.SECONDS);
		ended();
	}

	/**
	 * SIGSTOP: the agent freezes with its lease, watches and fence as they are, and on
	 * {@link #resume()} finds its last keepalive confirmation too old to fire.
	 */
	void pause() throws IOException, InterruptedException {
		signal("-STOP");
	}

	/** SIGCONT after {@link #pause()}. */
	void resume() throws IOException, InterruptedException {
		signal("-CONT");
	}

	private void signal(String signal) throws IOException, InterruptedException {
		Process kill = new ProcessBuilder("kill", signal, Long.toString(this.process.pid())).inheritIO().start();
		if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
			throw new IllegalStateException("kill " + signal + " " + this.process.pid() + " failed");
		}
	}

	@Override
	public void close() throws InterruptedException {
		if (this.process.isAlive()) {
			this.process.destroy();
			if (!this.process.waitFor(20, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
			}
		}
		ended();
	}

	private void ended() {
		if (!this.process.isAlive()) {
			this.launch.exited(this.process.exitValue());
		}
	}

}
