package io.crony.bench;

/**
 * Crony's lateness against the floor's, as printed: {@code 16.5} for 33 ms over 2 ms. The
 * target stamps arrivals in whole milliseconds, so a floor of 0 ms means under 1 ms and
 * the ratio is only bounded: {@code >33}; both under 1 ms, or no data: {@code n/a}.
 */
final class FloorRatio {

	private FloorRatio() {
	}

	static String of(long cronyMillis, long floorMillis) {
		if (cronyMillis < 0 || floorMillis < 0 || (cronyMillis == 0 && floorMillis == 0)) {
			return "n/a";
		}
		if (floorMillis == 0) {
			return ">" + cronyMillis;
		}
		return String.format("%.1f", cronyMillis / (double) floorMillis);
	}

}
