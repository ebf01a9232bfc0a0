package io.crony.alert;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.crony.common.reason.Reason;

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
	 * FAILURE or TIMEOUT of a sharded or broadcast run: which of its shards did not
	 * succeed, each with the instance its last attempt went to.
	 *
	 * @param status the run's final status ({@code FAILED}, {@code TIMED_OUT})
	 * @param total the run's shards
	 * @param maxAttempts attempts the retry policy allows each shard
	 * @param notSucceeded the shards that did not succeed, by index (at most
	 * {@link #LISTED} of them; {@code unlisted} says how many more)
	 * @param unlisted shards that did not succeed beyond those listed
	 */
	record ShardsEnded(String status, int total, int maxAttempts, List<ShardEnd> notSucceeded,
			int unlisted) implements AlertFacts {

		/** Most shards an alert lists one by one. */
		public static final int LISTED = 10;

		public ShardsEnded {
			notSucceeded = (notSucceeded != null) ? List.copyOf(notSucceeded) : List.of();
		}

	}

	/**
	 * How one shard of a run ended.
	 *
	 * @param index the shard's index, from 0
	 * @param instance the instance ({@code host:port}) of its last attempt, or null
	 * @param status its status ({@code FAILED}, {@code TIMED_OUT}, {@code CANCELLED})
	 * @param attempts attempts it made
	 * @param error why, or null
	 */
	record ShardEnd(int index, String instance, String status, int attempts, String error) {

		/** Most characters of a shard's error kept in a message. */
		public static final int ERROR_EXCERPT = 120;

		public ShardEnd {
			if (error != null && error.length() > ERROR_EXCERPT) {
				error = error.substring(0, ERROR_EXCERPT) + "…";
			}
		}

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
	 * UNPLACED: the alert's job waits unassigned because no live agent may take it.
	 *
	 * @param department the name of the job's department
	 * @param reason why, as the leader states it ({@code no live agent matches zone=b}),
	 * worded in the alert's language
	 */
	record Unplaced(String department, Reason reason) implements AlertFacts {

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
	 * WORKFLOW_LATE: the alert's job and its dependents were not all done by the
	 * deadline.
	 *
	 * @param deadlineMinutes the deadline, after the instant
	 * @param notDone the jobs that had not succeeded since the instant
	 */
	record WorkflowLate(int deadlineMinutes, List<String> notDone) implements AlertFacts {

		public WorkflowLate {
			notDone = (notDone != null) ? List.copyOf(notDone) : List.of();
		}

	}

	/**
	 * SPOOL_FULL: the alert's agent spools its records (the database is away for it) and
	 * its spool reached its bound.
	 *
	 * @param bytes the spool's size
	 * @param maxBytes its bound ({@code crony.agent.spool-max-size})
	 * @param since when the spool began to hold records
	 */
	record SpoolFull(long bytes, long maxBytes, Instant since) implements AlertFacts {

	}

	/**
	 * SPOOL_DRAINED: the spool of the alert's agent, full before, is empty again: the
	 * database took its records and the agent claims fires again.
	 */
	record SpoolDrained() implements AlertFacts {

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
