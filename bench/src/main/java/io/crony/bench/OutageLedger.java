package io.crony.bench;

import java.time.Instant;
import java.util.List;

/**
 * Every fire of jobs {@code firstId .. firstId + jobs - 1} (each on
 * {@code (id % every)/every * * * * ?}) due in whole seconds
 * {@code [fromSecond, untilSecond)}, matched against the calls the target received and
 * the {@code execution} rows MariaDB holds for it: what "every record arrives exactly
 * once" means, counted fire by fire.
 *
 * @param expected fires the schedules call for in the window
 * @param called fires the target received a first-attempt call for
 * @param duplicateCalls first-attempt calls beyond the first one of a fire
 * @param notRunByPolicy fires never called whose row says why (MISSED or SKIPPED: the
 * misfire policy)
 * @param uncalledWithoutRow fires never called with no row: the agent's own misfire
 * policy skips a fire it reached later than {@code misfire-threshold} without claiming
 * it, so no row records it (its meter {@code crony.agent.misfires} counts it); otherwise
 * lost
 * @param calledWithoutSucceededRow called fires whose row is missing or not SUCCEEDED
 * @param extraRows rows beyond the first one of a fire (the unique key forbids them)
 * @param succeededNotCalled fires with a SUCCEEDED row the target never received
 */
record OutageLedger(long expected, long called, long duplicateCalls, long notRunByPolicy, long uncalledWithoutRow,
		long calledWithoutSucceededRow, long extraRows, long succeededNotCalled) {

	/** One {@code execution} row: its job, scheduled instant (epoch ms) and status. */
	record Row(long jobId, long scheduledAtMillis, String status) {

	}

	static OutageLedger of(List<LoopbackTarget.Call> calls, List<Row> rows, long firstId, int jobs, int every,
			long fromSecond, long untilSecond) {
		int span = (int) (untilSecond - fromSecond);
		int[] callsPerFire = new int[jobs * span];
		int[] rowsPerFire = new int[jobs * span];
		String[] status = new String[jobs * span];
		long duplicateCalls = 0;
		for (LoopbackTarget.Call call : calls) {
			if (call.attempt() != 1 || call.scheduledAt() == null) {
				continue;
			}
			int at = index(call.jobId(), Instant.parse(call.scheduledAt()).toEpochMilli(), firstId, jobs, fromSecond,
					untilSecond);
			if (at >= 0 && callsPerFire[at]++ > 0) {
				duplicateCalls++;
			}
		}
		long extraRows = 0;
		for (Row row : rows) {
			int at = index(row.jobId(), row.scheduledAtMillis(), firstId, jobs, fromSecond, untilSecond);
			if (at >= 0) {
				extraRows += (rowsPerFire[at]++ > 0) ? 1 : 0;
				status[at] = row.status();
			}
		}
		long expected = 0;
		long called = 0;
		long notRunByPolicy = 0;
		long uncalledWithoutRow = 0;
		long calledWithoutSucceededRow = 0;
		long succeededNotCalled = 0;
		for (int job = 0; job < jobs; job++) {
			for (int second = 0; second < span; second++) {
				if (!FireStats.due(firstId + job, every, fromSecond + second)) {
					continue;
				}
				expected++;
				int at = job * span + second;
				boolean succeeded = "SUCCEEDED".equals(status[at]);
				if (callsPerFire[at] > 0) {
					called++;
					calledWithoutSucceededRow += succeeded ? 0 : 1;
				}
				else if ("MISSED".equals(status[at]) || "SKIPPED".equals(status[at])) {
					notRunByPolicy++;
				}
				else {
					uncalledWithoutRow++;
					succeededNotCalled += succeeded ? 1 : 0;
				}
			}
		}
		return new OutageLedger(expected, called, duplicateCalls, notRunByPolicy, uncalledWithoutRow,
				calledWithoutSucceededRow, extraRows, succeededNotCalled);
	}

	/**
	 * Exactly once: no duplicate call, one SUCCEEDED row per call and none without one.
	 * Fires never called are checked apart ({@link #uncalledWithoutRow}).
	 */
	boolean exactlyOnce() {
		return this.duplicateCalls == 0 && this.calledWithoutSucceededRow == 0 && this.extraRows == 0
				&& this.succeededNotCalled == 0;
	}

	@Override
	public String toString() {
		return String.format(
				"expected %d, called %d, duplicate calls %d, not run by the misfire policy (row MISSED/SKIPPED) %d,"
						+ " never called and no row %d, called without a SUCCEEDED row %d, rows beyond one per fire %d,"
						+ " SUCCEEDED rows never called %d",
				this.expected, this.called, this.duplicateCalls, this.notRunByPolicy, this.uncalledWithoutRow,
				this.calledWithoutSucceededRow, this.extraRows, this.succeededNotCalled);
	}

	/**
	 * The fire's slot, or -1 for a job or instant outside the window or off the second.
	 */
	private static int index(long jobId, long scheduledMillis, long firstId, int jobs, long fromSecond,
			long untilSecond) {
		long job = jobId - firstId;
		long second = Math.floorDiv(scheduledMillis, 1000);
		if (job < 0 || job >= jobs || second < fromSecond || second >= untilSecond || scheduledMillis % 1000 != 0) {
			return -1;
		}
		return (int) (job * (untilSecond - fromSecond) + (second - fromSecond));
	}

}
