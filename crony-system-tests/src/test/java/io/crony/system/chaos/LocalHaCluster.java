package io.crony.system.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import io.crony.test.CoverageAgent;
import io.crony.test.LocalServices;
import io.crony.test.ProcessLedger;

/**
 * The cluster of {@code deploy/local-ha/cluster.sh} (3 etcd members, MariaDB, 2 web, 3
 * agents, the sample target) in a state dir of its own under {@code .crony/chaos/}, run
 * from the jars the reactor just packaged, every port free-picked by the script. Faults
 * go through the script's own commands, as an operator would type them.
 */
final class LocalHaCluster implements AutoCloseable {

	// what cluster.sh up starts, for the test process ledger
	private static final List<String> PARTS = List.of("etcd-1", "etcd-2", "etcd-3", "db", "web-1", "web-2", "agent-1",
			"agent-2", "agent-3", "target");

	private final Path repo;

	private final Path script;

	private final Path state;

	private Map<String, String> env = Map.of();

	private LocalHaCluster(Path repo, Path state) {
		this.repo = repo;
		this.script = repo.resolve("deploy/local-ha/cluster.sh");
		this.state = state;
	}

	/**
	 * Starts a cluster in {@code .crony/chaos/<pid>-<name>}, after stopping the clusters
	 * of test JVMs that died without stopping theirs.
	 */
	static LocalHaCluster up(String name) {
		Path repo = repoRoot();
		Path dirs = repo.resolve(".crony/chaos");
		reapOrphans(repo, dirs);
		LocalHaCluster cluster = new LocalHaCluster(repo, dirs.resolve(ProcessHandle.current().pid() + "-" + name));
		Runtime.getRuntime().addShutdownHook(new Thread(cluster::down, "local-ha-down"));
		cluster.run("up");
		cluster.env = cluster.readEnv();
		PARTS.forEach(LocalHaCluster::started);
		return cluster;
	}

	private static void started(String part) {
		String kind = part.startsWith("etcd") ? ProcessLedger.ETCD
				: part.equals("db") ? ProcessLedger.MARIADB : ProcessLedger.JVM;
		ProcessLedger.started(kind, "local-ha " + part);
	}

	Path state() {
		return this.state;
	}

	String get(String key) {
		String value = this.env.get(key);
		if (value == null) {
			throw new IllegalStateException("cluster.sh env has no " + key + ": " + this.env.keySet());
		}
		return value;
	}

	int port(String key) {
		return Integer.parseInt(get(key));
	}

	/** The web instance leading now per its etcd election key (alive or not), or null. */
	String leader() {
		return runQuietly("leader");
	}

	/** The etcd member leading now, or null. */
	String etcdLeader() {
		return runQuietly("etcd-leader");
	}

	void kill(String part) {
		run("kill", part);
	}

	void stop(String part) {
		run("stop", part);
	}

	/** Starts the part and waits until it is healthy. */
	void start(String part) {
		run("start", part);
		started(part);
	}

	void restart(String part) {
		run("restart", part);
		started(part);
	}

	void freeze(String part) {
		run("freeze", part);
	}

	void thaw(String part) {
		run("thaw", part);
	}

	String status() {
		return run("status");
	}

	/** Copies the cluster's logs to {@code into} (for the report). */
	void copyLogs(Path into) {
		Path logs = this.state.resolve("logs");
		if (!Files.isDirectory(logs)) {
			return;
		}
		try (Stream<Path> files = Files.list(logs)) {
			Files.createDirectories(into);
			for (Path file : files.toList()) {
				Files.copy(file, into.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Stops every part and deletes the state dir (data, jar copies, logs). */
	@Override
	public void close() {
		down();
		LocalServices.deleteTree(this.state);
	}

	private synchronized void down() {
		if (Files.isDirectory(this.state)) {
			run("down");
		}
	}

	private Map<String, String> readEnv() {
		Map<String, String> values = new LinkedHashMap<>();
		for (String line : run("env").split("\n")) {
			int eq = line.indexOf('=');
			if (eq > 0) {
				values.put(line.substring(0, eq), line.substring(eq + 1));
			}
		}
		return values;
	}

	private String runQuietly(String... args) {
		try {
			String out = run(args).strip();
			return out.isEmpty() ? null : out;
		}
		catch (IllegalStateException ex) {
			return null;
		}
	}

	/**
	 * Runs cluster.sh with the args; its stdout, or a failure with everything it said.
	 */
	String run(String... args) {
		List<String> command = new ArrayList<>(List.of("bash", this.script.toString()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command).directory(this.repo.toFile());
		Map<String, String> environment = builder.environment();
		environment.put("CRONY_HA_STATE", this.state.toString());
		jar(environment, "CRONY_HA_WEB_JAR", "crony.web.jar");
		jar(environment, "CRONY_HA_AGENT_JAR", "crony.agent.jar");
		jar(environment, "CRONY_HA_TARGET_JAR", "crony.sample-target.jar");
		// coverage of the cluster's JVMs too, when this JVM measures it (make test)
		CoverageAgent.sharedArgument("ha-cluster").ifPresent((agent) -> environment.put("JAVA_TOOL_OPTIONS", agent));
		try {
			Path err = Files.createTempFile("cluster-sh", ".err");
			try {
				Process process = builder.redirectError(err.toFile()).start();
				process.getOutputStream().close();
				String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
				if (!process.waitFor(10, TimeUnit.MINUTES)) {
					process.destroyForcibly();
					throw new IllegalStateException("cluster.sh " + String.join(" ", args) + " hangs");
				}
				String said = Files.readString(err);
				if (process.exitValue() != 0) {
					throw new IllegalStateException(
							"cluster.sh " + String.join(" ", args) + " failed (" + process.exitValue() + "):\n" + said);
				}
				if (!said.isBlank() && !args[0].equals("env") && !args[0].endsWith("leader")) {
					ChaosReport.say(said);
				}
				return out;
			}
			finally {
				Files.deleteIfExists(err);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static void jar(Map<String, String> environment, String variable, String property) {
		String jar = System.getProperty(property);
		if (jar != null) {
			environment.put(variable, jar);
		}
	}

	/** Clusters of test JVMs that are gone (killed before their shutdown hook ran). */
	private static void reapOrphans(Path repo, Path dirs) {
		if (!Files.isDirectory(dirs)) {
			return;
		}
		try (Stream<Path> list = Files.list(dirs)) {
			for (Path dir : list.toList()) {
				String name = dir.getFileName().toString();
				int dash = name.indexOf('-');
				try {
					long pid = Long.parseLong((dash > 0) ? name.substring(0, dash) : name);
					if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
						continue;
					}
				}
				catch (NumberFormatException ex) {
					continue;
				}
				new LocalHaCluster(repo, dir).close();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static Path repoRoot() {
		Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
		while (dir != null) {
			if (Files.isRegularFile(dir.resolve("deploy/local-ha/cluster.sh"))) {
				return dir;
			}
			dir = dir.getParent();
		}
		throw new IllegalStateException("No deploy/local-ha/cluster.sh above " + System.getProperty("user.dir"));
	}

}
