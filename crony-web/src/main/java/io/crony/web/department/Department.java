package io.crony.web.department;

import java.time.Instant;

/**
 * A department as the API shows it.
 *
 * @param retentionDays days its jobs' executions are kept when a job sets none; null: the
 * platform default
 * @param memberCount its members
 * @param jobCount its jobs
 */
record Department(long id, String name, String description, Integer retentionDays, long memberCount, long jobCount,
		String createdBy, Instant createdAt, Instant updatedAt) {
}
