package io.crony.alert;

/** What an alert is about. */
public enum AlertKind {

	/** A run failed after its last attempt. */
	FAILURE,
	/** A run timed out after its last attempt. */
	TIMEOUT,
	/** Too many of a job's runs failed over the rule's window. */
	FAILURE_RATE,
	/** A job that raised a failure alert succeeded again. */
	RECOVERY,
	/** An agent went away; its jobs moved. */
	AGENT_LOST,
	/** No agent is alive: nothing runs. */
	NO_AGENT,
	/** Jobs that no live agent may take stay unassigned. */
	UNPLACED,
	/** A job's run was not started: one of its upstream jobs failed in the cycle. */
	UPSTREAM_FAILED,
	/** A job's workflow was not all done by its deadline after an instant. */
	WORKFLOW_LATE,
	/**
	 * An agent's spool reached its bound: the database is away for that agent and it
	 * claims no fire until the database takes its records.
	 */
	SPOOL_FULL,
	/** The spool of an agent that raised {@link #SPOOL_FULL} is empty again. */
	SPOOL_DRAINED,
	/** A test message sent from the API. */
	TEST;

	/** Whether this kind says a job is failing (what a recovery notice follows). */
	public boolean failing() {
		return this == FAILURE || this == TIMEOUT || this == FAILURE_RATE;
	}

}
