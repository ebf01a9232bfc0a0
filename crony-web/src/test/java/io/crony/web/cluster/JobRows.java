package io.crony.web.cluster;

import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.AssignmentStrategy;
import io.crony.common.job.JobSpec;
import io.crony.common.job.MisfirePolicy;
import io.crony.common.job.OverlapPolicy;
import io.crony.common.job.RetryPolicy;
import io.crony.common.job.TargetMode;
import io.crony.common.job.TargetSpec;
import io.crony.common.job.TargetType;
import io.crony.common.json.CronyJson;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;

/**
 * Writes table {@code job} the way the job API does (spec rewritten, version bumped,
 * updated_at set on every write; hard delete; a {@code job_change} row per job written,
 * which is what the leader's change poll reads), until the API itself lands.
 */
final class JobRows {

	private final JdbcTemplate jdbc;

	JobRows(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	static JobSpec spec(String name, AssignmentStrategy strategy, Map<String, String> labels) {
		return new JobSpec(0, name, null, "@every 30s", "UTC",
				new TargetSpec(TargetType.HTTP, "POST", "http://127.0.0.1:9/" + name, null, null, TargetMode.SYNC, null,
						null),
				30, RetryPolicy.NONE, MisfirePolicy.FIRE_NOW, OverlapPolicy.SKIP, new AssignmentSpec(strategy, labels),
				true, 1);
	}

	long create(String name) {
		return create(spec(name, null, Map.of()));
	}

	long create(JobSpec spec) {
		return create(spec, 1);
	}

	/** Creates a job in the given department (1 is {@code default}). */
	long create(JobSpec spec, long departmentId) {
		GeneratedKeyHolder key = new GeneratedKeyHolder();
		this.jdbc.update((connection) -> {
			PreparedStatement statement = connection.prepareStatement(
					"""
							INSERT INTO job (name, schedule, time_zone, target_type, spec, enabled, version, created_at, updated_at,
							department_id)
							VALUES (?, ?, ?, 'HTTP', '{}', ?, 1, NOW(3), NOW(3), ?)""",
					Statement.RETURN_GENERATED_KEYS);
			statement.setString(1, spec.name());
			statement.setString(2, spec.schedule());
			statement.setString(3, spec.timeZone());
			statement.setBoolean(4, spec.enabled());
			statement.setLong(5, departmentId);
			return statement;
		}, key);
		long id = key.getKey().longValue();
		// The API writes the row and its spec in one transaction; the leader only acts on
		// committed rows.
		this.jdbc.update("UPDATE job SET spec = ?, updated_at = NOW(3) WHERE id = ?",
				CronyJson.toJson(spec.withIdAndVersion(id, 1)), id);
		changed(id);
		return id;
	}

	/**
	 * Creates many enabled jobs at once, with ids after the highest one; returns their
	 * ids.
	 */
	java.util.List<Long> createMany(String prefix, int count) {
		long first = this.jdbc.queryForObject("SELECT COALESCE(MAX(id), 0) + 1 FROM job", Long.class);
		java.util.List<Object[]> rows = new java.util.ArrayList<>();
		java.util.List<Long> ids = new java.util.ArrayList<>();
		for (int i = 0; i < count; i++) {
			long id = first + i;
			JobSpec spec = spec(prefix + "-" + id, null, Map.of()).withIdAndVersion(id, 1);
			rows.add(new Object[] { id, spec.name(), spec.schedule(), spec.timeZone(), CronyJson.toJson(spec) });
			ids.add(id);
		}
		this.jdbc.batchUpdate(
				"""
						INSERT INTO job (id, name, schedule, time_zone, target_type, spec, enabled, version, created_at, updated_at)
						VALUES (?, ?, ?, ?, 'HTTP', ?, 1, 1, NOW(3), NOW(3))""",
				rows);
		this.jdbc.batchUpdate("INSERT INTO job_change (job_id) VALUES (?)",
				ids.stream().map((id) -> new Object[] { id }).toList());
		return ids;
	}

	void update(long id, UnaryOperator<JobSpec> change) {
		JobSpec current = current(id);
		JobSpec changed = change.apply(current);
		long version = current.version() + 1;
		JobSpec next = new JobSpec(id, changed.name(), changed.description(), changed.schedule(), changed.timeZone(),
				changed.target(), changed.timeoutSeconds(), changed.retry(), changed.misfirePolicy(),
				changed.overlapPolicy(), changed.assignment(), changed.enabled(), version);
		this.jdbc.update("UPDATE job SET spec = ?, enabled = ?, version = ?, updated_at = NOW(3) WHERE id = ?",
				CronyJson.toJson(next), next.enabled(), version, id);
		changed(id);
	}

	/**
	 * Raises the jobs' version where no change scan looks, as a write whose change row
	 * the change scan missed (committed later than its window): only a full reconcile
	 * finds it. Their change rows are aged out of the window first, so a scan that a
	 * later change starts does not pick them up.
	 */
	void changeUnseen(java.util.List<Long> ids) {
		String in = String.join(",", ids.stream().map(String::valueOf).toList());
		this.jdbc
			.update("UPDATE job_change SET changed_at = changed_at - INTERVAL 10 MINUTE WHERE job_id IN (" + in + ")");
		// one statement, so that a reconcile reads all of them changed or none
		this.jdbc.update("UPDATE job SET version = version + 1 WHERE id IN (" + in + ")");
	}

	/**
	 * Raises the jobs' version, their change rows written by one statement, so that a
	 * change scan finds all of them or none.
	 */
	void changeAtOnce(java.util.List<Long> ids) {
		String in = String.join(",", ids.stream().map(String::valueOf).toList());
		this.jdbc.update("UPDATE job SET version = version + 1 WHERE id IN (" + in + ")");
		this.jdbc.update("INSERT INTO job_change (job_id) SELECT id FROM job WHERE id IN (" + in + ")");
	}

	void enable(long id, boolean enabled) {
		update(id,
				(spec) -> new JobSpec(spec.id(), spec.name(), spec.description(), spec.schedule(), spec.timeZone(),
						spec.target(), spec.timeoutSeconds(), spec.retry(), spec.misfirePolicy(), spec.overlapPolicy(),
						spec.assignment(), enabled, spec.version()));
	}

	void delete(long id) {
		this.jdbc.update("DELETE FROM job WHERE id = ?", id);
		changed(id);
	}

	/**
	 * Deletes every job, their change rows written after the delete as with every other
	 * write here: written before it, a change scan between the two statements read the
	 * rows still there, recorded the newer stamp, and no later change row told it of the
	 * deletes (the leader then kept the keys until its next full reconcile).
	 */
	void deleteAll() {
		List<Long> ids = this.jdbc.queryForList("SELECT id FROM job", Long.class);
		this.jdbc.update("DELETE FROM job");
		this.jdbc.batchUpdate("INSERT INTO job_change (job_id) VALUES (?)",
				ids.stream().map((id) -> new Object[] { id }).toList());
	}

	private void changed(long id) {
		this.jdbc.update("INSERT INTO job_change (job_id) VALUES (?)", id);
	}

	JobSpec current(long id) {
		return CronyJson.fromJson(this.jdbc.queryForObject("SELECT spec FROM job WHERE id = ?", String.class, id),
				JobSpec.class);
	}

	String agentId(long id) {
		return this.jdbc.queryForObject("SELECT agent_id FROM job WHERE id = ?", String.class, id);
	}

}
