package io.crony.agent.schedule;

/**
 * Why a fire exists. The kind decides what the engine may do with it: a claimed kind has
 * an execution row this agent claimed itself, which it must release if it never starts
 * the fire; a fire that starts late by design does not count as its job being slow
 * ({@link SkipRule}).
 */
enum FireKind {

	/** The job's schedule reached one of its instants. */
	SCHEDULED(true, false),
	/** An instant missed while no agent held the job, run by its misfire policy. */
	CATCH_UP(true, true),
	/** A claimed fire another agent released (the job moved here), taken over. */
	HANDOVER(true, true),
	/** A one-shot request: an operator's or a program's "run now". */
	MANUAL(false, false),
	/** A one-shot request to run an earlier run again. */
	RETRY(false, false),
	/** A run taken over from another agent, continued from its next attempt. */
	RESUMED(false, false);

	private final boolean claimed;

	private final boolean late;

	FireKind(boolean claimed, boolean late) {
		this.claimed = claimed;
		this.late = late;
	}

	/** Whether this agent claims the fire's row itself (the web inserts the others'). */
	boolean claimedHere() {
		return this.claimed;
	}

	/** Whether the fire starts late by design, not through its job being slow. */
	boolean startsLate() {
		return this.late;
	}

}
