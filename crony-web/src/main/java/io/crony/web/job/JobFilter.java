package io.crony.web.job;

import io.crony.common.execution.ExecutionStatus;
import io.swagger.v3.oas.annotations.Parameter;

/**
 * Filters of {@code GET /jobs}; absent ones do not filter.
 *
 * @param name part of the job name
 * @param enabled enabled or disabled jobs
 * @param agentId jobs the leader placed on this agent
 * @param status jobs whose latest execution has this status
 */
record JobFilter(@Parameter(description = "part of the job name") String name,
		@Parameter(description = "enabled or disabled jobs") Boolean enabled,
		@Parameter(description = "jobs placed on this agent") String agentId,
		@Parameter(description = "status of the job's latest execution") ExecutionStatus status) {

	/** The name as a LIKE pattern body, its wildcards escaped. */
	String nameLike() {
		if (this.name == null || this.name.isEmpty()) {
			return null;
		}
		return this.name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
	}

}
