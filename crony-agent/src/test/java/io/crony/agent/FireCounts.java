package io.crony.agent;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.crony.common.job.JobSpec;
import io.crony.example.target.SampleTarget;

import static org.awaitility.Awaitility.await;

/**
 * Fires of every-second jobs over the whole seconds strictly between two instants:
 * expected (one per job and second), fired at the target, recorded as succeeded (waited
 * for: spooled records arrive late), duplicate (a second run at the target or a second
 * row), skipped (rows SKIPPED), missed (expected, never fired), rows (fires with a row),
 * missed rows (rows MISSED), unfinished (rows PENDING or RUNNING).
 */
record FireCounts(long expected, long fired, long recorded, long duplicate, long skipped, long missed, long rows,
		long missedRows, long pending) {

	static FireCounts of(AgentTestSupport support, SampleTarget target, List<JobSpec> jobs, long fromMillis,
			long toMillis) {
		long from = fromMillis / 1000 + 1;
		long to = toMillis / 1000 - 1;
		Timestamp fromAt = Timestamp.from(Instant.ofEpochSecond(from));
		Timestamp toAt = Timestamp.from(Instant.ofEpochSecond(to));
		long expected = 0;
		long fired = 0;
		long duplicate = 0;
		long missed = 0;
		for (JobSpec job : jobs) {
			Map<String, Long> runs = target.runsByScheduledAt(job.id());
			for (long second = from; second <= to; second++) {
				Long count = runs.get(Instant.ofEpochSecond(second).toString());
				expected++;
				fired += (count != null) ? 1 : 0;
				missed += (count == null) ? 1 : 0;
				duplicate += (count != null && count > 1) ? count - 1 : 0;
			}
		}
		long firedAtTarget = fired;
		List<Long> ids = jobs.stream().map(JobSpec::id).toList();
		String in = ids.stream().map(String::valueOf).collect(Collectors.joining(","));
		String range = " FROM execution WHERE job_id IN (" + in + ") AND scheduled_at BETWEEN ? AND ?";
		await().atMost(Duration.ofSeconds(90))
			.ignoreExceptions()
			.until(() -> support.jdbc()
				.queryForObject("SELECT COUNT(*)" + range + " AND status = 'SUCCEEDED'", Long.class, fromAt,
						toAt) >= firedAtTarget);
		long recorded = support.jdbc()
			.queryForObject("SELECT COUNT(*)" + range + " AND status = 'SUCCEEDED'", Long.class, fromAt, toAt);
		long rows = support.jdbc().queryForObject("SELECT COUNT(*)" + range, Long.class, fromAt, toAt);
		long distinct = support.jdbc()
			.queryForObject("SELECT COUNT(DISTINCT job_id, scheduled_at)" + range, Long.class, fromAt, toAt);
		long skipped = support.jdbc()
			.queryForObject("SELECT COUNT(*)" + range + " AND status = 'SKIPPED'", Long.class, fromAt, toAt);
		long pending = support.jdbc()
			.queryForObject("SELECT COUNT(*)" + range + " AND status IN ('PENDING', 'RUNNING')", Long.class, fromAt,
					toAt);
		long missedRows = support.jdbc()
			.queryForObject("SELECT COUNT(*)" + range + " AND status = 'MISSED'", Long.class, fromAt, toAt);
		return new FireCounts(expected, fired, recorded, duplicate + (rows - distinct), skipped, missed, distinct,
				missedRows, pending);
	}

	@Override
	public String toString() {
		return "fires expected " + this.expected + ", fired " + this.fired + ", recorded " + this.recorded
				+ ", duplicate " + this.duplicate + ", skipped " + this.skipped + ", missed " + this.missed + ", rows "
				+ this.rows + " (missed " + this.missedRows + ")" + ", unfinished " + this.pending;
	}

}
