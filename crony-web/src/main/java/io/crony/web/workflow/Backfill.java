package io.crony.web.workflow;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * A backfill and how far it got.
 *
 * @param status RUNNING, PAUSED, CANCELLED, SUCCEEDED or FAILED
 * @param nextAt the next instant to start; null once every instant started
 * @param total the instants it covers
 * @param started instants started so far
 * @param succeeded instants whose workflow run succeeded
 * @param failed instants whose workflow run failed
 */
record Backfill(long id, long jobId, String jobName, Instant from, Instant to, boolean withDependents, int parallelism,
		String params, @Schema(allowableValues = {
				"RUNNING", "PAUSED", "CANCELLED", "SUCCEEDED", "FAILED" }) String status,
		Instant nextAt, int total, String createdBy, Instant createdAt, Instant finishedAt, long started,
		long succeeded, long failed){

	static Backfill row(ResultSet rs, int i) throws SQLException {
		return new Backfill(rs.getLong(1), rs.getLong(2), rs.getString(3), UpstreamRuns.instant(rs, 4),
				UpstreamRuns.instant(rs, 5), rs.getBoolean(6), rs.getInt(7), rs.getString(8), rs.getString(9),
				UpstreamRuns.instant(rs, 10), rs.getInt(11), rs.getString(12), UpstreamRuns.instant(rs, 13),
				UpstreamRuns.instant(rs, 14), rs.getLong(15), rs.getLong(16), rs.getLong(17));
	}

}
