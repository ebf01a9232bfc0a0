package io.crony.web.cluster;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;

/**
 * A row of table {@code job} as the leader reads it.
 *
 * @param id job id
 * @param version definition version
 * @param enabled whether the job fires
 * @param spec the whole definition as crony-common JSON
 * @param agentId where the leader last mirrored the job (null when unassigned)
 */
record JobRow(long id, long version, boolean enabled, String spec, String agentId) {

	/**
	 * The definition with the row's id, version and enabled flag, which win over the
	 * JSON's.
	 */
	JobSpec jobSpec() {
		JobSpec parsed = CronyJson.fromJson(this.spec, JobSpec.class);
		return new JobSpec(this.id, parsed.name(), parsed.description(), parsed.schedule(), parsed.timeZone(),
				parsed.target(), parsed.timeoutSeconds(), parsed.retry(), parsed.misfirePolicy(),
				parsed.overlapPolicy(), parsed.assignment(), this.enabled, this.version);
	}

	JobState state() {
		AssignmentSpec assignment = AssignmentSpec.DEFAULT;
		try {
			JobSpec parsed = CronyJson.fromJson(this.spec, JobSpec.class);
			if (parsed.assignment() != null) {
				assignment = parsed.assignment();
			}
		}
		catch (RuntimeException ex) {
			// An unreadable spec is placed without preferences; the write of its
			// assignment reports it.
		}
		return new JobState(this.id, this.version, this.enabled, assignment);
	}

}
