package io.crony.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Map;
import java.util.function.LongFunction;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.json.CronyJson;

/**
 * Writes job rows as the job API does, each with its {@code job_change} row (what the
 * leader's change poll reads), all committed in one transaction.
 */
final class JobInserter {

	private JobInserter() {
	}

	static void insert(Connection db, int count) throws SQLException {
		insert(db, 1, count, (id) -> new JobSpec(id, "bench-" + id, "benchmark job", "0 */5 * * * ?", "UTC",
				new TargetSpec(TargetType.HTTP, "POST", "http://127.0.0.1:9000/jobs/" + id, Map.of("X-Env", "bench"),
						"{\"day\":\"${scheduledAt}\"}", TargetMode.SYNC, null, null),
				30, new RetryPolicy(3, 5), MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, AssignmentSpec.DEFAULT, true,
				1));
	}

	/**
	 * Inserts jobs {@code firstId .. firstId + count - 1}, each spec made by
	 * {@code specs}.
	 */
	static void insert(Connection db, long firstId, int count, LongFunction<JobSpec> specs) throws SQLException {
		db.setAutoCommit(false);
		try (PreparedStatement insert = db.prepareStatement(
				"""
						INSERT INTO job (id, name, schedule, time_zone, target_type, spec, enabled, version, created_at, updated_at)
						VALUES (?, ?, ?, ?, 'HTTP', ?, 1, 1, NOW(3), NOW(3))""");
				PreparedStatement change = db.prepareStatement("INSERT INTO job_change (job_id) VALUES (?)")) {
			for (long id = firstId; id < firstId + count; id++) {
				JobSpec spec = specs.apply(id);
				insert.setLong(1, id);
				insert.setString(2, spec.name());
				insert.setString(3, spec.schedule());
				insert.setString(4, spec.timeZone());
				insert.setString(5, CronyJson.toJson(spec));
				insert.addBatch();
				change.setLong(1, id);
				change.addBatch();
				if (id % 1000 == 0) {
					insert.executeBatch();
					change.executeBatch();
				}
			}
			insert.executeBatch();
			change.executeBatch();
			db.commit();
		}
		finally {
			db.setAutoCommit(true);
		}
	}

}
