package io.crony.web.cluster.leader;

import io.crony.common.job.AssignmentSpec;
import io.crony.common.job.JobSpec;
import io.crony.common.json.CronyJson;

/**
 * A row of table {@code job} as the leader reads it. The spec JSON is parsed at most once
 * (100,000 rows make every extra parse count).
 */
final class JobRow {

	private final long id;

	private final long version;

	private final boolean enabled;

	private final String spec;

	private final String agentId;

	private JobSpec parsed;

	/**
	 * @param id job id
	 * @param version definition version
	 * @param enabled whether the job fires
	 * @param spec the whole definition as crony-common JSON
	 * @param agentId where the leader last mirrored the job (null when unassigned)
	 */
	JobRow(long id, long version, boolean enabled, String spec, String agentId) {
		this.id = id;
		this.version = version;
		this.enabled = enabled;
		this.spec = spec;
		this.agentId = agentId;
	}

	long id() {
		return this.id;
	}

	long version() {
		return this.version;
	}

	boolean enabled() {
		return this.enabled;
	}

	String agentId() {
		return this.agentId;
	}

	/**
	 * The definition with the row's id, version and enabled flag, which win over the
	 * JSON's.
	 */
	JobSpec jobSpec() {
		if (this.parsed == null) {
			JobSpec json = CronyJson.fromJson(this.spec, JobSpec.class);
			this.parsed = new JobSpec(this.id, json.name(), json.description(), json.schedule(), json.timeZone(),
					json.target(), json.timeoutSeconds(), json.retry(), json.misfirePolicy(), json.overlapPolicy(),
					json.assignment(), this.enabled, this.version, json.alerts(), json.enabledAt(), json.owner(),
					json.contact(), json.labels(), json.calendar(), json.dependsOn());
		}
		return this.parsed;
	}

	PlaceableJob state() {
		AssignmentSpec assignment = AssignmentSpec.DEFAULT;
		try {
			if (jobSpec().assignment() != null) {
				assignment = jobSpec().assignment();
			}
		}
		catch (RuntimeException ex) {
			// An unreadable spec is placed without preferences; writing its assignment
			// reports it.
		}
		return new PlaceableJob(this.id, this.version, this.enabled, assignment);
	}

	/**
	 * Drops the parsed spec once written, so a full reconcile does not keep 100,000 of
	 * them.
	 */
	void forget() {
		this.parsed = null;
	}

}
