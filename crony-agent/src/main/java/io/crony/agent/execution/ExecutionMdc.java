package io.crony.agent.execution;

import org.slf4j.MDC;

/**
 * The logging context of one execution: log lines about a run carry its {@code jobId} and
 * {@code executionId} (the agent's log pattern prints both).
 */
public final class ExecutionMdc {

	private ExecutionMdc() {
	}

	/** Runs {@code log} with the execution's ids in the MDC. */
	public static void with(long jobId, long executionId, Runnable log) {
		MDC.put("jobId", Long.toString(jobId));
		MDC.put("executionId", Long.toString(executionId));
		try {
			log.run();
		}
		finally {
			MDC.remove("jobId");
			MDC.remove("executionId");
		}
	}

}
