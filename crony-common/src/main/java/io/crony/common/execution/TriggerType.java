package io.crony.common.execution;

/** What started a run. */
public enum TriggerType {

	/** The job's schedule. */
	CRON,
	/** An operator's "run now". */
	MANUAL,
	/** An operator's retry of an earlier run, maybe with other params. */
	RETRY,
	/** An upstream job succeeded. */
	DEPENDENCY,
	/** A fire time missed during failover or restart, run by the misfire policy. */
	MISFIRE,
	/** A program through the API. */
	API,
	/** A backfill: the job run for a past instant of its schedule. */
	BACKFILL

}
