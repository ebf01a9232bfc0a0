package io.crony.web.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Limits of the job API.
 *
 * @param bulkLimit most jobs one {@code POST /jobs/bulk} request may carry; a larger
 * request is refused (400) before any of it is read further. The whole request is one
 * transaction, so this also bounds how long it holds its locks.
 */
@ConfigurationProperties("crony.web.jobs")
record JobsProperties(@DefaultValue("1000") int bulkLimit) {

	JobsProperties {
		if (bulkLimit < 1) {
			throw new IllegalArgumentException("crony.web.jobs.bulk-limit must be at least 1, not " + bulkLimit);
		}
	}

}
