package io.crony.web.retention;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

/**
 * How long a job's execution rows are kept: rows older than {@code days}, and rows beyond
 * the newest {@code maxCount}, may be purged. A null field has no limit of its own at
 * this level and takes the next level's ({@link #orElse}): the job's override, then (when
 * departments exist) its department's default, then the platform's.
 *
 * @param days rows are purged once their whole UTC day is more than this many days old (a
 * row goes with its day); null: inherit
 * @param maxCount only the newest this many finished rows are kept; null: inherit
 */
public record Retention(
		@Schema(description = "rows are purged once their whole UTC day is more than this many days old, 1 to 3650; "
				+ "null: the platform default") @JsonInclude(JsonInclude.Include.ALWAYS) @Min(1) @Max(RetentionLimits.MAX_DAYS) Integer days,
		@Schema(description = "only the newest this many finished rows are kept, 1 to 1000000; "
				+ "null: the platform default") @JsonInclude(JsonInclude.Include.ALWAYS) @Min(1) @Max(RetentionLimits.MAX_COUNT) Integer maxCount) {

	public static final Retention INHERIT = new Retention(null, null);

	/** Each field this level leaves open taken from {@code fallback}. */
	public Retention orElse(Retention fallback) {
		return new Retention((this.days != null) ? this.days : fallback.days(),
				(this.maxCount != null) ? this.maxCount : fallback.maxCount());
	}

}
