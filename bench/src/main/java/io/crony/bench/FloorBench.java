package io.crony.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * The floor alone ({@link Floor}): for each size, the calls N jobs' schedules have due,
 * sent at the start of each second by a plain pooled async client to the loopback target,
 * without Crony, etcd or MariaDB. Takes the agent bench's {@code crony.bench.sizes},
 * {@code crony.bench.every}, {@code crony.bench.seconds} and {@code crony.bench.warmup}.
 */
public final class FloorBench {

	private FloorBench() {
	}

	public static void main(String[] args) throws Exception {
		int seconds = Integer.getInteger("crony.bench.seconds", 30);
		int warmup = Integer.getInteger("crony.bench.warmup", 10);
		String sizes = System.getProperty("crony.bench.sizes", "1000,10000");
		System.out.printf("crony floor bench: sizes %s, %d s measured after %d s warm-up, %d cores, load %s%n", sizes,
				seconds, warmup, Runtime.getRuntime().availableProcessors(), AgentBench.loadAverage());
		List<String> lines = new ArrayList<>();
		try (LoopbackTarget target = LoopbackTarget.start()) {
			long firstId = Floor.ID_OFFSET + 1;
			for (int[] size : sizes(sizes, Integer.getInteger("crony.bench.every", 1))) {
				Floor.Result floor = Floor.measure(target, firstId, size[0], size[1], warmup, seconds);
				firstId += size[0];
				String line = floor.line(size[0], size[1]) + " | load " + AgentBench.loadAverage();
				System.out.println(line);
				lines.add(line);
			}
		}
		System.out.println();
		lines.forEach(System.out::println);
	}

	/** "N" or "NxS" (N jobs, each every S seconds; S defaults to {@code every}). */
	static List<int[]> sizes(String sizes, int every) {
		List<int[]> parsed = new ArrayList<>();
		for (String size : sizes.split(",")) {
			String[] parts = size.trim().split("x");
			parsed
				.add(new int[] { Integer.parseInt(parts[0]), (parts.length > 1) ? Integer.parseInt(parts[1]) : every });
		}
		return parsed;
	}

}
