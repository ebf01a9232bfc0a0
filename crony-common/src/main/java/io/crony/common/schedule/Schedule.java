package io.crony.common.schedule;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * When a job fires. Instances are immutable and thread-safe; {@link #nextFireAfter} is
 * cheap enough to call on every fire (no parsing, little allocation). Made by
 * {@link Schedules#parse(String, ZoneId)}; the rules are in {@code docs/schedules.md}.
 */
public interface Schedule {

	/**
	 * First fire instant strictly after {@code after}, or empty when the schedule never
	 * fires again.
	 * @param after the instant to search from (exclusive)
	 * @return the next fire instant, whole seconds
	 */
	Optional<Instant> nextFireAfter(Instant after);

	/**
	 * Up to {@code count} fire instants strictly after {@code after}, ascending, without
	 * duplicates.
	 * @param after the instant to search from (exclusive)
	 * @param count how many fire instants at most
	 * @return the fire instants, fewer than {@code count} when the schedule ends
	 */
	default List<Instant> nextFires(Instant after, int count) {
		List<Instant> fires = new ArrayList<>(Math.max(0, Math.min(count, 1024)));
		Instant cursor = after;
		while (fires.size() < count) {
			Optional<Instant> next = nextFireAfter(cursor);
			if (next.isEmpty()) {
				break;
			}
			cursor = next.get();
			fires.add(cursor);
		}
		return List.copyOf(fires);
	}

	/**
	 * The expression this schedule was parsed from, trimmed.
	 * @return the expression
	 */
	String expression();

	/**
	 * The zone whose wall clock the expression is read in.
	 * @return the zone
	 */
	ZoneId zone();

}
