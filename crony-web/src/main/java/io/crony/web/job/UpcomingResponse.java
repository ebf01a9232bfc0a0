package io.crony.web.job;

import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * How many times the department's enabled jobs fire in each bucket of a range, and the
 * busiest buckets with the jobs behind them.
 */
record UpcomingResponse(Instant from, Instant to, int bucketMinutes, long fires, int jobs,
		@Schema(description = "only buckets with fires, by start; a bucket not listed has none") List<Bucket> buckets,
		@Schema(description = "the busiest buckets, most fires first, earlier first on a tie") List<Bucket> peaks) {

	/**
	 * A bucket: its start, fires, and (for peaks) how many jobs fire in it and the ones
	 * firing most.
	 */
	record Bucket(Instant start, long fires, @Schema(description = "peaks only") Integer jobCount,
			@Schema(description = "peaks only: at most 10, most fires first") List<JobFires> jobs) {

		static Bucket of(Instant start, long fires) {
			return new Bucket(start, fires, null, null);
		}

	}

	/** A job and how many times it fires in a bucket. */
	record JobFires(long id, String name, String schedule, String timeZone, long fires) {
	}

	/** The jobs firing in one bucket, most fires first, then by name. */
	record BucketJobs(Instant start, Instant end, long fires, int jobCount, List<JobFires> jobs) {
	}

}
