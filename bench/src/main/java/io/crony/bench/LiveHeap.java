package io.crony.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The live objects of another JVM, from {@code jcmd <pid> GC.class_histogram}: the
 * command runs a full GC first, so its total is the heap that survives one, without the
 * garbage a heap-in-use sample also counts. The JDK's own tool, same user, no agent
 * setting needed.
 *
 * @param bytes bytes of all live objects
 * @param instances live objects
 * @param top the largest classes by bytes: "bytes class-name" (first five)
 */
record LiveHeap(long bytes, long instances, List<String> top) {

	static LiveHeap of(long pid) throws IOException, InterruptedException {
		Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
		Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.class_histogram")
			.redirectErrorStream(true)
			.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
			throw new IllegalStateException("jcmd " + pid + " GC.class_histogram failed:\n" + output);
		}
		List<String> top = new ArrayList<>();
		for (String line : output.split("\n")) {
			String[] fields = line.trim().split("\\s+");
			if (fields.length >= 3 && fields[0].equals("Total")) {
				return new LiveHeap(Long.parseLong(fields[2]), Long.parseLong(fields[1]), top);
			}
			if (fields.length >= 4 && fields[0].endsWith(":") && top.size() < 5) {
				top.add(fields[2] + " " + fields[3]);
			}
		}
		throw new IllegalStateException("No total in jcmd's class histogram:\n" + output);
	}

}
