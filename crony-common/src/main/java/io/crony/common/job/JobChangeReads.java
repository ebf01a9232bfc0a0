package io.crony.common.job;

/**
 * The two statements of crony-web's leader's change poll over {@code job_change} (one row
 * per job create, update or delete, written with the job's own write). Kept here, not in
 * the leader, so the cluster bench times the very statements the leader runs: the web's
 * executable jar offers no classes to other modules.
 */
public final class JobChangeReads {

	/**
	 * The stamp read every poll interval: both maxima come from an index end, whatever
	 * the size of either table.
	 */
	public static final String STAMP = "SELECT MAX(id), MAX(changed_at) FROM job_change";

	/** The change scan's read of the jobs changed at or after an instant. */
	public static final String CHANGED_SINCE = "SELECT DISTINCT job_id FROM job_change WHERE changed_at >= ?";

	private JobChangeReads() {
	}

}
