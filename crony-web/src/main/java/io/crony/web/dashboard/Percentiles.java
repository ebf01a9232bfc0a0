package io.crony.web.dashboard;

import java.util.List;

import io.crony.web.dashboard.DashboardSummary.Lateness;

/** Nearest-rank percentiles: the value below which at least p of the samples lie. */
final class Percentiles {

	private Percentiles() {
	}

	static Lateness lateness(List<Long> millis, int cap) {
		if (millis.isEmpty()) {
			return new Lateness(null, null, null, 0, false);
		}
		long[] sorted = millis.stream().mapToLong(Long::longValue).sorted().toArray();
		return new Lateness(rank(sorted, 50), rank(sorted, 95), rank(sorted, 99), sorted.length, sorted.length >= cap);
	}

	/** The value at rank ceil(p/100 * n), counting from 1. */
	static long rank(long[] sorted, int percent) {
		int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
		return sorted[Math.max(rank, 1) - 1];
	}

}
