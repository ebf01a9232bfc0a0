package io.crony.common.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * Test helper: fire instants as ISO strings, and wall times for readable expectations.
 */
final class Fires {

	private Fires() {
	}

	/** The next {@code count} fire instants (UTC, ISO) after {@code after}. */
	static List<String> utc(String expression, String zone, String after, int count) {
		return Schedules.parse(expression, zone)
			.nextFires(Instant.parse(after), count)
			.stream()
			.map(Instant::toString)
			.toList();
	}

	/** The next {@code count} fire times as wall times in the zone, with their offset. */
	static List<String> wall(String expression, String zone, String after, int count) {
		return Schedules.parse(expression, zone)
			.nextFires(Instant.parse(after), count)
			.stream()
			.map((instant) -> instant.atZone(ZoneId.of(zone)).toOffsetDateTime().toString())
			.toList();
	}

}
