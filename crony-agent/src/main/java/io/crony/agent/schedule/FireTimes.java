package io.crony.agent.schedule;

import java.time.Instant;
import java.util.Optional;

/** A job's fire times, as the engine needs them. */
@FunctionalInterface
public interface FireTimes {

	/**
	 * The first fire strictly after the given instant.
	 * @param after the instant
	 * @return the next fire, or empty when the schedule has no more
	 */
	Optional<Instant> nextFireAfter(Instant after);

}
