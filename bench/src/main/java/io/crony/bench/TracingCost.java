package io.crony.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The target lateness p99 of each tracing mode's runs at one size, against tracing off,
 * and the product's goal: with the collector dead, within 5 % of tracing off. A mode run
 * more than once counts with the mean of its p99s.
 */
final class TracingCost {

	/** How much later than tracing off a dead collector may make the p99. */
	static final double GOAL_PERCENT = 5.0;

	private final Map<TracingMode, List<Long>> p99s = new EnumMap<>(TracingMode.class);

	void add(TracingMode mode, long p99Millis) {
		this.p99s.computeIfAbsent(mode, (key) -> new ArrayList<>()).add(p99Millis);
	}

	/** The mode's mean p99 in ms, or -1 when it did not run. */
	double mean(TracingMode mode) {
		return this.p99s.getOrDefault(mode, List.of()).stream().mapToLong(Long::longValue).average().orElse(-1);
	}

	/** How much later than tracing off the mode's p99 is, in %, or NaN without both. */
	double percentOverOff(TracingMode mode) {
		double off = mean(TracingMode.OFF);
		double other = mean(mode);
		return (off <= 0 || other < 0) ? Double.NaN : 100 * (other - off) / off;
	}

	/**
	 * One line: each mode's p99s and its difference from tracing off, then whether the
	 * goal is met.
	 */
	String line(int jobs, int every) {
		StringBuilder text = new StringBuilder(
				String.format("%7d jobs every %d s | tracing, target lateness p99:", jobs, every));
		this.p99s.forEach((mode, values) -> {
			text.append(' ')
				.append(mode.label())
				.append(' ')
				.append(values.stream().map(String::valueOf).collect(Collectors.joining("/")))
				.append(" ms");
			if (mode != TracingMode.OFF && !Double.isNaN(percentOverOff(mode))) {
				text.append(String.format(" (%+.1f %% against off)", percentOverOff(mode)));
			}
			text.append(';');
		});
		double dead = percentOverOff(TracingMode.DEAD);
		text.append(" | goal, a dead collector within ")
			.append(String.format("%.0f", GOAL_PERCENT))
			.append(" % of off: ");
		text.append(
				Double.isNaN(dead) ? "not measured (needs off and dead)" : (dead <= GOAL_PERCENT) ? "met" : "missed");
		return text.toString();
	}

}
