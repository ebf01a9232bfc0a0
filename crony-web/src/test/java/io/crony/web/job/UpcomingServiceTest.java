package io.crony.web.job;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.crony.web.job.UpcomingResponse.Bucket;
import io.crony.web.job.UpcomingResponse.JobFires;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UpcomingServiceTest {

	private static final Instant FROM = Instant.parse("2026-11-26T00:00:00Z");

	private static final UpcomingRange DAY = UpcomingRange.of(FROM, null, 1, FROM);

	@Test
	void sumsJobsPerBucketAndNamesTheJobsBehindThePeaks() {
		List<JobEntity> jobs = List.of(job(1, "settle", "0 0 * * *"), job(2, "report", "0 0 * * *"),
				job(3, "archive", "@daily"), job(4, "sync", "*/15 * * * *"), job(5, "ping", "@every 1s"),
				job(6, "broken", "not a schedule"));

		UpcomingResponse day = UpcomingService.upcoming(UpcomingService.groups(jobs), DAY, 3);

		assertThat(day.jobs()).isEqualTo(5);
		assertThat(day.buckets()).hasSize(1440);
		assertThat(day.buckets().get(0)).isEqualTo(Bucket.of(FROM, 60 + 1 + 3));
		assertThat(day.buckets().get(15)).isEqualTo(Bucket.of(FROM.plusSeconds(15 * 60), 61));
		assertThat(day.buckets().get(1)).isEqualTo(Bucket.of(FROM.plusSeconds(60), 60));
		assertThat(day.fires()).isEqualTo(86_400 + 96 + 3);
		Bucket midnight = day.peaks().get(0);
		assertThat(midnight.start()).isEqualTo(FROM);
		assertThat(midnight.fires()).isEqualTo(64);
		assertThat(midnight.jobCount()).isEqualTo(5);
		assertThat(midnight.jobs()).extracting(JobFires::name, JobFires::fires)
			.containsExactly(org.assertj.core.groups.Tuple.tuple("ping", 60L),
					org.assertj.core.groups.Tuple.tuple("archive", 1L),
					org.assertj.core.groups.Tuple.tuple("report", 1L),
					org.assertj.core.groups.Tuple.tuple("settle", 1L), org.assertj.core.groups.Tuple.tuple("sync", 1L));
		// ties go to the earlier bucket
		assertThat(day.peaks()).extracting(Bucket::start)
			.containsExactly(FROM, FROM.plusSeconds(15 * 60), FROM.plusSeconds(30 * 60));
	}

	@Test
	void hourBucketsCountEveryFireInTheHour() {
		UpcomingRange hours = UpcomingRange.of(FROM, FROM.plusSeconds(6 * 3600), 60, FROM);
		UpcomingResponse day = UpcomingService.upcoming(
				UpcomingService.groups(List.of(job(1, "sync", "*/15 * * * *"), job(2, "ping", "@every 1s"))), hours, 1);
		assertThat(day.buckets()).hasSize(6).allMatch((bucket) -> bucket.fires() == 3600 + 4);
		List<JobFires> behind = UpcomingService.jobsIn(UpcomingService.groups(List.of(job(1, "sync", "*/15 * * * *"))),
				UpcomingRange.bucket(FROM.plusSeconds(3600 + 59), 60, FROM));
		assertThat(behind).extracting(JobFires::fires).containsExactly(4L);
	}

	/**
	 * Not an assertion on time (performance is measured, not asserted): prints how long
	 * 10,000 jobs take over 24 hours in minute buckets, 1,000 of them firing every
	 * second, with (nearly) no two schedules alike so (nearly) nothing is shared; and the
	 * same over 7 days, the longest range.
	 */
	@Test
	void countsTenThousandDistinctJobsOverADay() {
		String[] zones = { "UTC", "Europe/Berlin", "Asia/Shanghai", "America/New_York", "Asia/Tokyo",
				"Australia/Sydney" };
		List<JobEntity> jobs = new ArrayList<>();
		for (int i = 0; i < 10_000; i++) {
			// the year field and the zone make alike schedules different ones
			String years = " 2026-" + (2027 + i % 173);
			String schedule;
			if (i < 1000) {
				schedule = "* * * * * ?" + years;
			}
			else if (i < 4000) {
				schedule = (i % 60) + " " + ((i / 60) % 60) + " " + (i % 24) + " * * ?";
			}
			else if (i < 7000) {
				schedule = (i % 60) + " " + (i % 15) + "/15 * * * ?" + years;
			}
			else {
				schedule = "@every " + (30 + i) + "s";
			}
			JobEntity job = job(i, "job-" + i, schedule);
			job.setTimeZone(zones[(i / 173) % zones.length]);
			jobs.add(job);
		}
		long started = System.nanoTime();
		List<UpcomingService.Group> groups = UpcomingService.groups(jobs);
		UpcomingResponse day = UpcomingService.upcoming(groups, DAY, 5);
		long millis = (System.nanoTime() - started) / 1_000_000;
		System.out.printf("upcoming: %d jobs (%d schedules, 1,000 every second), 24 h in 1-minute buckets,"
				+ " %d fires, 5 peaks: %d ms%n", jobs.size(), groups.size(), day.fires(), millis);
		started = System.nanoTime();
		UpcomingResponse week = UpcomingService.upcoming(groups,
				UpcomingRange.of(FROM, FROM.plusSeconds(7 * 86_400), 60, FROM), 5);
		System.out.printf("upcoming: the same jobs over 7 days in 1-hour buckets, %d fires, 5 peaks: %d ms%n",
				week.fires(), (System.nanoTime() - started) / 1_000_000);
		assertThat(groups).hasSizeGreaterThan(9_900);
		assertThat(day.buckets()).hasSize(1440);
		assertThat(day.peaks()).hasSize(5);
	}

	private static JobEntity job(long id, String name, String schedule) {
		JobEntity job = new JobEntity();
		job.setId(id);
		job.setName(name);
		job.setSchedule(schedule);
		job.setTimeZone("UTC");
		return job;
	}

}
