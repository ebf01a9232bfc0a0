package io.crony.web.job;

import java.util.Map;
import java.util.function.UnaryOperator;

import org.springframework.stereotype.Service;

/**
 * One job's enable, disable, delete and label changes for other features (actions on many
 * jobs), through the same {@link JobService} writes, checks and audit rows as the
 * single-job routes; each call is a transaction of its own, and a job of another
 * department answers as one that does not exist.
 */
@Service
public class JobActions {

	private final JobService jobs;

	private final JobsProperties properties;

	JobActions(JobService jobs, JobsProperties properties) {
		this.jobs = jobs;
		this.properties = properties;
	}

	/** Most jobs one request may name ({@code crony.web.jobs.bulk-limit}). */
	public int limit() {
		return this.properties.bulkLimit();
	}

	/**
	 * @throws JobNotFoundException when the department has no such job
	 */
	public Job find(long id) {
		JobResponse job = this.jobs.get(id);
		return new Job(job.id(), job.name(), job.enabled(), job.labels());
	}

	/**
	 * @return whether the job changed (false: it was in that state already)
	 */
	public boolean setEnabled(long id, boolean enabled, String by) {
		if (find(id).enabled() == enabled) {
			return false;
		}
		this.jobs.setEnabled(id, enabled, by);
		return true;
	}

	public void delete(long id, String by) {
		// a job others wait for is refused here: cutting edges is asked for one job at a
		// time
		this.jobs.delete(id, false, by);
	}

	/**
	 * @param change the labels the job gets, given those it has
	 * @return whether the labels changed
	 */
	public boolean relabel(long id, UnaryOperator<Map<String, String>> change, String by) {
		return this.jobs.relabel(id, change, by);
	}

	/** What an action needs to know of a job before acting on it. */
	public record Job(long id, String name, boolean enabled, Map<String, String> labels) {
	}

}
