package io.crony.web.job;

import java.time.Instant;

/** A job row with its latest execution, as the list and get queries read it. */
class JobView {

	Long id;

	String spec;

	Long version;

	String agentId;

	String createdBy;

	Instant createdAt;

	Instant updatedAt;

	Long lastId;

	String lastStatus;

	Instant lastScheduledAt;

	Instant lastFinishedAt;

	Integer retentionDays;

	Integer retentionMaxCount;

}
