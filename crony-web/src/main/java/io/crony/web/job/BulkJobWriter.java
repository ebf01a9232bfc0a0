package io.crony.web.job;

import java.sql.SQLException;
import java.text.CollationKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.crony.common.json.CronyJson;
import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.job.BulkPlan.Step;
import org.apache.ibatis.executor.BatchResult;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * The writes of a bulk request, inside its transaction, as JDBC batches (with
 * {@code rewriteBatchedStatements} the new rows go as multi-row INSERTs): MyBatis-Plus
 * runs them on a batch session bound to the same connection. A row taken or changed by
 * another request between the reads and these writes is a conflict naming its job. Reads
 * after these writes are statements the transaction has not run before: the transaction's
 * own MyBatis session caches its reads and does not see the batch session's writes.
 */
@Component
class BulkJobWriter {

	/** Names or ids per IN list. */
	static final int CHUNK = 500;

	private static final int ER_DUP_ENTRY = 1062;

	private final JobMapper jobs;

	private final JobWrites writes;

	private final JobPlacements placements;

	private final JobDependencies dependencies;

	BulkJobWriter(JobMapper jobs, JobWrites writes, JobPlacements placements, JobDependencies dependencies) {
		this.placements = placements;
		this.dependencies = dependencies;
		this.jobs = jobs;
		this.writes = writes;
	}

	/**
	 * Inserts the new rows, then writes each one's spec with the id the database gave it
	 * (the same transaction: nobody sees a row before its spec carries its id).
	 * @param now when the rows are created and updated
	 * @param jobCount how many jobs the request has, for the problem's detail
	 */
	void insert(List<Step> creates, Instant now, int jobCount) {
		if (creates.isEmpty()) {
			return;
		}
		List<JobEntity> rows = creates.stream().map(Step::row).toList();
		for (JobEntity row : rows) {
			row.setCreatedAt(now);
			row.setUpdatedAt(now);
		}
		try {
			this.writes.insertAll(rows);
		}
		catch (RuntimeException ex) {
			if (!isDuplicateKey(ex)) {
				throw ex;
			}
			throw takenMeanwhile(creates, jobCount);
		}
		for (Step step : creates) {
			JobEntity row = step.row();
			if (row.getId() == null) {
				throw new IllegalStateException("The database gave no id for new job '" + row.getName() + "'");
			}
			row.setSpec(CronyJson.toJson(step.definition().withIdAndVersion(row.getId(), 1)));
		}
		this.writes.writeSpecs(rows);
	}

	/**
	 * Optimistic updates ({@code @Version}), each at the version its row was read at; a
	 * row that moved on or is gone since is a conflict.
	 * @param now when the rows are updated
	 */
	void update(List<Step> updates, Instant now, int jobCount) {
		if (updates.isEmpty()) {
			return;
		}
		List<JobEntity> rows = updates.stream().map(Step::row).toList();
		rows.forEach((row) -> row.setUpdatedAt(now));
		// one count per row, in the order the rows were given
		List<Integer> counts = new ArrayList<>(rows.size());
		for (BatchResult result : this.writes.updateAll(rows)) {
			for (int count : result.getUpdateCounts()) {
				counts.add(count);
			}
		}
		if (counts.size() != rows.size()) {
			throw new IllegalStateException(
					"A batch of " + rows.size() + " job updates answered " + counts.size() + " update counts");
		}
		List<Step> movedOn = new ArrayList<>();
		for (int i = 0; i < rows.size(); i++) {
			if (counts.get(i) == 0) {
				movedOn.add(updates.get(i));
			}
		}
		if (!movedOn.isEmpty()) {
			throw changedMeanwhile(movedOn, jobCount);
		}
	}

	/** Each job as the API shows it, in the order of the steps. */
	List<BulkJobResponse.Item> read(List<Step> steps) {
		Instant now = Instant.now();
		Map<Long, JobView> views = new HashMap<>();
		for (List<Long> chunk : chunks(steps.stream().map((step) -> step.row().getId()).toList())) {
			this.jobs.findAll(chunk, now).forEach((view) -> views.put(view.id, view));
		}
		JobPlacements.Reader placed = this.placements.reader();
		Map<Long, JobDependencies.Named> named = this.dependencies.named(views.keySet());
		return steps.stream()
			.map((step) -> new BulkJobResponse.Item(step.outcome(),
					JobResponse.of(views.get(step.row().getId()), now, placed,
							named.getOrDefault(step.row().getId(), JobDependencies.Named.NONE))))
			.toList();
	}

	/**
	 * A name free when it was looked at was taken before the insert: the insert failed
	 * whole; the names taken, read as committed, say which jobs.
	 */
	private BulkRefusedException takenMeanwhile(List<Step> creates, int jobCount) {
		JobNames names = new JobNames();
		Set<CollationKey> taken = new HashSet<>();
		long department = creates.get(0).row().getDepartmentId();
		for (List<String> chunk : chunks(creates.stream().map((step) -> step.row().getName()).toList())) {
			this.jobs.takenNames(department, chunk).forEach((name) -> taken.add(names.key(name)));
		}
		BulkProblems problems = new BulkProblems(jobCount);
		for (Step step : creates) {
			if (taken.contains(names.key(step.row().getName()))) {
				problems.conflict(step.index(), DuplicateJobNameException.PROBLEM);
			}
		}
		if (problems.isEmpty()) {
			problems.conflict(FieldProblem.of("jobs", "a name was taken meanwhile; send the request again",
					FieldErrorCode.TAKEN_MEANWHILE));
		}
		return problems.refusal();
	}

	private BulkRefusedException changedMeanwhile(List<Step> movedOn, int jobCount) {
		Map<Long, Long> versions = new HashMap<>();
		for (List<Long> chunk : chunks(movedOn.stream().map((step) -> step.row().getId()).toList())) {
			this.jobs.committedVersions(chunk).forEach((row) -> versions.put(row.getId(), row.getVersion()));
		}
		BulkProblems problems = new BulkProblems(jobCount);
		for (Step step : movedOn) {
			Long version = versions.get(step.row().getId());
			problems.conflict(step.index(),
					(version != null) ? JobVersionConflictException.problem(version) : FieldProblem.of("name",
							"names a job deleted while this request ran", FieldErrorCode.DELETED_MEANWHILE));
		}
		return problems.refusal();
	}

	static boolean isDuplicateKey(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof DuplicateKeyException
					|| (cause instanceof SQLException sql && sql.getErrorCode() == ER_DUP_ENTRY)) {
				return true;
			}
		}
		return false;
	}

	static <T> List<List<T>> chunks(List<T> all) {
		List<List<T>> chunks = new ArrayList<>();
		for (int from = 0; from < all.size(); from += CHUNK) {
			chunks.add(all.subList(from, Math.min(all.size(), from + CHUNK)));
		}
		return chunks;
	}

}
