package io.crony.alert;

import java.util.List;
import java.util.Map;

/**
 * What an alert says beyond the job and run it is about, as values rather than sentences,
 * so that {@link AlertText} can word it in each channel's {@link AlertLanguage}. One
 * record per kind of message.
 */
public sealed interface AlertFacts {

	/**
	 * FAILURE or TIMEOUT: a run ended badly after its last attempt.
	 *
	 * @param status the run's final status ({@code FAILED}, {@code TIMED_OUT})
	 * @param attempts attempts made
	 * @param maxAttempts attempts the retry policy allows
	 */
	record RunEnded(String status, int attempts, int maxAttempts) implements AlertFacts {

	}

	/**
	 * FAILURE_RATE: too many runs failed over the rule's window.
	 *
	 * @param failed runs that failed
	 * @param runs runs that finished in the window
	 * @param windowMinutes the rule's window
	 * @param threshold the rule's threshold, 0..1
	 */
	record FailureRate(int failed, int runs, int windowMinutes, double threshold) implements AlertFacts {

	}

	/** RECOVERY: a run succeeded again after failure alerts. */
	record Recovered() implements AlertFacts {

	}

	/**
	 * AGENT_LOST: an agent went away.
	 *
	 * @param jobsMoved its jobs that moved
	 * @param movedTo how many moved to which agent
	 * @param stuck its jobs that found no other agent
	 */
	record AgentLost(int jobsMoved, Map<String, Integer> movedTo, int stuck) implements AlertFacts {

		public AgentLost {
			movedTo = (movedTo != null) ? Map.copyOf(movedTo) : Map.of();
		}

	}

	/**
	 * NO_AGENT: no agent is alive.
	 *
	 * @param enabledJobs enabled jobs waiting for one
	 */
	record NoAgent(int enabledJobs) implements AlertFacts {

	}

	/**
	 * UNPLACED: jobs no live agent may take.
	 *
	 * @param count how many
	 * @param reasons why, per label selector, as the leader states them (English: they
	 * quote selectors and agent names)
	 */
	record Unplaced(int count, List<String> reasons) implements AlertFacts {

		public Unplaced {
			reasons = (reasons != null) ? List.copyOf(reasons) : List.of();
		}

	}

	/**
	 * UPSTREAM_FAILED: a run of the alert's job was stopped because an upstream failed.
	 *
	 * @param upstream the upstream job's name
	 * @param upstreamExecution the upstream's failed execution
	 * @param status its status ({@code FAILED}, {@code TIMED_OUT})
	 */
	record UpstreamFailed(String upstream, long upstreamExecution, String status) implements AlertFacts {

	}

	/**
	 * TEST: a test message sent from the API.
	 *
	 * @param by who sent it
	 * @param channelName the channel it checks
	 */
	record Test(String by, String channelName) implements AlertFacts {

	}

}
