package io.crony.web.job;

import java.time.Instant;

import io.crony.web.job.UpcomingResponse.BucketJobs;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** When the department's jobs fire: fires per bucket, the peaks, and a bucket's jobs. */
@RestController
@RequestMapping("/api/v1/jobs/upcoming")
@Tag(name = "Jobs", description = "job definitions")
class UpcomingController {

	private static final int MAX_PEAKS = 20;

	private static final int MAX_LIMIT = 1000;

	private final UpcomingService upcoming;

	UpcomingController(UpcomingService upcoming) {
		this.upcoming = upcoming;
	}

	@GetMapping
	@Operation(summary = "How many times the department's enabled jobs fire in each bucket of a range",
			description = "Counts fires in [from, to), both cut to the whole minute, in buckets of bucketMinutes. "
					+ "buckets lists only buckets with fires; peaks the busiest (most fires first) with up to 10 of "
					+ "the jobs behind each and their number. At most 7 days and 10,080 buckets, within 366 days of "
					+ "now: otherwise a 400 naming the parameter.")
	UpcomingResponse upcoming(
			@Parameter(description = "ISO-8601 instant; default now") @RequestParam(required = false) Instant from,
			@Parameter(description = "ISO-8601 instant; default from + 24 h") @RequestParam(
					required = false) Instant to,
			@Parameter(description = "1 to 1440, default 1") @RequestParam(required = false) Integer bucketMinutes,
			@Parameter(description = "how many peaks, 0 to 20, default 5") @RequestParam(
					required = false) @Min(0) @Max(MAX_PEAKS) Integer peaks) {
		int wanted = (peaks != null) ? peaks : 5;
		return this.upcoming.upcoming(UpcomingRange.of(from, to, bucketMinutes, Instant.now()), wanted);
	}

	@GetMapping("/jobs")
	@Operation(summary = "The department's enabled jobs firing in one bucket, with how many times each fires",
			description = "The bucket is [at, at + bucketMinutes), at cut to the whole minute: a bucket start "
					+ "from GET /jobs/upcoming. Most fires first, then by name; jobCount counts them all.")
	BucketJobs jobs(
			@Parameter(description = "ISO-8601 instant: the bucket's start",
					required = true) @RequestParam(required = false) Instant at,
			@Parameter(description = "1 to 1440, default 1") @RequestParam(required = false) Integer bucketMinutes,
			@Parameter(description = "at most this many jobs, 1 to 1000, default 100") @RequestParam(
					required = false) @Min(1) @Max(MAX_LIMIT) Integer limit) {
		int most = (limit != null) ? limit : 100;
		return this.upcoming.jobsIn(UpcomingRange.bucket(at, bucketMinutes, Instant.now()), most);
	}

}
