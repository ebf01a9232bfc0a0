package io.crony.common.schedule;

import java.time.Instant;
import java.util.List;

/**
 * A rough measure of {@link Schedule#nextFireAfter} cost, not a test: walks each schedule
 * forward fire by fire and prints nanoseconds per call after a warm-up. Run with
 * {@code java -cp crony-common/target/classes:crony-common/target/test-classes
 * io.crony.common.schedule.NextFireMicroMeasure}.
 */
public final class NextFireMicroMeasure {

	private NextFireMicroMeasure() {
	}

	public static void main(String[] args) {
		List<String> zones = List.of("UTC", "Europe/Berlin", "America/New_York");
		for (String expression : List.of("*/1 * * * * ?", "0 0 1 * * ?", "0 0 2 ? 3 1L", "@every 30s")) {
			for (String zone : zones) {
				Schedule schedule = Schedules.parse(expression, zone);
				walk(schedule, 2_000_000);
				int calls = 2_000_000;
				long start = System.nanoTime();
				Instant last = walk(schedule, calls);
				long elapsed = System.nanoTime() - start;
				System.out.printf("%-16s %-18s %6.0f ns/call (last fire %s)%n", expression, zone,
						(double) elapsed / calls, last);
			}
		}
	}

	/**
	 * Walks forward, starting over in 2026 when a schedule ends or leaves the search
	 * range.
	 */
	private static Instant walk(Schedule schedule, int calls) {
		Instant origin = Instant.parse("2026-01-01T00:00:00Z");
		Instant cursor = origin;
		for (int i = 0; i < calls; i++) {
			cursor = schedule.nextFireAfter(cursor).orElse(origin);
			if (cursor.getEpochSecond() > 7_000_000_000L) {
				cursor = origin;
			}
		}
		return cursor;
	}

}
