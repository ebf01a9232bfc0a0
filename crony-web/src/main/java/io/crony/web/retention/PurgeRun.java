package io.crony.web.retention;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One purge the leader ran: when, how it ended and what it removed, by rule.
 *
 * @param id purge number
 * @param startedAt when it started
 * @param finishedAt when it ended; null while it runs
 * @param outcome REQUESTED (asked for by an admin, waiting for the leader; its
 * {@code startedAt} is when it was asked for), RUNNING, COMPLETED, FAILED (a database
 * error; the next purge goes on) or STOPPED (leadership lost or shut down part way)
 * @param jobsExamined jobs whose rows it looked at
 * @param removedByAge rows removed for being older than their job's days limit
 * @param removedByCount rows removed for being beyond their job's max count
 * @param error why it failed; null otherwise
 */
public record PurgeRun(long id, Instant startedAt, @JsonInclude(JsonInclude.Include.ALWAYS) Instant finishedAt,
		String outcome, int jobsExamined, long removedByAge, long removedByCount,
		@JsonInclude(JsonInclude.Include.ALWAYS) String error) {

	public long removed() {
		return this.removedByAge + this.removedByCount;
	}

}
