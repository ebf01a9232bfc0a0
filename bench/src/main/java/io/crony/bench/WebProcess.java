package io.crony.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.crony.test.LocalServices;

/** crony-web started from its executable jar, stopped (by its own pid) when closed. */
final class WebProcess implements AutoCloseable {

	private final Process process;

	private final Path log;

	private WebProcess(Process process, Path log) {
		this.process = process;
		this.log = log;
	}

	static WebProcess start(Path jar, String etcd, String jdbcUrl, String prefix, int port) throws IOException {
		return start(jar, etcd, jdbcUrl, prefix, port, List.of());
	}

	/**
	 * @param args crony-web settings of the bench itself (before those of
	 * {@code crony.bench.web-args})
	 */
	static WebProcess start(Path jar, String etcd, String jdbcUrl, String prefix, int port, List<String> args)
			throws IOException {
		Path log = Path.of("bench/target/crony-web-bench.log").toAbsolutePath();
		Files.createDirectories(log.getParent());
		List<String> command = new java.util.ArrayList<>(List.of("java"));
		// JVM options of crony-web, e.g. -Dcrony.bench.web-jvm=-Xmx8g (default: the
		// JVM's)
		String jvm = System.getProperty("crony.bench.web-jvm", "");
		if (!jvm.isBlank()) {
			command.addAll(List.of(jvm.trim().split("\\s+")));
		}
		command.addAll(List.of("-jar", jar.toString(), "--server.port=" + port, "--spring.datasource.url=" + jdbcUrl,
				"--spring.datasource.username=" + LocalServices.DB_USER,
				"--spring.datasource.password=" + LocalServices.DB_PASSWORD, "--crony.etcd.endpoints=" + etcd,
				"--crony.etcd.prefix=" + prefix, "--crony.web.cluster.instance-id=bench-leader",
				// a free port, so a bench runs beside make run, make test and another
				// bench
				"--grpc.server.port=0", "--grpc.server.address=127.0.0.1",
				"--crony.target-policy.allow-loopback=true"));
		command.addAll(args);
		// Extra crony-web settings to compare, e.g.
		// -Dcrony.bench.web-args=--crony.web.cluster.max-in-flight=128
		String extra = System.getProperty("crony.bench.web-args", "");
		if (!extra.isBlank()) {
			command.addAll(List.of(extra.trim().split("\\s+")));
		}
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		System.out.printf("crony-web pid %d, log %s%n", process.pid(), log);
		// Even when the bench dies of an error crony-web must not outlive it.
		Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "stop-crony-web"));
		return new WebProcess(process, log);
	}

	/** Where crony-web writes its log. */
	Path log() {
		return this.log;
	}

	long pid() {
		return this.process.pid();
	}

	boolean alive() {
		if (!this.process.isAlive()) {
			throw new IllegalStateException("crony-web exited with " + this.process.exitValue());
		}
		return true;
	}

	@Override
	public void close() throws InterruptedException {
		this.process.destroy();
		if (!this.process.waitFor(30, TimeUnit.SECONDS)) {
			this.process.destroyForcibly();
		}
	}

}
