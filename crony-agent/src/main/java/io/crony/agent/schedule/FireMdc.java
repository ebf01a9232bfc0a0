package io.crony.agent.schedule;

import io.crony.agent.execution.ExecutionMdc;
import org.slf4j.Logger;

/** Log lines about a fire carry its job and execution ids in the MDC. */
final class FireMdc {

	private FireMdc() {
	}

	static void with(Fire fire, Runnable log) {
		ExecutionMdc.with(fire.job.id(), fire.executionId, log);
	}

	/**
	 * {@link #with} for a debug line, skipped whole while debug is off: runs log one at
	 * their start and success, thousands a second, and the MDC puts and removes would be
	 * paid for lines never written.
	 */
	static void debug(Logger logger, Fire fire, Runnable log) {
		if (logger.isDebugEnabled()) {
			with(fire, log);
		}
	}

}
