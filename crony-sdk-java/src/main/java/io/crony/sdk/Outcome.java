package io.crony.sdk;

/** How an attempt of a run ended, as the wire contract spells it. */
public enum Outcome {

	/** The job did its work. */
	SUCCEEDED,

	/** The job failed; the job's retry policy decides what follows. */
	FAILED,

	/**
	 * The target took the run and reports its result later, before the run's deadline.
	 * Only a handler's answer may be ACCEPTED, never a report.
	 */
	ACCEPTED

}
