package io.crony.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Starts a packaged Spring Boot jar the way that costs least, since the tests start
 * crony-web and crony-agent dozens of times: from its extracted form (Spring Boot's
 * {@code -Djarmode=tools extract}: the application jar beside {@code lib/}, loaded by the
 * JDK's own class loader instead of from nested jars) and with a class-data-sharing
 * archive of the classes a start loads. Measured here: crony-web starts in about 8 s
 * instead of 20.
 * <p>
 * No run is made only to build the archive: a process started while there is none writes
 * one when it exits normally ({@code -XX:ArchiveClassesAtExit}, to a file of its own),
 * and {@link Launch#exited(int)} publishes it for every later start. A process killed
 * writes nothing, and the next start tries again. A jar rebuilt since is extracted again
 * and its old archive dropped; should the JVM still find an archive that does not match,
 * it ignores it and starts as it would without.
 */
public final class BootJar {

	private final Path jar;

	private final Path home;

	private BootJar(Path jar) {
		this.jar = jar;
		String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
		this.home = jar.resolveSibling(name + "-launch");
	}

	/** The jar, extracted when it was not yet or was rebuilt since. */
	public static BootJar of(Path jar) {
		BootJar boot = new BootJar(jar.toAbsolutePath());
		boot.extractIfStale();
		return boot;
	}

	/**
	 * The java arguments that start it ({@code -jar} and the jar included; the
	 * application's arguments follow them), and what to do once the process has exited.
	 * @param coverage whether the process runs with JaCoCo's agent
	 * ({@link CoverageAgent#arguments}): such processes share an archive of their own,
	 * since an archive made without the agent crashes a JVM started with it (see there)
	 */
	public Launch launch(boolean coverage) {
		List<String> arguments = new ArrayList<>();
		Path archive = archive(coverage);
		Path written = null;
		if (Files.isRegularFile(archive)) {
			arguments.add("-XX:SharedArchiveFile=" + archive);
		}
		else {
			written = this.home.resolve("classes-" + UUID.randomUUID() + ".jsa.part");
			arguments.add("-XX:ArchiveClassesAtExit=" + written);
		}
		arguments.add("-jar");
		arguments.add(application().toString());
		return new Launch(arguments, archive, written);
	}

	private Path application() {
		return this.home.resolve("app").resolve(this.jar.getFileName());
	}

	private Path archive(boolean coverage) {
		return this.home.resolve(coverage ? "classes-coverage.jsa" : "classes.jsa");
	}

	// under a file lock: test JVMs of several modules may start the same jar at once
	private void extractIfStale() {
		try {
			Files.createDirectories(this.home);
			try (FileChannel channel = FileChannel.open(this.home.resolve("lock"), StandardOpenOption.CREATE,
					StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
				String source = Files.size(this.jar) + " " + Files.getLastModifiedTime(this.jar).toMillis();
				Path stamp = this.home.resolve("source");
				if (Files.isRegularFile(application()) && Files.isRegularFile(stamp)
						&& source.equals(Files.readString(stamp))) {
					return;
				}
				clear();
				extract();
				Files.writeString(stamp, source);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private void extract() throws IOException {
		Path log = this.home.resolve("extract.log");
		Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				"-Djarmode=tools", "-jar", this.jar.toString(), "extract", "--destination",
				this.home.resolve("app").toString())
			.redirectErrorStream(true)
			.redirectOutput(log.toFile())
			.start();
		try {
			if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
				process.destroyForcibly();
				throw new IllegalStateException("Could not extract " + this.jar + "; see " + log);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			process.destroyForcibly();
			throw new IllegalStateException("Interrupted extracting " + this.jar, ex);
		}
		if (!Files.isRegularFile(application())) {
			throw new IllegalStateException("Extracting " + this.jar + " made no " + application() + "; see " + log);
		}
	}

	// all but the lock: the old extraction, its archive and any archive left unpublished
	private void clear() throws IOException {
		try (Stream<Path> paths = Files.walk(this.home)) {
			for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
				if (!path.equals(this.home) && !path.getFileName().toString().equals("lock")) {
					Files.delete(path);
				}
			}
		}
	}

	/**
	 * How one process starts, and the archive it writes at exit, if it makes one.
	 *
	 * @param arguments the java arguments up to and including the jar
	 * @param archive where later starts find the archive
	 * @param written where this process writes its archive at exit, or null when it maps
	 * one
	 */
	public record Launch(List<String> arguments, Path archive, Path written) {

		private static final int KILLED = 128 + 9;

		public Launch {
			arguments = List.copyOf(arguments);
		}

		/**
		 * Publishes the archive this process wrote at exit. Call it once the process has
		 * ended. One killed ({@code SIGKILL}, exit value 137) wrote none, or may have
		 * been cut off writing it.
		 */
		public void exited(int exitValue) {
			if (this.written == null || !Files.isRegularFile(this.written)) {
				return;
			}
			try {
				if (exitValue == KILLED) {
					Files.delete(this.written);
					return;
				}
				Files.move(this.written, this.archive, StandardCopyOption.ATOMIC_MOVE,
						StandardCopyOption.REPLACE_EXISTING);
			}
			catch (IOException ex) {
				// left in the launch directory, which the next extraction clears; later
				// starts make another
			}
		}

	}

}
