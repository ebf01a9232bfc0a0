package io.crony.agent;

import java.util.LinkedHashMap;
import java.util.Map;

import io.crony.test.ServiceProcess;

/**
 * A crony-agent started from the packaged jar as its own JVM, for tests where an agent
 * must die ({@code kill -9}), stop ({@code SIGTERM}), freeze or be fenced while it lives
 * on.
 */
final class AgentProcess implements AutoCloseable {

	private final ServiceProcess process;

	private AgentProcess(ServiceProcess process) {
		this.process = process;
	}

	static AgentProcess start(String id, Map<String, String> properties) {
		Map<String, String> arguments = new LinkedHashMap<>(properties);
		arguments.putIfAbsent("server.port", "0");
		// two or three agents beside the test JVM: each a smaller heap than a service
		return new AgentProcess(ServiceProcess.java("agent-" + id + "-" + System.currentTimeMillis(), "crony.agent.jar",
				"192m", arguments));
	}

	/** Everything the agent has logged so far. */
	String log() {
		try {
			return java.nio.file.Files.readString(this.process.log());
		}
		catch (java.io.IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	/** SIGKILL: the agent gets no chance to revoke its lease or flush anything. */
	void kill9() throws InterruptedException {
		this.process.kill();
	}

	/**
	 * SIGSTOP: the agent freezes with its lease, watches and fence as they are, and on
	 * {@link #resume()} finds its last keepalive confirmation too old to fire.
	 */
	void pause() {
		this.process.pause();
	}

	/**
	 * SIGTERM, as a rolling upgrade stops a pod: the agent stops gracefully; returns at
	 * once, {@link #close()} waits for the exit.
	 */
	void terminate() {
		this.process.terminate();
	}

	/** SIGCONT after {@link #pause()}. */
	void resume() {
		this.process.resume();
	}

	@Override
	public void close() throws InterruptedException {
		this.process.close();
	}

}
