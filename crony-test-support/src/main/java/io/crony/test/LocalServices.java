package io.crony.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

/**
 * A real etcd and a real MariaDB on free loopback ports, started through
 * {@code scripts/services.sh} (the same script {@code make run} uses) with a throwaway
 * state dir. {@link #shared()} is one instance per JVM, stopped at exit; failure tests
 * that stop and start a service take a {@link #dedicated()} one of their own so they
 * disturb nobody.
 */
public final class LocalServices implements AutoCloseable {

	public static final String DB_USER = "crony";

	public static final String DB_PASSWORD = "crony";

	private static final AtomicInteger COUNTER = new AtomicInteger();

	private static LocalServices shared;

	private final Path script;

	private final Path stateDir;

	private final int etcdPort;

	private final int etcdPeerPort;

	private final int dbPort;

	private final String etcdArgs;

	private final String dbArgs;

	private LocalServices(Path repoRoot, Path stateDir, String etcdArgs, String dbArgs) {
		this.script = repoRoot.resolve("scripts/services.sh");
		this.stateDir = stateDir;
		this.etcdArgs = etcdArgs;
		this.dbArgs = dbArgs;
		this.etcdPort = freePort();
		this.etcdPeerPort = freePort();
		this.dbPort = freePort();
	}

	/** The instance this JVM shares among its test classes; started on first use. */
	public static synchronized LocalServices shared() {
		if (shared == null) {
			shared = dedicated();
			LocalServices instance = shared;
			Runtime.getRuntime().addShutdownHook(new Thread(instance::close, "crony-services-stop"));
		}
		return shared;
	}

	/** A fresh instance only the caller uses; the caller closes it. */
	public static LocalServices dedicated() {
		return dedicated("", "");
	}

	/**
	 * A fresh instance only the caller uses, with more server flags: benchmarks that hold
	 * a million jobs need a larger etcd quota ({@code --quota-backend-bytes}) and InnoDB
	 * buffer pool than the tests do.
	 * @param etcdArgs flags appended to etcd's command line (space-separated)
	 * @param dbArgs flags appended to mariadbd's (a flag given twice: the last wins)
	 */
	public static LocalServices dedicated(String etcdArgs, String dbArgs) {
		Path root = repoRoot();
		reapOrphans(root.resolve(".crony/test"));
		Path dir = root.resolve(".crony/test/" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet());
		LocalServices services = new LocalServices(root, dir, etcdArgs, dbArgs);
		services.run("up", "all");
		return services;
	}

	public String etcdEndpoint() {
		return "http://127.0.0.1:" + this.etcdPort;
	}

	public int dbPort() {
		return this.dbPort;
	}

	/** The pid of the running MariaDB server (for benchmarks that measure its CPU). */
	public long dbPid() {
		return pid("mariadbd.pid");
	}

	/** The pid of the running etcd (for benchmarks that measure its memory). */
	public long etcdPid() {
		return pid("etcd.pid");
	}

