package io.crony.web.audit;

import java.time.Instant;

import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Size;

/**
 * Filters of {@code GET /audit}; absent ones do not filter.
 *
 * @param actor changes by this user name (for a failed sign-in: the name tried)
 * @param action changes of this kind
 * @param objectType changes to this kind of object
 * @param objectId changes to the object with this id
 * @param from at or after this instant (ISO-8601)
 * @param to before this instant (ISO-8601)
 */
record AuditFilter(@Parameter(description = "by this user name") @Size(max = 255) String actor,
		@Parameter(description = "changes of this kind") AuditAction action,
		@Parameter(description = "changes to this kind of object") AuditObjectType objectType,
		@Parameter(description = "changes to the object with this id") @Size(max = 64) String objectId,
		@Parameter(description = "at or after (ISO-8601 instant)") Instant from,
		@Parameter(description = "before (ISO-8601 instant)") Instant to) {

	static AuditFilter ofJob(long jobId) {
		return new AuditFilter(null, null, AuditObjectType.JOB, String.valueOf(jobId), null, null);
	}

}
