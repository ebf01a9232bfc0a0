package io.crony.common.reason;

import java.util.List;

/**
 * Every reason the server gives in words, as a stable code with the names of its
 * parameters. The words themselves, in each language, are in {@code reasons.json} beside
 * this class (the dashboard carries the same file): API users branch on the code, readers
 * get the sentence in their language, and the English one stays in the answer for both.
 */
public enum ReasonCode {

	/** No agent is live. */
	NO_LIVE_AGENT,

	/** Every live agent is drained. */
	ALL_AGENTS_DRAINED,

	/** Every live agent the job's selector matches is drained. */
	ALL_MATCHING_AGENTS_DRAINED("labels"),

	/** No live agent carries the job's labels. */
	NO_AGENT_MATCHES("labels"),

	/** The job's agent is gone, and the leader has not moved the job yet. */
	AGENT_GONE_WAITING_TO_MOVE("agent"),

	/** A new or changed job the leader has not placed yet. */
	WAITING_FOR_LEADER,

	/** A calendar's holiday. */
	CALENDAR_HOLIDAY("day", "weekday", "calendar"),

	/** A calendar's named holiday. */
	CALENDAR_HOLIDAY_NAMED("day", "weekday", "name", "calendar"),

	/** A calendar's make-up working day (a weekend day worked). */
	CALENDAR_MAKE_UP_DAY("day", "weekday", "calendar"),

	/** A calendar's named make-up working day. */
	CALENDAR_MAKE_UP_DAY_NAMED("day", "weekday", "name", "calendar"),

	/** A day the calendar's weekly pattern works. */
	CALENDAR_WORKING_WEEKDAY("day", "weekday", "calendar"),

	/** A day the calendar's weekly pattern does not work. */
	CALENDAR_NON_WORKING_WEEKDAY("day", "weekday", "calendar"),

	/** A moved fire landed on the day's own fire, and is one fire with it. */
	FIRE_MERGED_WITH_OWN("day"),

	/** Fires of several days moved onto one, and are one fire. */
	FIRE_MERGED_WITH_MOVED("day"),

	/** An iCalendar event without a start date. */
	ICS_NO_START("event"),

	/** An iCalendar event with a time of day: only all-day events are days. */
	ICS_TIME_OF_DAY("event", "day"),

	/** A repeating iCalendar event (RRULE). */
	ICS_REPEATS("event", "day"),

	/** An iCalendar event longer than a calendar range may be. */
	ICS_TOO_LONG("event", "day", "maxDays"),

	// Notes on a run the platform ended or did not start (an execution's error): the
	// target's own answer stays as the target said it and has no code.

	/** The reconciler: a claimed run its agent never recorded starting. */
	RUN_CLAIMED_NOT_STARTED("agent"),

	/**
	 * The reconciler: a claimed run its agent never recorded starting; the agent is gone.
	 */
	RUN_CLAIMED_NOT_STARTED_AGENT_GONE("agent"),

	/** The reconciler: a run requested on an agent that never recorded starting it. */
	RUN_REQUESTED_NOT_STARTED("agent"),

	/** The reconciler: as {@link #RUN_REQUESTED_NOT_STARTED}; the agent is gone. */
	RUN_REQUESTED_NOT_STARTED_AGENT_GONE("agent"),

	/** The reconciler: a claim its agent released and no agent took over. */
	RUN_RELEASED_NOT_TAKEN,

	/** The reconciler: a run by hand no agent took. */
	RUN_REQUESTED_NOT_TAKEN,

	/** The reconciler: the run's job was deleted before it ran. */
	RUN_JOB_DELETED,

	/** The reconciler: the run's job was disabled before it ran. */
	RUN_JOB_DISABLED,

	/** A workflow run: an upstream failed, so this job did not run. */
	UPSTREAM_FAILED("upstream", "status", "execution"),

	/** A workflow run: an upstream was skipped (or cancelled, or missed). */
	UPSTREAM_SKIPPED("upstream", "status", "execution"),

	/** A live cycle: an upstream's run in the cycle did not succeed. */
	UPSTREAM_ENDED("upstream", "status", "execution"),

	/** A paired gate: the upstream's paired run did not succeed. */
	UPSTREAM_ENDED_AT("upstream", "status", "execution", "instant"),

	/** A paired gate: the upstream has no run at the instant and ran later ones. */
	UPSTREAM_NO_RUN("upstream", "instant"),

