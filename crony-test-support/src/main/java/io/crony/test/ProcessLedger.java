package io.crony.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * One line per process a test starts, in {@code target/test-processes.log} of the module
 * under test: {@code test class, kind, name}, tab-separated.
 * {@code scripts/lib/timing.py} counts the lines per test class for the table
 * {@code make test} ends with, since a class that starts JVMs, etcd or MariaDB pays
 * seconds for each.
 * <p>
 * The test class is the one {@link TestClassListener} saw start in this JVM; nothing is
 * written outside a JUnit run (a benchmark's {@code main} starts processes too).
 */
public final class ProcessLedger {

	/** A JVM (crony-web, an agent, a sample service). */
	public static final String JVM = "jvm";

	public static final String ETCD = "etcd";

	public static final String MARIADB = "mariadb";

	/** Any other process (a Go binary, a shell tool that keeps running). */
	public static final String OTHER = "other";

	private static final Path FILE = Path.of("target", "test-processes.log");

	private ProcessLedger() {
	}

	/**
	 * Records that the current test class started a process.
	 * @param kind {@link #JVM}, {@link #ETCD}, {@link #MARIADB} or {@link #OTHER}
	 * @param name what it is, for a reader of the file
	 */
	public static void started(String kind, String name) {
		started(FILE, kind, name);
	}

	static void started(Path file, String kind, String name) {
		String testClass = TestClassListener.current();
		if (testClass == null) {
			return;
		}
		String line = testClass + "\t" + kind + "\t" + name.replaceAll("\\s+", " ") + "\n";
		try {
			Files.createDirectories(file.toAbsolutePath().getParent());
			// one short write with O_APPEND: two test JVMs of a module append to one file
			Files.writeString(file, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The kind of a command by its program's name: java, etcd, mariadbd or other. */
	static String kindOf(String program) {
		String name = Path.of(program).getFileName().toString().toLowerCase(Locale.ROOT);
		return switch (name) {
			case "java" -> JVM;
			case "etcd" -> ETCD;
			case "mariadbd", "mysqld" -> MARIADB;
			default -> OTHER;
		};
	}

}
