package io.crony.web.db;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes table {@code job_change}: one row per job written, in the transaction of the
 * write, so the row commits (or rolls back) with it. The leader's change poll reads the
 * newest row of this table instead of scanning {@code job}, and finds deleted jobs by
 * their rows. Crony writes these rows itself, with plain SQL, instead of leaving them to
 * triggers (Flyway V27, dropped by V29): TiDB has no triggers, and a trigger is a
 * MariaDB/MySQL-only statement on the hot path. Every write of table {@code job} goes
 * through {@code io.crony.web.job.JobWrites}, which calls this; the leader's own
 * {@code agent_id} mirror is no change and writes no row.
 */
@Component
public class JobChangeLog {

	private static final String INSERT = "INSERT INTO job_change (job_id) VALUES (?)";

	private final JdbcTemplate jdbc;

	JobChangeLog(JdbcTemplate jdbc) {
		this.jdbc = jdbc;
	}

	/**
	 * Records that these jobs changed (created, updated or deleted).
	 * @throws IllegalStateException outside a transaction: a change row committed apart
	 * from its write could be read before the write is visible, or stay when the write
	 * rolled back
	 */
	public void changed(Collection<Long> jobIds) {
		if (!TransactionSynchronizationManager.isActualTransactionActive()) {
			throw new IllegalStateException("A job_change row is written in the transaction of its job's write");
		}
		if (jobIds.isEmpty()) {
			return;
		}
		List<Object[]> rows = new ArrayList<>(jobIds.size());
		jobIds.forEach((id) -> rows.add(new Object[] { id }));
		this.jdbc.batchUpdate(INSERT, rows);
	}

}
