package io.crony.agent.execution;

import java.time.Instant;

/**
 * What an agent asks of a job's window: the scheduled instants {@code from <= t < until}.
 * {@code from} is the first instant it has not dispatched yet.
 *
 * @param jobId the job
 * @param from the first instant asked for (millisecond precision, as stored)
 * @param until the end of the window asked for, after {@code from}
 */
public record JobWindowAsk(long jobId, Instant from, Instant until) {

	public JobWindowAsk {
		if (!until.isAfter(from)) {
			throw new IllegalArgumentException(
					"A window of job " + jobId + " ends at " + until + ", not after " + from);
		}
	}

}
