package io.crony.web.retention;

import java.time.Instant;

/**
 * What a purge would remove now, by each job's retention as it stands: a dry run, which
 * removes nothing. Rows that finish or age meanwhile make the real purge's figures
 * differ.
 *
 * @param at the instant the bounds were taken at
 * @param jobsExamined jobs whose rows were looked at
 * @param wouldRemoveByAge rows older than their job's days limit
 * @param wouldRemoveByCount rows beyond their job's max count, not already counted by age
 */
public record PurgePreview(Instant at, int jobsExamined, long wouldRemoveByAge, long wouldRemoveByCount) {

	public long wouldRemove() {
		return this.wouldRemoveByAge + this.wouldRemoveByCount;
	}

}