	/** A paired gate: the upstream is disabled and has no run at the instant. */
	UPSTREAM_DISABLED("upstream", "instant"),

	/** A workflow run: the job itself is disabled. */
	DEPENDENCY_DISABLED("job"),

	/** A waiting fire: its job no longer has upstream jobs. */
	WAIT_ENDED_NO_UPSTREAMS,

	/** A waiting fire: its job was disabled. */
	WAIT_ENDED_JOB_DISABLED,

	/** A waiting fire: a paired upstream run never came within the look-back. */
	UPSTREAM_NEVER_RAN("upstreams", "lookBack"),

	/** The agent: a user (or the system) cancelled the run. */
	RUN_CANCELLED_BY("user"),

	/** The agent: the job's overlap policy REPLACE cancelled the run for a newer one. */
	RUN_REPLACED("instant"),

	/** The agent: the job's overlap policy SKIP skipped a fire. */
	RUN_OVERLAP_SKIPPED,

	/** The agent: fenced (its lease gone), it did not start the fire. */
	RUN_FENCED,

	/** The agent: an async run reported no result before its deadline. */
	RUN_NO_REPORT_BY_DEADLINE("deadline"),

	/** The agent: another agent's async run past its deadline, taken over here. */
	RUN_NO_REPORT_TAKEN_OVER("attempt", "agent", "takenBy"),

	/** The agent: a fire waiting for its job's running run, dropped when the job left. */
	RUN_NOT_STARTED_JOB_LEFT,

	/**
	 * The agent: as {@link #RUN_NOT_STARTED_JOB_LEFT}, dropped from the queue by the
	 * job's removal (disabled, deleted or moved).
	 */
	RUN_NOT_STARTED_JOB_LEFT_WHY,

	/**
	 * The agent: a fire waiting for its job's running run, dropped as the agent stopped.
	 */
	RUN_NOT_STARTED_AGENT_STOPPED,

	/**
	 * The agent: a run still going when the agent's shutdown grace ended, ended as the
	 * agent stopped.
	 */
	RUN_AGENT_STOPPED("seconds", "setting"),

	/**
	 * The agent: a fire waiting for its job's running run, dropped when it was disabled.
	 */
	RUN_NOT_STARTED_JOB_DISABLED,

	/** The agent: a fire skipped because the job's queue of waiting fires was full. */
	RUN_QUEUE_FULL("waiting", "limit", "setting"),

	/**
	 * The agent: CATCH_UP's missed fires beyond its bound, recorded as one MISSED run.
	 */
	RUN_BEYOND_CATCH_UP_BOUND("count", "from", "to", "limit", "setting"),

	// Notes on one shard of a sharded or broadcast run (a shard's error), and on a
	// workflow run as a whole (its error).

	/** The agent: a shard stopped because its run was cancelled. */
	SHARD_CANCELLED_WITH_RUN,

	/** The agent: a shard's call cancelled. */
	SHARD_CANCELLED,

	/** The agent: a shard still going when the sharded run's whole limit passed. */
	SHARD_LIMIT_PASSED("seconds"),

	/** The leader: a workflow run whose first run was deleted. */
	WORKFLOW_FIRST_RUN_GONE,

	/** The leader: a workflow run that ended with a run in it not succeeded. */
	WORKFLOW_RUN_NOT_SUCCEEDED,

	// Notes on one attempt of an ASYNC run's chain of attempts (an attempt's note), and
	// why a job's current cycle waits.

	/** The agent: the attempt's instance asked to move the run (a rebalance report). */
	ATTEMPT_MOVE_ASKED,

	/** The agent: the attempt's instance left the registry for the grace period. */
	ATTEMPT_INSTANCE_LEFT("instance"),

	/**
	 * The agent: the attempt's instance stopped reporting for the job's progress timeout;
	 * a run is resumed elsewhere for this once (the agent finds it by this code).
	 */
	ATTEMPT_STOPPED_REPORTING("seconds"),

	/** The agent: a status URL (or gRPC Status) answered FAILED without a message. */
	STATUS_ANSWERED_FAILED,

	/** A job's cycle waits for upstreams that have not succeeded in it yet. */
	WAITING_FOR_UPSTREAMS("upstreams");

	private final List<String> params;

	ReasonCode(String... params) {
		this.params = List.of(params);
	}

	/** The names of the parameters its sentences use, each exactly once. */
	public List<String> params() {
		return this.params;
	}

}
