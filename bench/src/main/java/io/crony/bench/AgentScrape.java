package io.crony.bench;

import java.util.Map;
import java.util.TreeMap;

/**
 * What the bench reads from an agent's {@code /actuator/prometheus}: heap in use and the
 * agent's own trigger-lateness histogram (scheduled instant to run start, no HTTP hop).
 *
 * @param heapBytes {@code jvm_memory_used_bytes{area="heap"}} summed over the pools
 * @param buckets cumulative lateness bucket counts by upper bound in seconds
 * @param threads {@code jvm_threads_live_threads}
 * @param jobs {@code crony_agent_jobs}: jobs the agent holds
 * @param allocatedBytes what the agent allocated so far: the young generation's growth
 * counted at each collection ({@code jvm_gc_memory_allocated_bytes_total}) plus the eden
 * space in use since the last one (without it, a reading is off by up to a whole eden); a
 * cost per fire that does not depend on how fast the machine is that day
 */
record AgentScrape(long heapBytes, Map<Double, Double> buckets, long threads, long jobs, long allocatedBytes) {

	private static final String LATENESS = "crony_agent_trigger_lateness_seconds_bucket{";

	static AgentScrape parse(String text) {
		double heap = 0;
		double threads = 0;
		double jobs = -1;
		double allocated = 0;
		Map<Double, Double> buckets = new TreeMap<>();
		for (String line : text.split("\n")) {
			if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
				heap += value(line);
				if (line.contains("Eden")) {
					allocated += value(line);
				}
			}
			else if (line.startsWith("jvm_threads_live_threads")) {
				threads = value(line);
			}
			else if (line.startsWith("crony_agent_jobs ") || line.startsWith("crony_agent_jobs{")) {
				jobs = value(line);
			}
			else if (line.startsWith("jvm_gc_memory_allocated_bytes_total")) {
				allocated += value(line);
			}
			else if (line.startsWith(LATENESS)) {
				int le = line.indexOf("le=\"") + 4;
				String bound = line.substring(le, line.indexOf('"', le));
				buckets.merge(bound.equals("+Inf") ? Double.POSITIVE_INFINITY : Double.parseDouble(bound), value(line),
						Double::sum);
			}
		}
		return new AgentScrape((long) heap, buckets, (long) threads, (long) jobs, (long) allocated);
	}

	/**
	 * The bucket bound (ms) under which {@code p} percent of the runs between
	 * {@code earlier} and this scrape started; -1 without data.
	 */
	double latenessUpToMillis(AgentScrape earlier, double p) {
		double total = delta(earlier, Double.POSITIVE_INFINITY);
		if (total <= 0) {
			return -1;
		}
		for (Double bound : this.buckets.keySet()) {
			if (delta(earlier, bound) >= total * p / 100) {
				return bound * 1000;
			}
		}
		return -1;
	}

	private double delta(AgentScrape earlier, double bound) {
		return this.buckets.getOrDefault(bound, 0.0) - earlier.buckets.getOrDefault(bound, 0.0);
	}

	private static double value(String line) {
		return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
	}

}
