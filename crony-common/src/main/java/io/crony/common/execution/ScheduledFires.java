package io.crony.common.execution;

/**
 * Which execution rows are fires of a job's own schedule, in SQL: what a job's misfire
 * policy counts as its last fire when the job arrives on an agent (crony-agent
 * {@code FireHistory}), and so the fire retention always keeps (crony-web
 * {@code ExecutionPurge}): as its row, or, once retention dropped the row's day whole, as
 * the job's mark in table {@code job_last_fire} ({@code LastFireMarks}), the newer of the
 * two counting for every reader.
 * <p>
 * A fire of the cron (trigger CRON) or of the misfire policy (MISFIRE), and a scheduled
 * fire of a job with upstreams that they released: its claim, parked WAITING at its
 * instant, becomes PENDING with trigger DEPENDENCY when the web releases it (crony-web
 * {@code ReleasedRuns.releaseWaiting}), and the holder runs it under that trigger at the
 * job's own instant. Left out, such a job's runs did not count: one whose every fire was
 * released had no last fire (its misfire policy then ran nothing after a restart or a
 * failover), and an older stopped (SKIPPED) or MISFIRE row stood for its last one, with
 * that row's agent taken for the former holder. A run of a workflow run by hand or of a
 * backfill (its root in {@code workflow_run}) is no fire of the schedule, as crony-web's
 * {@code UpstreamRuns} counts runs for the workflows' cycles.
 */
public final class ScheduledFires {

	private ScheduledFires() {
	}

	/**
	 * The condition on a row of {@code execution} under {@code alias}.
	 * @param alias the row's table alias
	 * @return a parenthesised SQL condition
	 */
	public static String where(String alias) {
		return "(" + alias + ".trigger_type IN ('CRON', 'MISFIRE') OR (" + alias + ".trigger_type = 'DEPENDENCY'"
				+ " AND NOT EXISTS (SELECT 1 FROM workflow_run w WHERE w.root_id = COALESCE(" + alias + ".root_id, "
				+ alias + ".id))))";
	}

	/**
	 * The condition on a scheduled fire under {@code alias} that is a run, not a claim
	 * (not PENDING): what retention keeps as a job's latest fire and marks when it drops
	 * the fire's day.
	 * @param alias the row's table alias
	 * @return an SQL condition
	 */
	public static String ran(String alias) {
		return where(alias) + " AND " + alias + ".status <> 'PENDING'";
	}

}
