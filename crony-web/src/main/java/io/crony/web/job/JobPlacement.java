package io.crony.web.job;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Whether a live agent holds the job, and why not when none does.
 *
 * @param status ASSIGNED, UNASSIGNED (enabled but no live agent holds it) or DISABLED
 * @param reason why an enabled job is unassigned
 * ({@code no live agent matches dept=pay}); null otherwise
 */
record JobPlacement(Status status, @Schema(
		description = "why an enabled job holds no agent, e.g. 'no live agent matches dept=pay'; null otherwise") String reason) {

	static final JobPlacement ASSIGNED = new JobPlacement(Status.ASSIGNED, null);

	static final JobPlacement DISABLED = new JobPlacement(Status.DISABLED, null);

	enum Status {

		ASSIGNED, UNASSIGNED, DISABLED

	}

}
