package io.crony.web.job;

import java.util.List;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.crony.web.error.FieldErrorCode;
import io.crony.web.error.FieldProblem;
import io.crony.web.error.InvalidRequestException;

/**
 * The stretch of time an upcoming view counts fires in: whole minutes, cut into buckets
 * of whole minutes, at most 7 days and 10,080 buckets, within a year of now (the engine's
 * calendar ends in 2199 and nobody plans a year ahead by the minute).
 *
 * @param from first second counted, a whole minute
 * @param to first second not counted, a whole minute
 * @param bucketSeconds a bucket's length
 */
record UpcomingRange(Instant from, Instant to, long bucketSeconds) {

	static final Duration DEFAULT_LENGTH = Duration.ofHours(24);

	static final Duration MAX_LENGTH = Duration.ofDays(7);

	static final int MAX_BUCKETS = 10_080;

	static final int MAX_BUCKET_MINUTES = 1440;

	static final Duration REACH = Duration.ofDays(366);

	/**
	 * Reads a request's range, seconds cut off.
	 * @param from null for the current minute
	 * @param to null for 24 hours after {@code from}
	 * @param bucketMinutes null for 1
	 * @throws InvalidRequestException naming {@code from}, {@code to} or
	 * {@code bucketMinutes}
	 */
	static UpcomingRange of(Instant from, Instant to, Integer bucketMinutes, Instant now) {
		int minutes = checkBucketMinutes(bucketMinutes);
		Instant start = checkReach("from", (from != null) ? from : now, now).truncatedTo(ChronoUnit.MINUTES);
		Instant end = (to != null) ? checkReach("to", to, now).truncatedTo(ChronoUnit.MINUTES)
				: start.plus(DEFAULT_LENGTH);
		if (!end.isAfter(start)) {
			throw InvalidRequestException.of(FieldProblem.of("to",
					"must be at least a minute after from (" + start + ")", FieldErrorCode.RANGE_EMPTY, start));
		}
		if (Duration.between(start, end).compareTo(MAX_LENGTH) > 0) {
			throw InvalidRequestException.of(FieldProblem.of("to", "must be at most 7 days after from (" + start + ")",
					FieldErrorCode.RANGE_TOO_LONG, MAX_LENGTH.toDays()));
		}
		UpcomingRange range = new UpcomingRange(start, end, minutes * 60L);
		if (range.buckets() > MAX_BUCKETS) {
			throw InvalidRequestException.of(FieldProblem.of("bucketMinutes",
					"makes " + range.buckets() + " buckets; at most " + MAX_BUCKETS + " are counted at once",
					FieldErrorCode.TOO_MANY_BUCKETS, MAX_BUCKETS, range.buckets()));
		}
		return range;
	}

	/** One bucket starting at {@code at}, seconds cut off. */
	static UpcomingRange bucket(Instant at, Integer bucketMinutes, Instant now) {
		if (at == null) {
			throw new InvalidRequestException(List.of(FieldProblem.of("at", "is required", FieldErrorCode.REQUIRED)));
		}
		int minutes = checkBucketMinutes(bucketMinutes);
		Instant start = checkReach("at", at, now).truncatedTo(ChronoUnit.MINUTES);
		return new UpcomingRange(start, start.plusSeconds(minutes * 60L), minutes * 60L);
	}

	private static int checkBucketMinutes(Integer bucketMinutes) {
		int minutes = (bucketMinutes != null) ? bucketMinutes : 1;
		if (minutes < 1 || minutes > MAX_BUCKET_MINUTES) {
			throw new InvalidRequestException(
					List.of(FieldProblem.of("bucketMinutes", "must be between 1 and " + MAX_BUCKET_MINUTES,
							FieldErrorCode.OUT_OF_RANGE, 1, MAX_BUCKET_MINUTES)));
		}
		return minutes;
	}

	private static Instant checkReach(String field, Instant value, Instant now) {
		if (Duration.between(now, value).abs().compareTo(REACH) > 0) {
			throw InvalidRequestException.of(FieldProblem.of(field, "must be within 366 days of now",
					FieldErrorCode.TOO_FAR_FROM_NOW, REACH.toDays()));
		}
		return value;
	}

	/** How many buckets, the last one cut short at {@code to} when it does not fit. */
	long buckets() {
		long seconds = this.to.getEpochSecond() - this.from.getEpochSecond();
		return (seconds + this.bucketSeconds - 1) / this.bucketSeconds;
	}

	Instant bucketStart(int bucket) {
		return this.from.plusSeconds(bucket * this.bucketSeconds);
	}

}
