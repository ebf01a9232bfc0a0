package io.crony.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time a process used so far (user + system), read from {@code /proc/<pid>/stat}: the
 * agent and MariaDB share the machine's cores with the target and etcd, so what each
 * costs per fire says more than the fires a second alone. Also the part of it the JVM's
 * JIT compiler threads used: a JVM still compiling its hot code spends a share of a core
 * on that for the first minute or so, which is start-up, not work per fire.
 */
record ProcessCpu(long pid, long ticks, long compilerTicks, long nanos) {

	// USER_HZ: 100 on every Linux kernel configuration in use
	private static final double TICKS_PER_SECOND = 100;

	static ProcessCpu of(long pid) {
		Path proc = Path.of("/proc", Long.toString(pid));
		try {
			long ticks = ticks(Files.readString(proc.resolve("stat")));
			long compiler = 0;
			try (Stream<Path> threads = Files.list(proc.resolve("task"))) {
				for (Path thread : threads.toList()) {
					compiler += compilerTicks(thread);
				}
			}
			return new ProcessCpu(pid, ticks, compiler, System.nanoTime());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the CPU time of process " + pid, ex);
		}
	}

	// HotSpot names them "C1 CompilerThread0", "C2 CompilerThread1" and so on;
	// the kernel keeps the first 15 characters
	private static long compilerTicks(Path thread) throws IOException {
		String stat;
		try {
			stat = Files.readString(thread.resolve("stat"));
		}
		catch (NoSuchFileException ex) {
			// the thread ended since the listing
			return 0;
		}
		String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
		return name.matches("C[12] CompilerThre.*") ? ticks(stat) : 0;
	}

	// utime + stime: fields 14 and 15, counted after the command name (which
	// may hold spaces) in parentheses
	private static long ticks(String stat) {
		String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
		return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
	}

	/** Percent of one core used between {@code before} and now. */
	double percentOfACoreSince(ProcessCpu before) {
		return percentOfACore(this.ticks - before.ticks, before);
	}

	/**
	 * Percent of one core the JIT compiler threads used between {@code before} and now.
	 */
	double compilerPercentOfACoreSince(ProcessCpu before) {
		return percentOfACore(this.compilerTicks - before.compilerTicks, before);
	}

	/** Milliseconds of CPU used between {@code before} and now. */
	double millisSince(ProcessCpu before) {
		return millis(this.ticks - before.ticks);
	}

	/**
	 * Milliseconds of CPU the JIT compiler threads used between {@code before} and now.
	 */
	double compilerMillisSince(ProcessCpu before) {
		return millis(this.compilerTicks - before.compilerTicks);
	}

	private double percentOfACore(long ticks, ProcessCpu before) {
		return millis(ticks) / 10 / ((this.nanos - before.nanos) / 1e9);
	}

	private static double millis(long ticks) {
		return 1000 * ticks / TICKS_PER_SECOND;
	}

}
