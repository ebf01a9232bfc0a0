package io.crony.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time a process used so far (user + system), read from {@code /proc/<pid>/stat}: the
 * agent and MariaDB share the machine's cores with the target and etcd, so what each
 * costs per fire says more than the fires a second alone.
 */
record ProcessCpu(long pid, long ticks, long nanos) {

	// USER_HZ: 100 on every Linux kernel configuration in use
	private static final double TICKS_PER_SECOND = 100;

	static ProcessCpu of(long pid) {
		try {
			String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
			// fields after the command name (which may hold spaces) in parentheses
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			return new ProcessCpu(pid, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), System.nanoTime());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Cannot read the CPU time of process " + pid, ex);
		}
	}

	/** Percent of one core used between {@code before} and now. */
	double percentOfACoreSince(ProcessCpu before) {
		double seconds = (this.nanos - before.nanos) / 1e9;
		return 100 * (this.ticks - before.ticks) / TICKS_PER_SECOND / seconds;
	}

	/** Milliseconds of CPU used between {@code before} and now. */
	double millisSince(ProcessCpu before) {
		return 1000 * (this.ticks - before.ticks) / TICKS_PER_SECOND;
	}

}
