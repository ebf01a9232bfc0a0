package io.crony.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Arrays;

import io.crony.common.job.JobChangeReads;

/**
 * How long the leader's change poll takes at this size, each statement the median of five
 * runs: the stamp it reads every poll interval (500 ms by default), and the change scan's
 * read of the changed job ids that follows when the stamp moved, from the newest change
 * minus the change window (5 s by default) as the leader reads it. The statements are the
 * leader's own ({@link JobChangeReads}).
 *
 * @param stampMillis {@code SELECT MAX(id), MAX(changed_at) FROM job_change}
 * @param scanMillis {@code SELECT DISTINCT job_id FROM job_change WHERE changed_at >= ?}
 * @param scanIds the job ids that scan returned
 * @param changeRows rows in {@code job_change} (the leader prunes those older than an
 * hour)
 */
record ChangePoll(double stampMillis, double scanMillis, long scanIds, long changeRows) {

	/** {@code crony.web.cluster.change-window}'s default. */
	private static final long CHANGE_WINDOW_MILLIS = 5_000;

	static ChangePoll time(Connection db) throws SQLException {
		double[] stamp = new double[5];
		Timestamp newest = null;
		for (int i = 0; i < stamp.length; i++) {
			long start = System.nanoTime();
			try (PreparedStatement statement = db.prepareStatement(JobChangeReads.STAMP);
					ResultSet rs = statement.executeQuery()) {
				rs.next();
				newest = rs.getTimestamp(2);
			}
			stamp[i] = (System.nanoTime() - start) / 1e6;
		}
		double[] scan = new double[5];
		long ids = 0;
		Timestamp since = (newest != null) ? new Timestamp(newest.getTime() - CHANGE_WINDOW_MILLIS) : new Timestamp(0);
		for (int i = 0; i < scan.length; i++) {
			long start = System.nanoTime();
			try (PreparedStatement statement = db.prepareStatement(JobChangeReads.CHANGED_SINCE)) {
				statement.setTimestamp(1, since);
				try (ResultSet rs = statement.executeQuery()) {
					ids = 0;
					while (rs.next()) {
						ids++;
					}
				}
			}
			scan[i] = (System.nanoTime() - start) / 1e6;
		}
		return new ChangePoll(median(stamp), median(scan), ids,
				ClusterBench.count(db, "SELECT COUNT(*) FROM job_change"));
	}

	private static double median(double[] millis) {
		double[] sorted = millis.clone();
		Arrays.sort(sorted);
		return sorted[sorted.length / 2];
	}

	String line() {
		return String.format(
				"stamp %.2f ms, change scan %.1f ms (%d job ids of the last %d s before the newest of"
						+ " %d change rows)",
				this.stampMillis, this.scanMillis, this.scanIds, CHANGE_WINDOW_MILLIS / 1000, this.changeRows);
	}

}