	private long pid(String pidFile) {
		try {
			return Long.parseLong(Files.readString(this.stateDir.resolve(pidFile)).trim());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** A JDBC URL for one schema, with the settings Crony's apps use. */
	public String jdbcUrl(String schema) {
		return "jdbc:mysql://127.0.0.1:" + this.dbPort + "/" + schema
				+ "?connectionTimeZone=UTC&forceConnectionTimeZoneToSession=true&rewriteBatchedStatements=true";
	}

	/** Creates an empty schema (dropping one of the same name). */
	public void createSchema(String schema) {
		try (Connection connection = DriverManager.getConnection(jdbcUrl(""), DB_USER, DB_PASSWORD);
				Statement statement = connection.createStatement()) {
			statement.execute("DROP DATABASE IF EXISTS `" + schema + "`");
			statement.execute("CREATE DATABASE `" + schema + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot create schema " + schema + " on " + jdbcUrl(""), ex);
		}
	}

	public void stopEtcd() {
		run("down", "etcd");
	}

	public void startEtcd() {
		run("up", "etcd");
	}

	/**
	 * SIGSTOP to etcd: it holds its connections and leases but answers nothing, as a
	 * server stalled on a busy machine would, until {@link #resumeEtcd()}.
	 */
	public void pauseEtcd() {
		signal("etcd.pid", "-STOP");
	}

	/** SIGCONT after {@link #pauseEtcd()}. */
	public void resumeEtcd() {
		signal("etcd.pid", "-CONT");
	}

	private void signal(String pidFile, String signal) {
		signal(pid(pidFile), signal);
	}

	/** Sends a signal such as {@code -STOP}: Java's own process API can only end one. */
	static void signal(long pid, String signal) {
		execute(new ProcessBuilder("kill", signal, Long.toString(pid)), "kill " + signal);
	}

	public void stopDb() {
		run("down", "db");
	}

	public void startDb() {
		run("up", "db");
	}

	/** Stops both services and deletes their data. */
	@Override
	public void close() {
		run("down", "all");
		deleteTree(this.stateDir);
	}

	private void run(String... args) {
		List<String> command = new ArrayList<>(List.of("bash", this.script.toString()));
		command.addAll(List.of(args));
		ProcessBuilder builder = new ProcessBuilder(command);
		Map<String, String> env = builder.environment();
		env.put("CRONY_STATE_DIR", this.stateDir.toString());
		env.put("CRONY_ETCD_PORT", Integer.toString(this.etcdPort));
		env.put("CRONY_ETCD_PEER_PORT", Integer.toString(this.etcdPeerPort));
		env.put("CRONY_DB_PORT", Integer.toString(this.dbPort));
		env.put("CRONY_DB_USER", DB_USER);
		env.put("CRONY_DB_PASSWORD", DB_PASSWORD);
		// Test data is thrown away: durability per commit only slows the suite down.
		env.put("CRONY_DB_EXTRA_ARGS", ("--innodb-flush-log-at-trx-commit=2 --sync-binlog=0 " + this.dbArgs).trim());
		env.put("CRONY_ETCD_EXTRA_ARGS", this.etcdArgs);
		execute(builder, "services.sh " + String.join(" ", args));
		if (args[0].equals("up")) {
			String what = args[1];
			if (what.equals("all") || what.equals("etcd")) {
				ProcessLedger.started(ProcessLedger.ETCD, this.stateDir.getFileName().toString());
			}
			if (what.equals("all") || what.equals("db")) {
				ProcessLedger.started(ProcessLedger.MARIADB, this.stateDir.getFileName().toString());
			}
		}
	}

	private static void execute(ProcessBuilder builder, String what) {
		try {
			Process process = builder.redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException(what + " failed:\n" + output);
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

	/**
	 * Stops services left by JVMs that died before their shutdown hook ran (kill -9, a
	 * crashed fork), so that runs do not pile up processes. A state dir belongs to the
	 * JVM whose pid starts its name.
	 */
	private static void reapOrphans(Path testDirs) {
		if (!Files.isDirectory(testDirs)) {
			return;
		}
		try (Stream<Path> dirs = Files.list(testDirs)) {
			dirs.filter((dir) -> !ownerAlive(dir)).forEach((dir) -> {
				LocalServices orphan = new LocalServices(repoRoot(), dir, "", "");
				orphan.close();
			});
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static boolean ownerAlive(Path stateDir) {
		String name = stateDir.getFileName().toString();
		int dash = name.indexOf('-');
		try {
			long pid = Long.parseLong((dash > 0) ? name.substring(0, dash) : name);
			return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
		}
		catch (NumberFormatException ex) {
			return true;
		}
	}

	static Path repoRoot() {
		Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
		while (dir != null) {
			if (Files.isRegularFile(dir.resolve("scripts/services.sh"))) {
				return dir;
			}
			dir = dir.getParent();
		}
		throw new IllegalStateException("No scripts/services.sh above " + System.getProperty("user.dir"));
	}

	/** A port free now, for a process a test starts. */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			socket.setReuseAddress(true);
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Deletes a directory and everything in it; nothing when it does not exist. */
	public static void deleteTree(Path dir) {
		if (!Files.exists(dir)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(dir)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
