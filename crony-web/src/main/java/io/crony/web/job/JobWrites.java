package io.crony.web.job;

import java.util.List;

import com.baomidou.mybatisplus.core.batch.MybatisBatch;
import com.baomidou.mybatisplus.core.conditions.update.LambdaUpdateWrapper;
import com.baomidou.mybatisplus.core.toolkit.MybatisBatchUtils;
import io.crony.web.db.JobChangeLog;
import org.apache.ibatis.executor.BatchResult;
import org.apache.ibatis.session.SqlSessionFactory;

import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Every write of table {@code job} the job API makes (single, bulk, import, job actions,
 * calendar followers), each with its {@code job_change} rows in the same transaction: the
 * one place a new write path goes through, so it cannot forget the row the leader waits
 * for ({@code ArchitectureTest} lets no other class call {@link JobMapper}'s writes,
 * {@code PortableSqlTest} lets no other class write the table in SQL but the leader's
 * {@code agent_id} mirror and the secret resealing at start). Each method runs in the
 * caller's transaction and refuses to run outside one.
 */
@Component
@Transactional(propagation = Propagation.MANDATORY)
class JobWrites {

	private final JobMapper jobs;

	private final SqlSessionFactory sessions;

	private final JobChangeLog changes;

	JobWrites(JobMapper jobs, SqlSessionFactory sessions, JobChangeLog changes) {
		this.jobs = jobs;
		this.sessions = sessions;
		this.changes = changes;
	}

	/** Inserts the row; its id is set on it. */
	void insert(JobEntity job) {
		this.jobs.insert(job);
		this.changes.changed(List.of(job.getId()));
	}

	/** Inserts the rows in JDBC batches; their ids are set on them. */
	void insertAll(List<JobEntity> rows) {
		this.jobs.insert(rows);
		this.changes.changed(ids(rows));
	}

	/**
	 * Writes the spec of a row just inserted (the spec carries the id, known only now).
	 */
	void writeSpec(long id, String spec) {
		this.jobs.update(null,
				new LambdaUpdateWrapper<JobEntity>().set(JobEntity::getSpec, spec).eq(JobEntity::getId, id));
		this.changes.changed(List.of(id));
	}

	/** {@link #writeSpec} of each row, in one JDBC batch. */
	void writeSpecs(List<JobEntity> rows) {
		MybatisBatchUtils.execute(this.sessions, rows,
				new MybatisBatch.Method<JobEntity>(JobMapper.class).get("writeSpec"));
		this.changes.changed(ids(rows));
	}

	/**
	 * Optimistic update ({@code @Version}) at the version the row was read at.
	 * @return 1, or 0 when the row moved on or is gone (nothing written)
	 */
	int update(JobEntity job) {
		int updated = this.jobs.updateById(job);
		if (updated > 0) {
			this.changes.changed(List.of(job.getId()));
		}
		return updated;
	}

	/**
	 * {@link #update} of each row, in JDBC batches; a row that moved on is the caller's
	 * to refuse, which rolls back the transaction with its change rows.
	 */
	List<BatchResult> updateAll(List<JobEntity> rows) {
		List<BatchResult> results = this.jobs.updateById(rows);
		this.changes.changed(ids(rows));
		return results;
	}

	/**
	 * @return 1, or 0 when there was no such row
	 */
	int delete(long id) {
		int deleted = this.jobs.deleteById(id);
		if (deleted > 0) {
			this.changes.changed(List.of(id));
		}
		return deleted;
	}

	private static List<Long> ids(List<JobEntity> rows) {
		return rows.stream().map(JobEntity::getId).toList();
	}

}
