package io.crony.web.job;

import java.util.List;

import io.crony.common.reason.Reason;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * Whether a live agent holds the job, and why not when none does.
 *
 * @param status ASSIGNED, UNASSIGNED (enabled but no live agent holds it) or DISABLED
 * @param reason why an enabled job is unassigned, in English
 * ({@code no live agent matches dept=pay}); null otherwise
 * @param reasons the same as a code with its parameters, for a reader in another
 * language; empty when assigned or disabled
 */
record JobPlacement(Status status, @Schema(
		description = "why an enabled job holds no agent, e.g. 'no live agent matches dept=pay'; null otherwise") String reason,
		@Schema(description = "the reason as a code with its parameters (docs/api.md, \"Reasons\")") List<Reason> reasons) {

	static final JobPlacement ASSIGNED = new JobPlacement(Status.ASSIGNED, null, List.of());

	static final JobPlacement DISABLED = new JobPlacement(Status.DISABLED, null, List.of());

	static JobPlacement unassigned(Reason reason) {
		return new JobPlacement(Status.UNASSIGNED, reason.text(), List.of(reason));
	}

	enum Status {

		ASSIGNED, UNASSIGNED, DISABLED

	}

}
